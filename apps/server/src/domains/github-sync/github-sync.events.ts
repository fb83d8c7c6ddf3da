import type { Tx } from '../../platform/db/database.ts';
import type { OutboxEventRow } from '../../platform/jobs/outbox-worker.ts';
import { queueStatePush } from './github-sync.repo.ts';

/**
 * Outbox handler: a synced work item whose state changed gets a state push queued (in the outbox
 * worker's transaction; the sync worker calls GitHub later). Events without a field list (the
 * automations' auto-close) may have changed the state too.
 */
export async function queueGithubStatePushes(tx: Tx, event: OutboxEventRow): Promise<void> {
  if (event.topic !== 'issue.updated') return;
  const payload = event.payload as { issue_id?: string; changes?: Record<string, unknown> };
  if (!payload.issue_id) return;
  if (payload.changes && !('state' in payload.changes)) return;
  await queueStatePush(tx, event.workspace_id, payload.issue_id);
}
