import type { App } from '../../platform/http/types.ts';
import type { Services } from '../../services.ts';
import { ALL_PROJECTS, PROJECT_CHANGES_CHANNEL } from './list-cache.ts';

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Keeps the list cache true: it hears every committed change through the database's change feed,
 * and this process's own writes invalidate before they are answered, so the writer's next read
 * (which may come before the notification) sees them. A write on another node reaches this one's
 * cache with the notification, within milliseconds.
 */
export async function connectIssueListCache(app: App, services: Services): Promise<void> {
  const cache = services.issueListCache;
  const feed = await services.database.listen(PROJECT_CHANGES_CHANNEL, {
    onChange: (projectId) => cache.invalidate(projectId),
    onStatus: (up) => cache.setAvailable(up),
  });
  app.addHook('onClose', () => feed.close());
  app.addHook('onSend', async (request, _reply, payload) => {
    if (!READS.has(request.method)) {
      const params = request.params as { project_id?: string } | undefined;
      cache.invalidate(params?.project_id ?? ALL_PROJECTS);
    }
    return payload;
  });
}
