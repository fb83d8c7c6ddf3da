import type { OutboxHandler } from '../../platform/jobs/outbox-worker.ts';
import { queueStatePushes } from './github-sync.repo.ts';

/**
 * Outbox handler: a synced work item whose state changed gets a state push queued (in the outbox
 * worker's transaction; the sync worker calls GitHub later). Events without a field list (the
 * automations' auto-close) may have changed the state too.
 */
export const queueGithubStatePushes: OutboxHandler = async (tx, events) => {
  const items: { workspaceId: string; issueId: string }[] = [];
  for (const event of events) {
    if (event.topic !== 'issue.updated') continue;
    const payload = event.payload as { issue_id?: string; changes?: Record<string, unknown> };
    if (!payload.issue_id) continue;
    if (payload.changes && !('state' in payload.changes)) continue;
    items.push({ workspaceId: event.workspace_id, issueId: payload.issue_id });
  }
  await queueStatePushes(tx, items);
};
