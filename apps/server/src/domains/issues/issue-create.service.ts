import { randomUUID } from 'node:crypto';
import type { CreateIssueBody, IssueDetail } from '@kite/shared/contracts';
import { ROLE, sortOrderBetween } from '@kite/shared/domain';
import { AppError } from '@kite/shared/errors';
import type { Db, Executor } from '../../platform/db/database.ts';
import type { IssueRowDb, UserRow } from '../../platform/db/schema.ts';
import { type WriteTx, withTransaction } from '../../platform/db/transaction.ts';
import type { ProjectAccess } from '../../platform/http/types.ts';
import { creationRecords } from './issue-activity.ts';
import { FIRST_SORT_ORDER, groupsOf } from './issue-rules.ts';
import type { IssuesDeps, IssueWrites } from './issue-writes.ts';
import { presentIssueDetail } from './issues.presenter.ts';
import { insertNumberedIssue, maxSortOrderInState } from './issues.repo.ts';
import { tellItemChange } from './list-cache-feed.ts';

export type IssueCreateService = ReturnType<typeof createIssueCreateService>;

/** New work items: in the project's lists, or waiting in its intake. */
export function createIssueCreateService(
  db: Db,
  deps: Pick<IssuesDeps, 'states' | 'projectMembers' | 'listChanges'> & { writes: IssueWrites },
) {
  /**
   * Inserts a new work item with its resolved values: the project's default assignee when none is
   * given, the next number and a place at the end of its state, its activity and subscriptions.
   */
  async function insertNew(
    tx: Executor,
    project: ProjectAccess,
    user: UserRow,
    name: string,
    values: Partial<IssueRowDb>,
    place: { stateId: string; intake: boolean },
  ): Promise<IssueRowDb> {
    const p = project.project;
    if (values.assignee_ids === undefined && p.default_assignee_id) {
      const roles = await deps.projectMembers.activeRoles(tx, p.id);
      if ((roles.get(p.default_assignee_id) ?? 0) >= ROLE.MEMBER)
        values.assignee_ids = [p.default_assignee_id];
    }
    await deps.writes.assertExternalIdFree(tx, p.id, values);
    const sortOrder =
      values.sort_order ?? sortOrderBetween(await maxSortOrderInState(tx, p.id, place.stateId), null);
    const item = {
      ...values,
      id: randomUUID(),
      name,
      workspace_id: p.workspace_id,
      project_id: p.id,
      state_id: place.stateId,
      is_intake: place.intake,
      sort_order: Number.isFinite(sortOrder) ? sortOrder : FIRST_SORT_ORDER,
      created_by: user.id,
      updated_by: user.id,
      assignee_ids: values.assignee_ids ?? [],
    };
    const { activity, event } = creationRecords(user.id, item);
    // The last statement before the caller's commit (see insertNumberedIssue).
    return insertNumberedIssue(tx, item, {
      activity,
      event,
      subscriberIds: [user.id, ...item.assignee_ids],
    });
  }

  return {
    /**
     * A new work item at the end of its state (the default state unless named). `outer`: the
     * caller's write to join; the lists hear of the item once that commits.
     */
    async create(
      project: ProjectAccess,
      user: UserRow,
      body: CreateIssueBody,
      outer?: WriteTx,
    ): Promise<IssueDetail> {
      const p = project.project;
      const { row, states } = await withTransaction(db, outer, async ({ tx, afterCommit }) => {
        const states = await deps.states.rowsOf(tx, p.id);
        const stateId = body.state_id ?? states.find((s) => s.default)?.id ?? states[0]?.id;
        if (!stateId)
          throw new AppError('bad_request', 'The project has no default state', 'NO_DEFAULT_STATE');
        const values = await deps.writes.resolve(tx, project, { ...body, state_id: stateId }, null, states);
        const row = await insertNew(tx, project, user, body.name, values, { stateId, intake: false });
        afterCommit(() => tellItemChange(deps.listChanges, p.id, null, row));
        return { row, states };
      });
      return presentIssueDetail(row, groupsOf(states), { isSubscribed: true });
    },

    /**
     * A submission to the intake, made as a work item waiting in the project's triage state (out of
     * every list until accepted), in the intake's transaction.
     */
    async createInTriage(
      tx: Executor,
      project: ProjectAccess,
      user: UserRow,
      body: CreateIssueBody,
      triageStateId: string,
    ): Promise<IssueRowDb> {
      const { state_id: _never, ...rest } = body;
      const values = await deps.writes.resolve(
        tx,
        project,
        rest,
        null,
        await deps.states.rowsOf(tx, project.project.id),
      );
      return insertNew(tx, project, user, body.name, values, { stateId: triageStateId, intake: true });
    },
  };
}
