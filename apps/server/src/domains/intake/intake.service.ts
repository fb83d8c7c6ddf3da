import type {
  CreateIntakeIssueBody,
  Intake,
  IntakeIssue,
  ListIntakeIssuesQuery,
  Paginated,
  UpdateIntakeIssueBody,
} from '@kite/shared/contracts';
import {
  INTAKE_MESSAGES,
  INTAKE_PAGE_SIZE,
  INTAKE_SOURCE_IN_APP,
  INTAKE_STATUS_NAMES,
  type IntakeStatus,
  isInTriage,
} from '@kite/shared/domain';
import { AppError } from '@kite/shared/errors';
import { type SQL, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../platform/db/database.ts';
import type { IntakeIssueRow, UserRow } from '../../platform/db/schema.ts';
import { envelope, parsePage } from '../../platform/http/pagination.ts';
import type { ProjectAccess } from '../../platform/http/types.ts';
import { enqueue } from '../../platform/jobs/outbox.ts';
import { filterTreeCondition } from '../issues/filter-tree.ts';
import { filterConditions } from '../issues/issue-query.ts';
import type { IssuesService } from '../issues/issues.service.ts';
import type { StatesService } from '../states/states.service.ts';
import {
  ACCEPTED,
  canSee,
  deleteRefusal,
  editRefusal,
  intakeDisabled,
  intakeOrder,
  PENDING,
  STATUS_SENTENCES,
  sameTriage,
  seesOnlyOwn,
  statusFilter,
  type Triage,
  triageChange,
  workItemChanges,
} from './intake.policy.ts';
import { presentIntake, presentIntakeIssue } from './intake.presenter.ts';
import {
  countIntakeItems,
  ensureDefaultIntake,
  findIntakeItem,
  type IntakeScope,
  insertIntakeItem,
  insertTriageActivity,
  intakeExists,
  listIntakeItems,
  softDeleteIntakeItem,
  type TriageActivity,
  updateIntakeItemRow,
  wakeSnoozedItems,
} from './intake.repo.ts';

export type IntakeService = ReturnType<typeof createIntakeService>;

const itemNotFound = () => new AppError('not_found', 'Issue not found');

/**
 * Runs a write of the work item, naming its refused fields as the body does (`issue.label_ids`):
 * the issues service names them as its own body would.
 */
async function asWorkItemFields<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    const fields = error instanceof AppError ? error.extra?.fields : undefined;
    if (!(error instanceof AppError) || !fields || typeof fields !== 'object') throw error;
    const named = Object.fromEntries(
      Object.entries(fields).map(([key, message]) => [`issue.${key}`, message]),
    );
    throw new AppError(error.kind, error.message, error.errorCode, { ...error.extra, fields: named });
  }
}

const invalid = (fields: Record<string, string>) =>
  new AppError('bad_request', 'Invalid request', 'VALIDATION_ERROR', { fields });

/** The intake's own key in the JSON filter tree: the item's status, beside the work item's keys. */
const STATUS_FILTER_KEY = { status: { kind: 'text' as const, column: 'ii.status::text' } };

const scopeOf = (project: ProjectAccess): IntakeScope => ({
  workspaceId: project.project.workspace_id,
  projectId: project.project.id,
});

/** Who is looking: the guest rule decides whether they see every item or their own. */
const viewerOf = (project: ProjectAccess, user: UserRow) => ({
  userId: user.id,
  ownOnly: seesOnlyOwn(project.role ?? 0, project.project.guest_view_all_features),
});

/** The project's intake (api.md §10): submissions in triage, out of every list until accepted. */
export function createIntakeService(db: Db, deps: { issues: IssuesService; states: StatesService }) {
  /** The intake feature switch of the project hides all of it. */
  function assertEnabled(project: ProjectAccess): void {
    if (!project.project.intake_view) throw intakeDisabled();
  }

  /** A live item the caller may see, by either id (404 otherwise, another's as a guest included). */
  async function visibleItem(
    tx: Executor,
    project: ProjectAccess,
    user: UserRow,
    id: string,
    options: { forUpdate?: boolean } = {},
  ): Promise<IntakeIssueRow> {
    const item = await findIntakeItem(tx, scopeOf(project), id, options);
    if (!item || !canSee(item, user.id, viewerOf(project, user).ownOnly)) throw itemNotFound();
    return item;
  }

  /** The guest rule as a condition over the items. */
  function visibility(project: ProjectAccess, user: UserRow): SQL[] {
    return viewerOf(project, user).ownOnly ? [sql`ii.created_by = ${user.id}`] : [];
  }

  async function one(project: ProjectAccess, user: UserRow, itemId: string): Promise<IntakeIssue> {
    const [row] = await listIntakeItems(
      db,
      scopeOf(project),
      [sql`ii.id = ${itemId}`, ...visibility(project, user)],
      { column: 'created_at', descending: true },
      1,
      0,
    );
    if (!row) throw itemNotFound();
    return presentIntakeIssue(row, viewerOf(project, user));
  }

  /** The list's conditions: statuses, the work item's filters (as the issue list reads them), the guest rule. */
  function listConditions(project: ProjectAccess, user: UserRow, query: ListIntakeIssuesQuery): SQL[] {
    const statuses = statusFilter(query.status);
    const conditions: SQL[] = [...visibility(project, user)];
    if (statuses) {
      conditions.push(
        sql`ii.status in (${sql.join(
          statuses.map((s) => sql`${s}`),
          sql`, `,
        )})`,
      );
    }
    conditions.push(
      ...filterConditions(
        {
          priority: query.priority,
          assignees: query.assignees,
          labels: query.labels,
          created_by: query.created_by,
          state: query.state,
          created_at: query.created_at,
          updated_at: query.updated_at,
        },
        { projectIds: [project.project.id], ownOnlyProjectIds: [], userId: user.id, states: [] },
      ),
    );
    if (query.filters) conditions.push(filterTreeCondition(query.filters, STATUS_FILTER_KEY));
    return conditions;
  }

  /** The activity rows and the event of a triage change. */
  async function recordTriage(
    tx: Executor,
    user: UserRow,
    item: IntakeIssueRow,
    before: Triage,
    after: Triage,
  ): Promise<void> {
    const base = {
      workspace_id: item.workspace_id,
      project_id: item.project_id,
      issue_id: item.issue_id,
      actor_id: user.id,
    };
    const rows: TriageActivity[] = [];
    const changes: Record<string, { old: unknown; new: unknown }> = {};
    if (before.status !== after.status) {
      rows.push({
        ...base,
        field: 'intake',
        old_value: INTAKE_STATUS_NAMES[before.status],
        new_value: INTAKE_STATUS_NAMES[after.status],
        comment: STATUS_SENTENCES[after.status],
      });
      changes.status = { old: before.status, new: after.status };
    }
    const until = after.snoozed_till?.toISOString() ?? null;
    if (until !== (before.snoozed_till?.toISOString() ?? null)) {
      changes.snoozed_till = { old: before.snoozed_till?.toISOString() ?? null, new: until };
      if (until) {
        rows.push({
          ...base,
          field: 'snoozed_till',
          old_value: before.snoozed_till?.toISOString() ?? null,
          new_value: until,
          comment: 'set when the snooze in intake ends',
        });
      }
    }
    if (before.duplicate_to !== after.duplicate_to) {
      changes.duplicate_to = { old: before.duplicate_to, new: after.duplicate_to };
      if (after.duplicate_to) {
        rows.push({
          ...base,
          field: 'duplicate_to',
          old_value: before.duplicate_to,
          new_value: after.duplicate_to,
          comment: 'set the work item this one duplicates',
        });
      }
    }
    await insertTriageActivity(tx, rows);
    await enqueue(tx, [
      {
        workspace_id: item.workspace_id,
        topic: 'intake_issue.updated',
        payload: {
          intake_issue_id: item.id,
          issue_id: item.issue_id,
          project_id: item.project_id,
          actor_id: user.id,
          changes,
        },
      },
    ]);
  }

  /** The project's default state, where an accepted item goes (400 NO_DEFAULT_STATE without one). */
  async function defaultStateOf(tx: Executor, projectId: string): Promise<string> {
    const state = (await deps.states.rowsOf(tx, projectId)).find((s) => s.default);
    if (!state) throw new AppError('bad_request', 'The project has no default state', 'NO_DEFAULT_STATE');
    return state.id;
  }

  return {
    /** Whether an intake belongs to a project (deploy boards name one). */
    exists: (tx: Executor, projectId: string, intakeId: string) => intakeExists(tx, projectId, intakeId),

    /** The project's intakes (its default one, made on first use) with the pending items the caller sees. */
    async intakes(project: ProjectAccess, user: UserRow): Promise<Intake[]> {
      assertEnabled(project);
      const intake = await ensureDefaultIntake(db, scopeOf(project), user.id);
      const pending = await countIntakeItems(db, scopeOf(project), [
        sql`ii.intake_id = ${intake.id}`,
        sql`ii.status = ${PENDING}`,
        ...visibility(project, user),
      ]);
      return [presentIntake(intake, pending)];
    },

    /** One page of items (10 by default), newest submission first unless `order_by` says otherwise. */
    async list(
      project: ProjectAccess,
      user: UserRow,
      query: ListIntakeIssuesQuery,
    ): Promise<Paginated<IntakeIssue>> {
      assertEnabled(project);
      const page = parsePage(query, INTAKE_PAGE_SIZE);
      const order = intakeOrder(query.order_by);
      const conditions = listConditions(project, user, query);
      const scope = scopeOf(project);
      const [rows, total] = await Promise.all([
        listIntakeItems(db, scope, conditions, order, page.perPage + 1, page.page * page.perPage),
        countIntakeItems(db, scope, conditions),
      ]);
      const viewer = viewerOf(project, user);
      return envelope(
        page,
        rows.map((row) => presentIntakeIssue(row, viewer)),
        total,
      );
    },

    async get(project: ProjectAccess, user: UserRow, id: string): Promise<IntakeIssue> {
      assertEnabled(project);
      const item = await visibleItem(db, project, user, id);
      return one(project, user, item.id);
    },

    /** A submission (any project member): a work item made in the triage state, and its pending item. */
    async create(project: ProjectAccess, user: UserRow, body: CreateIntakeIssueBody): Promise<IntakeIssue> {
      assertEnabled(project);
      const scope = scopeOf(project);
      const itemId = await db.transaction(async (tx) => {
        const intake = await ensureDefaultIntake(tx, scope, user.id);
        const triage = await deps.states.triageStateOf(tx, project.project);
        const issue = await asWorkItemFields(() =>
          deps.issues.createInTriage(tx, project, user, body.issue, triage.id),
        );
        const item = await insertIntakeItem(tx, {
          workspace_id: scope.workspaceId,
          project_id: scope.projectId,
          intake_id: intake.id,
          issue_id: issue.id,
          status: PENDING,
          source: body.source ?? INTAKE_SOURCE_IN_APP,
          created_by: user.id,
          updated_by: user.id,
        });
        await enqueue(tx, [
          {
            workspace_id: scope.workspaceId,
            topic: 'intake_issue.created',
            payload: {
              intake_issue_id: item.id,
              issue_id: issue.id,
              project_id: scope.projectId,
              actor_id: user.id,
            },
          },
        ]);
        return item.id;
      });
      return one(project, user, itemId);
    },

    /**
     * Triage (`status`, `snoozed_till`, `duplicate_to`) and the work item's own fields (`issue`), in
     * one transaction. Accepting moves the work item to the project's default state and into the
     * lists; every other status keeps it out of them.
     */
    async update(
      project: ProjectAccess,
      user: UserRow,
      id: string,
      body: UpdateIntakeIssueBody,
      now: Date = new Date(),
    ): Promise<IntakeIssue> {
      assertEnabled(project);
      const role = project.role ?? 0;
      const itemId = await db.transaction(async (tx) => {
        const item = await visibleItem(tx, project, user, id, { forUpdate: true });
        const refusal = editRefusal(toState(item), user.id, role, body);
        if (refusal) throw refusal;
        const before = toState(item);
        const next = triageChange(before, body, now);
        const moved = next !== null && !sameTriage(before, next);
        if (moved && next.duplicate_to && next.duplicate_to !== before.duplicate_to) {
          const original = await deps.issues.findInProject(tx, project.project.id, next.duplicate_to);
          if (!original) throw invalid({ duplicate_to: INTAKE_MESSAGES.duplicateElsewhere });
        }
        const accepting = moved && next.status === ACCEPTED;
        const fields = workItemChanges(role, body.issue);
        if (fields || accepting) {
          const stateId = accepting ? await defaultStateOf(tx, project.project.id) : undefined;
          await asWorkItemFields(() =>
            deps.issues.updateInTriage(
              tx,
              project,
              user,
              item.issue_id,
              fields ?? {},
              stateId ? { stateId } : undefined,
            ),
          );
        }
        if (moved) {
          await updateIntakeItemRow(tx, item.id, { ...next, updated_by: user.id });
          await recordTriage(tx, user, item, before, next);
        }
        return item.id;
      });
      return one(project, user, itemId);
    },

    /** Deletes an item (an admin, or its submitter); its work item goes too unless it was accepted. */
    async remove(project: ProjectAccess, user: UserRow, id: string): Promise<void> {
      assertEnabled(project);
      await db.transaction(async (tx) => {
        const item = await visibleItem(tx, project, user, id, { forUpdate: true });
        const refusal = deleteRefusal(toState(item), user.id, project.role ?? 0);
        if (refusal) throw refusal;
        await softDeleteIntakeItem(tx, item.id);
        if (isInTriage(item.status as IntakeStatus)) {
          await deps.issues.removeInTriage(tx, project, user, item.issue_id);
        }
        await enqueue(tx, [
          {
            workspace_id: item.workspace_id,
            topic: 'intake_issue.deleted',
            payload: {
              intake_issue_id: item.id,
              issue_id: item.issue_id,
              project_id: item.project_id,
              actor_id: user.id,
            },
          },
        ]);
      });
    },

    /**
     * Returns every item whose snooze has ended to pending (run every minute by the scheduler; tests
     * pass their own `now`). Answers how many woke.
     */
    async wakeSnoozed(now: Date = new Date()): Promise<number> {
      const woken = await wakeSnoozedItems(db, now, 'returned the work item to pending: its snooze ended');
      return woken.length;
    },
  };
}

function toState(item: IntakeIssueRow) {
  return {
    status: item.status as IntakeStatus,
    snoozed_till: item.snoozed_till,
    duplicate_to: item.duplicate_to,
    issue_id: item.issue_id,
    created_by: item.created_by,
  };
}
