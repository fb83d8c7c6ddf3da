import { collaborationQuerySchema } from '@kite/shared/contracts';
import { AppError } from '@kite/shared/errors';
import type { RawData } from 'ws';
import { originAllowed } from '../../platform/http/csrf.ts';
import { userOf } from '../../platform/http/hooks.ts';
import type { App } from '../../platform/http/types.ts';
import type { Services } from '../../services.ts';
import { SESSION_COOKIE } from '../auth/session.service.ts';

/** Close codes a collaboration socket ends with before the Yjs protocol starts. */
const CLOSE = { badRequest: 4400, forbiddenOrigin: 4403, notFound: 4404 } as const;

/**
 * `/live/collaboration` (api.md §16.2) on the app's own port (WebSockets are registered by the app): the session cookie authenticates the
 * upgrade (401 before it otherwise), a foreign Origin is refused, and the query names the project,
 * whose membership is resolved here; Hocuspocus then checks the page itself per document.
 */
export async function connectPageCollaboration(app: App, services: Services): Promise<void> {
  const { pageCollaboration: collaboration, sessions, config, liveHub } = services;
  await collaboration.start(liveHub);
  // Before the websocket plugin closes the sockets: what is waiting is stored first.
  app.addHook('preClose', () => collaboration.flush());
  app.addHook('onClose', () => collaboration.close());

  app.route({
    method: 'GET',
    url: '/live/collaboration',
    config: { auth: 'required' },
    schema: { hide: true },
    // A plain HTTP request (no upgrade) is told what this is.
    handler: async () => {
      throw new AppError('bad_request', 'This endpoint takes WebSocket connections only', 'BAD_REQUEST');
    },
    wsHandler: (socket, request) => {
      // The client speaks first (its token and sync step 1) while the checks below await the
      // database: hold what it says and hand it to Hocuspocus after, or it would be lost.
      const early: [RawData, boolean][] = [];
      const hold = (data: RawData, isBinary: boolean) => early.push([data, isBinary]);
      socket.on('message', hold);
      const open = async () => {
        if (!originAllowed(request, config.appBaseUrl))
          return socket.close(CLOSE.forbiddenOrigin, 'Origin not allowed');
        const query = collaborationQuerySchema.safeParse(request.query);
        if (!query.success) return socket.close(CLOSE.badRequest, 'Invalid request');
        const token = request.cookies[SESSION_COOKIE];
        const scope = { slug: query.data.workspaceSlug, projectId: query.data.projectId };
        // Read again for every document and every re-check: membership may end while the socket is open.
        const projectAccess = async (options?: { fresh?: boolean }) => {
          const project = (await sessions.resolve(token, scope, options))?.project;
          return project?.membership ? project : null;
        };
        const project = await projectAccess();
        if (!project) return socket.close(CLOSE.notFound, 'Not found');
        await collaboration.handle(socket, request.raw, {
          user: userOf(request),
          workspaceId: project.project.workspace_id,
          projectId: project.project.id,
          projectAccess,
        });
        socket.off('message', hold);
        for (const [data, isBinary] of early) socket.emit('message', data, isBinary);
      };
      open().catch((error) => {
        request.log.error({ err: error }, 'collaboration: opening a socket failed');
        socket.close(1011, 'Internal error');
      });
    },
  });
}
