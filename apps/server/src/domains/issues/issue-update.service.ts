import type { IssueDetail, UpdateIssueBody } from '@kite/shared/contracts';
import { issueRights } from '@kite/shared/domain';
import type { Db, Executor } from '../../platform/db/database.ts';
import type { IssueRowDb, UserRow } from '../../platform/db/schema.ts';
import { type WriteTx, withTransaction } from '../../platform/db/transaction.ts';
import type { ProjectAccess } from '../../platform/http/types.ts';
import { fieldChanges, recordIssueChanges, updatedPayload } from './issue-activity.ts';
import {
  assertWritable,
  groupsOf,
  issueNotFound,
  isVisible,
  notPermitted,
  sortOrderAfter,
  subscriptionScope,
  waitingInIntake,
} from './issue-rules.ts';
import { deleteIssueRecorded, type IssuesDeps, type IssueWrites } from './issue-writes.ts';
import { presentIssueDetail } from './issues.presenter.ts';
import {
  adjustSubIssueCount,
  findIssueVersioned,
  lockIssue,
  maxSortOrderInState,
  updateIssueAtVersion,
  updateIssueRow,
} from './issues.repo.ts';
import { tellItemChange } from './list-cache-feed.ts';
import { subscribe } from './subscriptions.repo.ts';

export type IssueUpdateService = ReturnType<typeof createIssueUpdateService>;

/** One work item's edits (state and priority moves, fields, parent, assignees) and its deletion. */
export function createIssueUpdateService(
  db: Db,
  deps: Pick<IssuesDeps, 'states' | 'listChanges'> & { writes: IssueWrites },
) {
  return {
    /**
     * An edit of one work item. `outer`: the caller's write to join (then every read and write runs
     * in it); the lists hear of the change once that commits.
     */
    async update(
      project: ProjectAccess,
      user: UserRow,
      issueId: string,
      body: UpdateIssueBody,
      draft = false,
      outer?: WriteTx,
    ): Promise<IssueDetail> {
      const p = project.project;
      const ex: Executor = outer?.tx ?? db;
      // Read together before writing, not one by one inside a transaction: a read committed
      // transaction would see the same. (Not beside it: the embedded database runs one statement
      // at a time and the transaction would wait on them.)
      const [states, seen] = await Promise.all([
        deps.states.rowsOf(ex, p.id),
        findIssueVersioned(ex, p.id, issueId, user.id),
      ]);
      // Most edits (state, priority, name, description, dates, labels, order) are one statement
      // against the version read: the update, its activity rows and its event. A parent change
      // (sub-issue counts), new assignees (subscriptions), external ids (a uniqueness check) and a
      // row changed meanwhile take the locked transaction below.
      const simple =
        body.parent_id === undefined &&
        body.assignee_ids === undefined &&
        body.external_id === undefined &&
        body.external_source === undefined;
      if (simple && seen) {
        assertWritable(seen.issue, project, user, draft);
        const values = await deps.writes.resolve(ex, project, body, seen.issue, states);
        const changes = fieldChanges(seen.issue, { ...seen.issue, ...values });
        const row = await updateIssueAtVersion(
          ex,
          seen.issue,
          seen.version,
          { ...values, updated_by: user.id },
          { actorId: user.id, changes, payload: updatedPayload(seen.issue, user.id, changes) },
        );
        if (row) {
          const tell = () => tellItemChange(deps.listChanges, p.id, seen.issue, row);
          if (outer) outer.afterCommit(tell);
          else tell();
          return presentIssueDetail(row, groupsOf(states), { isSubscribed: seen.subscribed });
        }
      }
      const result = await withTransaction(db, outer, async ({ tx, afterCommit }) => {
        const current = await lockIssue(tx, p.id, issueId);
        assertWritable(current, project, user, draft);
        const values = await deps.writes.resolve(tx, project, body, current, states);
        await deps.writes.assertExternalIdFree(
          tx,
          p.id,
          { external_source: current.external_source, ...values },
          current.id,
        );
        const row = await updateIssueRow(tx, p.id, issueId, { ...values, updated_by: user.id });
        if (current.parent_id !== row.parent_id) {
          if (current.parent_id) await adjustSubIssueCount(tx, current.parent_id, -1);
          if (row.parent_id) await adjustSubIssueCount(tx, row.parent_id, 1);
        }
        await recordIssueChanges(tx, user.id, current, row);
        const newAssignees = row.assignee_ids.filter((id) => !current.assignee_ids.includes(id));
        await subscribe(tx, subscriptionScope(row), newAssignees);
        afterCommit(() => tellItemChange(deps.listChanges, p.id, current, row));
        return { row, subscribed: !!seen?.subscribed || newAssignees.includes(user.id) };
      });
      return presentIssueDetail(result.row, groupsOf(states), { isSubscribed: result.subscribed });
    },

    /**
     * The intake's changes to its work item, in its transaction: the item's own fields, and on
     * `accept` its move out of triage into `accept.stateId` (the project's default state), which
     * brings it into the lists. Who may change what is the intake's rule, checked before.
     */
    async updateInTriage(
      tx: Executor,
      project: ProjectAccess,
      user: UserRow,
      issueId: string,
      body: UpdateIssueBody,
      accept?: { stateId: string },
    ): Promise<IssueRowDb> {
      const p = project.project;
      const states = await deps.states.rowsOf(tx, p.id);
      const current = await lockIssue(tx, p.id, issueId);
      assertWritable(current, project, user, false, true);
      const values = await deps.writes.resolve(
        tx,
        project,
        accept ? { ...body, state_id: accept.stateId } : body,
        current,
        states,
      );
      if (accept) {
        values.is_intake = false;
        // It joins its state's column at the end, as a new item would.
        values.sort_order = sortOrderAfter(await maxSortOrderInState(tx, p.id, accept.stateId));
      }
      const row = await updateIssueRow(tx, p.id, issueId, { ...values, updated_by: user.id });
      await recordIssueChanges(tx, user.id, current, row);
      await subscribe(
        tx,
        subscriptionScope(row),
        row.assignee_ids.filter((id) => !current.assignee_ids.includes(id)),
      );
      return row;
    },

    /** Deletes one work item: its creator (below member) or a member; not while it waits in intake. */
    async remove(
      project: ProjectAccess,
      user: UserRow,
      issueId: string,
      draft = false,
      outer?: WriteTx,
    ): Promise<void> {
      await withTransaction(db, outer, async ({ tx }) => {
        const current = await lockIssue(tx, project.project.id, issueId);
        if (!isVisible(current, project, user, draft)) throw issueNotFound();
        if (!issueRights(current, { userId: user.id, role: project.role ?? 0 }).canDelete)
          throw notPermitted();
        if (current.is_intake) throw waitingInIntake();
        await deleteIssueRecorded(tx, user.id, current);
      });
    },

    /** A declined, duplicate or pending submission deleted with its intake item, in the intake's transaction. */
    async removeInTriage(
      tx: Executor,
      project: ProjectAccess,
      user: UserRow,
      issueId: string,
    ): Promise<void> {
      const current = await lockIssue(tx, project.project.id, issueId);
      if (!current) return;
      await deleteIssueRecorded(tx, user.id, current);
    },
  };
}
