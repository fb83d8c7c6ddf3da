import type { App } from '../../platform/http/types.ts';
import type { Services } from '../../services.ts';
import { ACCESS_CHANGES_CHANNEL } from './access-cache.ts';

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);
/**
 * Routes whose writes touch work items and what hangs off them, never sessions, users,
 * workspaces, projects or memberships: they leave this process's access cache as it is (the
 * database's triggers would still tell it if they did). Every other write forgets it.
 */
const ITEM_ROUTES = /\/(issues|work-items|comments|cycles|modules|pages|views|intake-issues|inbox-issues)\//;

/**
 * Keeps the session access cache true: other processes' changes (and this one's) come as NOTIFY
 * from the triggers on commit; this process's own writes that may change access clear it before
 * they are answered, so the next request — the writer's or a just-removed member's — reads anew.
 */
export async function connectAccessCache(app: App, services: Services): Promise<void> {
  const { accessCache: cache } = services;
  const feed = await services.database.listen(ACCESS_CHANGES_CHANNEL, {
    onChange: () => cache.clear(),
    onStatus: (up) => cache.setAvailable(up),
  });
  app.addHook('onClose', () => feed.close());
  app.addHook('onSend', async (request, _reply, payload) => {
    if (!READS.has(request.method) && !ITEM_ROUTES.test(request.routeOptions.url ?? '/')) cache.clear();
    return payload;
  });
}
