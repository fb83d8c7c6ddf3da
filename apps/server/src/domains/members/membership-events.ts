import type { Executor } from '../../platform/db/database.ts';
import { enqueue } from '../../platform/jobs/outbox.ts';

/**
 * A `workspace_member.*` or `project_member.*` event in the caller's transaction: open live-event
 * sockets of the user re-check what they may see (a removed member's is closed) on every node.
 */
export async function recordMembershipEvent(
  tx: Executor,
  kind: 'workspace_member' | 'project_member',
  verb: 'created' | 'updated' | 'deleted',
  target: { workspaceId: string; projectId?: string; userId: string; role?: number },
  actorId: string | null,
): Promise<void> {
  await enqueue(tx, [
    {
      workspace_id: target.workspaceId,
      topic: `${kind}.${verb}`,
      payload: {
        user_id: target.userId,
        ...(target.projectId ? { project_id: target.projectId } : {}),
        ...(target.role !== undefined ? { role: target.role } : {}),
        actor_id: actorId,
      },
    },
  ]);
}
