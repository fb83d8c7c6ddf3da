import type { WebSocket } from 'ws';
import { z } from 'zod';
import { originAllowed } from '../../platform/http/csrf.ts';
import { userOf } from '../../platform/http/hooks.ts';
import type { App } from '../../platform/http/types.ts';
import type { Services } from '../../services.ts';
import { SESSION_COOKIE } from '../auth/session.service.ts';
import { parseWireEventId } from './live-events.policy.ts';
import type { Subscription } from './live-hub.ts';

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** api.md §16.1: a ping every 30 s; a socket silent for 90 s is closed. */
const PING_MS = 30_000;
const IDLE_MS = 90_000;

/** The hub hands every subscriber the same message object: its JSON is built once. */
const encoded = new WeakMap<object, string>();
function encode(message: object): string {
  let text = encoded.get(message);
  if (text === undefined) {
    text = JSON.stringify(message);
    encoded.set(message, text);
  }
  return text;
}

const clientMessage = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('subscribe'),
    workspace_slug: z.string().min(1).max(48),
    last_event_id: z.string().max(20).optional(),
  }),
  z.object({ type: z.literal('unsubscribe'), workspace_slug: z.string().min(1).max(48) }),
  z.object({ type: z.literal('ping') }),
]);

/**
 * `/live/events` (api.md §16.1): the session cookie authenticates the upgrade (401 before it
 * otherwise), a foreign Origin is refused; the client subscribes per workspace and hears every
 * committed change it may read. Every write through the API pokes the hub after it is answered.
 */
export async function connectLiveEvents(app: App, services: Services): Promise<void> {
  const { liveHub: hub, sessions, config } = services;
  await hub.start();
  app.addHook('onClose', () => hub.close());
  app.addHook('onResponse', async (request) => {
    if (!READS.has(request.method) && request.url.startsWith('/api/')) hub.poke();
  });

  app.route({
    method: 'GET',
    url: '/live/events',
    config: { auth: 'required' },
    schema: { hide: true },
    handler: async (_request, reply) =>
      reply
        .code(400)
        .send({ error: 'This endpoint takes WebSocket connections only', error_code: 'BAD_REQUEST' }),
    wsHandler: (socket: WebSocket, request) => {
      if (!originAllowed(request, config.appBaseUrl)) return socket.close(4403, 'Origin not allowed');
      const user = userOf(request);
      const token = request.cookies[SESSION_COOKIE];
      /** By workspace slug, as the client names them. */
      const subscriptions = new Map<string, Subscription>();
      const send = (message: object) => {
        if (socket.readyState === socket.OPEN) socket.send(encode(message));
      };
      let heard = Date.now();
      const pinger = setInterval(() => {
        if (Date.now() - heard > IDLE_MS) return socket.close(4408, 'Idle');
        send({ type: 'ping' });
      }, PING_MS);

      async function subscribe(slug: string, lastEventId: string | undefined) {
        const access = await sessions.resolve(token, { slug, projectId: null });
        const workspace = access?.workspace;
        if (!access || access.user.id !== user.id) return socket.close(4401, 'Session ended');
        if (!workspace) return send({ type: 'error', error: 'Workspace not found', error_code: 'NOT_FOUND' });
        if (subscriptions.has(slug)) return;
        const subscription: Subscription = {
          workspaceId: workspace.workspace.id,
          visibility: await hub.visibilityOf(workspace, user),
          send,
          async refresh() {
            const now = await sessions.resolve(token, { slug, projectId: null }, { fresh: true });
            if (!now || now.user.id !== user.id) return socket.close(4401, 'Session ended');
            // Removed from the workspace: the socket closes (the client does not reconnect).
            if (!now.workspace) return socket.close(4403, 'Access revoked');
            subscription.visibility = await hub.visibilityOf(now.workspace, user);
          },
        };
        subscriptions.set(slug, subscription);
        send({ type: 'subscribed', workspace_id: workspace.workspace.id, workspace_slug: slug });
        await hub.subscribe(
          subscription,
          lastEventId === undefined ? undefined : (parseWireEventId(lastEventId) ?? -1),
        );
      }

      socket.on('message', (raw) => {
        heard = Date.now();
        let parsed: z.infer<typeof clientMessage>;
        try {
          parsed = clientMessage.parse(JSON.parse(String(raw)));
        } catch {
          return send({ type: 'error', error: 'Invalid message', error_code: 'BAD_REQUEST' });
        }
        if (parsed.type === 'ping') return send({ type: 'pong' });
        if (parsed.type === 'subscribe') {
          subscribe(parsed.workspace_slug, parsed.last_event_id).catch((error) => {
            request.log.error({ err: error }, 'live events: subscribing failed');
            send({ type: 'error', error: 'Internal server error', error_code: 'INTERNAL_ERROR' });
          });
          return;
        }
        const subscription = subscriptions.get(parsed.workspace_slug);
        if (subscription) {
          hub.remove(subscription);
          subscriptions.delete(parsed.workspace_slug);
        }
      });
      socket.on('pong', () => {
        heard = Date.now();
      });
      socket.on('close', () => {
        clearInterval(pinger);
        for (const subscription of subscriptions.values()) hub.remove(subscription);
        subscriptions.clear();
      });
    },
  });
}
