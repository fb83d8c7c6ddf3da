import websocket from '@fastify/websocket';
import type { App } from './types.ts';

/** The largest WebSocket message any live endpoint takes (a page document, api.md §16.2). */
const MAX_MESSAGE_BYTES = 10 * 1024 * 1024;

/**
 * WebSocket routes on the app's own port. An upgrade that a hook refuses (401, 404…) is answered
 * on a socket the HTTP server no longer tracks: without closing it here, every refused handshake
 * would keep its file descriptor open (and `close()` would wait for it for ever).
 */
export async function registerWebSockets(app: App): Promise<void> {
  await app.register(websocket, { options: { maxPayload: MAX_MESSAGE_BYTES } });
  app.addHook('onResponse', async (request, reply) => {
    if (request.headers.upgrade?.toLowerCase() === 'websocket' && reply.statusCode !== 101) {
      request.raw.socket.destroySoon();
    }
  });
}
