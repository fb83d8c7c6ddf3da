import type { IssueRow, UpdateIssueBody } from '@kite/shared/contracts';
import type { Db, Executor } from '../../platform/db/database.ts';
import type { IssueRowDb, UserRow } from '../../platform/db/schema.ts';
import { type WriteTx, withTransaction } from '../../platform/db/transaction.ts';
import type { ProjectAccess } from '../../platform/http/types.ts';
import { recordIssueChanges } from './issue-activity.ts';
import { archivedReadOnly, assertPickable, groupsOf, subscriptionScope } from './issue-rules.ts';
import { deleteIssueRecorded, type IssuesDeps, type IssueWrites } from './issue-writes.ts';
import { presentIssueRow } from './issues.presenter.ts';
import { detachFromPlanning, lockIssue, reassignEstimatePoints, updateIssueRow } from './issues.repo.ts';
import { subscribe } from './subscriptions.repo.ts';

export type IssueBulkService = ReturnType<typeof createIssueBulkService>;

/**
 * Writes of many work items at once, all or nothing: bulk edits, cycle and module membership,
 * Gantt drags, bulk deletes, and what other domains' deletions do to items. Each takes the
 * caller's write (`outer`) when it is part of a larger one (a cycle transfer). The routes announce
 * the project's lists after these (not `listChangesTold`).
 */
export function createIssueBulkService(db: Db, deps: Pick<IssuesDeps, 'states'> & { writes: IssueWrites }) {
  /** Each work item gets the change `bodyOf` makes of it, in one transaction, recorded per item. */
  async function updateEach(
    project: ProjectAccess,
    user: UserRow,
    issueIds: string[],
    bodyOf: (current: IssueRowDb) => UpdateIssueBody,
    outer?: WriteTx,
  ): Promise<IssueRow[]> {
    const p = project.project;
    const result = await withTransaction(db, outer, async ({ tx }) => {
      const states = await deps.states.rowsOf(tx, p.id);
      const rows: IssueRowDb[] = [];
      for (const issueId of new Set(issueIds)) {
        const current = await lockIssue(tx, p.id, issueId);
        assertPickable(current, project, user);
        if (current.archived_at) throw archivedReadOnly();
        const values = await deps.writes.resolve(tx, project, bodyOf(current), current, states);
        const row = await updateIssueRow(tx, p.id, issueId, { ...values, updated_by: user.id });
        await recordIssueChanges(tx, user.id, current, row);
        await subscribe(
          tx,
          subscriptionScope(row),
          row.assignee_ids.filter((id) => !current.assignee_ids.includes(id)),
        );
        rows.push(row);
      }
      return { rows, states };
    });
    return result.rows.map((row) => presentIssueRow(row, groupsOf(result.states)));
  }

  return {
    updateEach,

    /** One transaction for many work items: any missing or invisible id fails it with 'Issue not found'. */
    updateMany: (
      project: ProjectAccess,
      user: UserRow,
      issueIds: string[],
      body: UpdateIssueBody,
      outer?: WriteTx,
    ) => updateEach(project, user, issueIds, () => body, outer),

    /** Puts work items into a cycle (or out of any, `null`), recorded per item; all or nothing. */
    setCycle: (
      project: ProjectAccess,
      user: UserRow,
      issueIds: string[],
      cycleId: string | null,
      outer?: WriteTx,
    ) => updateEach(project, user, issueIds, () => ({ cycle_id: cycleId }), outer),

    /** Adds and removes modules on work items, recorded per item; all or nothing. */
    changeModules: (
      project: ProjectAccess,
      user: UserRow,
      issueIds: string[],
      change: { add?: string[]; remove?: string[] },
      outer?: WriteTx,
    ) =>
      updateEach(
        project,
        user,
        issueIds,
        (current) => ({
          module_ids: [...new Set([...current.module_ids, ...(change.add ?? [])])].filter(
            (id) => !change.remove?.includes(id),
          ),
        }),
        outer,
      ),

    /** Gantt drags: each item's own dates, all or nothing. */
    async updateDates(
      project: ProjectAccess,
      user: UserRow,
      updates: { id: string; start_date?: string | null; target_date?: string | null }[],
      outer?: WriteTx,
    ): Promise<IssueRow[]> {
      const p = project.project;
      const result = await withTransaction(db, outer, async ({ tx }) => {
        const states = await deps.states.rowsOf(tx, p.id);
        const rows: IssueRowDb[] = [];
        for (const { id, ...dates } of updates) {
          const current = await lockIssue(tx, p.id, id);
          assertPickable(current, project, user);
          const values = await deps.writes.resolve(tx, project, dates, current, states);
          const row = await updateIssueRow(tx, p.id, id, { ...values, updated_by: user.id });
          await recordIssueChanges(tx, user.id, current, row);
          rows.push(row);
        }
        return { rows, states };
      });
      return result.rows.map((row) => presentIssueRow(row, groupsOf(result.states)));
    },

    async removeMany(
      project: ProjectAccess,
      user: UserRow,
      issueIds: string[],
      outer?: WriteTx,
    ): Promise<void> {
      await withTransaction(db, outer, async ({ tx }) => {
        for (const issueId of new Set(issueIds)) {
          const current = await lockIssue(tx, project.project.id, issueId);
          assertPickable(current, project, user);
          await deleteIssueRecorded(tx, user.id, current);
        }
      });
    },

    /** A deleted cycle or module leaves its work items, in the caller's transaction. */
    detachCycle: (tx: Executor, projectId: string, cycleId: string) =>
      detachFromPlanning(tx, projectId, { cycleId }),
    detachModule: (tx: Executor, projectId: string, moduleId: string) =>
      detachFromPlanning(tx, projectId, { moduleId }),

    /** Deleted estimate points hand their items to another point (or none), in the caller's transaction. */
    reassignEstimatePoints: (
      tx: Executor,
      projectId: string,
      fromPointIds: string[],
      toPointId: string | null,
    ) => reassignEstimatePoints(tx, projectId, fromPointIds, toPointId),
  };
}
