import type {
  CreateCycleBody,
  Cycle,
  CycleListQuery,
  Favorite,
  ListIssuesQuery,
  PlanningAnalytics,
  PlanningTotals,
  UpdateCycleBody,
  UpdateUserPropertiesBody,
} from '@kite/shared/contracts';
import {
  type CycleStatus,
  cycleRights,
  cycleStatus,
  nextPlanningSortOrder,
  todayIn,
} from '@kite/shared/domain';
import { AppError } from '@kite/shared/errors';
import { type SQL, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../platform/db/database.ts';
import type { CycleRow, UserRow } from '../../platform/db/schema.ts';
import { withTransaction } from '../../platform/db/transaction.ts';
import type { ProjectAccess, WorkspaceAccess } from '../../platform/http/types.ts';
import {
  addProjectFavorite,
  listProjectFavorites,
  removeProjectFavorite,
} from '../favorites/favorites.repo.ts';
import { dateTerms } from '../issues/issue-query.ts';
import type { IssuesService } from '../issues/issues.service.ts';
import { planningAnalytics } from '../planning/planning-analytics.ts';
import { cycleChanges, recordPlanningEvent } from '../planning/planning-events.ts';
import { cycleTakesItems } from '../planning/planning-targets.ts';
import type { ProjectMembersService } from '../projects/project-members.service.ts';
import type { UserPropertiesService } from '../user-properties/user-properties.service.ts';
import { presentCycle } from './cycles.presenter.ts';
import {
  findCycle,
  findOverlapping,
  insertCycle,
  listCycles,
  lockCyclesOf,
  minCycleSortOrder,
  softDeleteCycle,
  unfinishedIssueIds,
  updateCycleRow,
} from './cycles.repo.ts';

export type CyclesService = ReturnType<typeof createCyclesService>;

const cycleNotFound = () => new AppError('not_found', 'Cycle not found');
const invalid = (fields: Record<string, string>) =>
  new AppError('bad_request', 'Invalid request', 'VALIDATION_ERROR', { fields });
const completed = () =>
  new AppError('bad_request', 'A completed cycle accepts only a new sort order', 'CYCLE_COMPLETED');
const overlap = (name: string) =>
  new AppError('bad_request', `The dates overlap with the cycle "${name}"`, 'CYCLE_DATES_OVERLAP', {
    status: false,
  });

const statusOf = (row: Pick<CycleRow, 'start_date' | 'end_date'>, timezone: string): CycleStatus =>
  cycleStatus(row, todayIn(timezone));

/** The `cycle_view` filter as SQL over `c`, for a project whose today is `today`. */
function viewCondition(view: CycleListQuery['cycle_view'], today: string): SQL | null {
  const dated = sql`c.start_date is not null and c.end_date is not null`;
  switch (view) {
    case 'current':
      return sql`${dated} and c.start_date <= ${today}::date and c.end_date >= ${today}::date`;
    case 'upcoming':
      return sql`${dated} and c.start_date > ${today}::date`;
    case 'completed':
      return sql`${dated} and c.end_date < ${today}::date`;
    case 'draft':
      return sql`not (${dated})`;
    case 'incomplete':
      return sql`not (${dated} and c.end_date < ${today}::date)`;
    default:
      return null;
  }
}

export function createCyclesService(
  db: Db,
  deps: {
    issues: IssuesService;
    projectMembers: ProjectMembersService;
    userProperties: UserPropertiesService;
  },
) {
  /** Archives or restores, telling webhooks of the change (archiving and restoring name no actor). */
  async function setArchivedAt(cycle: CycleRow, archivedAt: Date | null) {
    await db.transaction(async (tx) => {
      await updateCycleRow(tx, cycle.project_id, cycle.id, { archived_at: archivedAt });
      await recordPlanningEvent(
        tx,
        'cycle',
        'updated',
        cycle,
        null,
        cycleChanges(cycle, { ...cycle, archived_at: archivedAt }),
      );
    });
  }

  async function liveCycle(tx: Executor, project: ProjectAccess, cycleId: string) {
    const cycle = await findCycle(tx, project.project.id, cycleId);
    if (!cycle) throw cycleNotFound();
    return cycle;
  }

  async function one(
    project: ProjectAccess,
    user: UserRow,
    cycleId: string,
    archived = false,
    tx: Executor = db,
  ) {
    const [row] = await listCycles(tx, {
      projectIds: [project.project.id],
      userId: user.id,
      where: [sql`c.id = ${cycleId}`],
      archived,
    });
    if (!row) throw cycleNotFound();
    return presentCycle(row);
  }

  /** Dates: both or neither, start ≤ end, and no overlap with another dated cycle of the project. */
  async function checkDates(
    tx: Executor,
    projectId: string,
    range: { start_date: string | null; end_date: string | null },
    selfId?: string,
  ) {
    const { start_date, end_date } = range;
    if (!start_date !== !end_date) {
      throw new AppError(
        'bad_request',
        'A cycle needs both a start and an end date, or neither',
        'CYCLE_DATES_REQUIRED',
      );
    }
    if (!start_date || !end_date) return;
    if (start_date > end_date) throw invalid({ end_date: 'Start date cannot exceed end date' });
    const other = await findOverlapping(tx, projectId, { start_date, end_date }, selfId);
    if (other) throw overlap(other.name);
  }

  async function checkOwner(tx: Executor, projectId: string, ownerId: string | null | undefined) {
    if (!ownerId) return;
    const roles = await deps.projectMembers.activeRoles(tx, projectId);
    if (!roles.has(ownerId)) throw invalid({ owned_by_id: 'Must be a member of this project' });
  }

  const service = {
    async list(project: ProjectAccess, user: UserRow, query: CycleListQuery): Promise<Cycle[]> {
      const today = todayIn(project.project.timezone);
      const where: SQL[] = [];
      const view = viewCondition(query.cycle_view, today);
      if (view) where.push(view);
      if (query.search) {
        where.push(sql`c.name ilike ${`%${query.search.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`}`);
      }
      where.push(...dateTerms(query.start_date, sql`c.start_date`, 'start_date'));
      where.push(...dateTerms(query.end_date, sql`c.end_date`, 'end_date'));
      const rows = await listCycles(db, {
        projectIds: [project.project.id],
        userId: user.id,
        where,
        orderBy: query.order_by,
      });
      return rows.map((row) => presentCycle(row));
    },

    /** Cycles of every project the caller belongs to (`GET {ws}/cycles/`). */
    async listWorkspace(access: WorkspaceAccess, user: UserRow): Promise<Cycle[]> {
      const projectIds = Object.keys(await deps.projectMembers.rolesOf(access, user));
      return (await listCycles(db, { projectIds, userId: user.id })).map((row) => presentCycle(row));
    },

    async listArchived(project: ProjectAccess, user: UserRow): Promise<Cycle[]> {
      const rows = await listCycles(db, {
        projectIds: [project.project.id],
        userId: user.id,
        archived: true,
      });
      return rows.map((row) => presentCycle(row));
    },

    get: (project: ProjectAccess, user: UserRow, cycleId: string) => one(project, user, cycleId),
    getArchived: (project: ProjectAccess, user: UserRow, cycleId: string) =>
      one(project, user, cycleId, true),

    async create(project: ProjectAccess, user: UserRow, body: CreateCycleBody): Promise<Cycle> {
      const p = project.project;
      const id = await db.transaction(async (tx) => {
        await lockCyclesOf(tx, p.id);
        await checkDates(tx, p.id, { start_date: body.start_date ?? null, end_date: body.end_date ?? null });
        await checkOwner(tx, p.id, body.owned_by_id);
        const row = await insertCycle(tx, {
          ...body,
          workspace_id: p.workspace_id,
          project_id: p.id,
          owned_by_id: body.owned_by_id ?? user.id,
          sort_order: body.sort_order ?? nextPlanningSortOrder(await minCycleSortOrder(tx, p.id)),
          created_by: user.id,
          updated_by: user.id,
        });
        await recordPlanningEvent(tx, 'cycle', 'created', row, user.id);
        return row.id;
      });
      return one(project, user, id);
    },

    async update(
      project: ProjectAccess,
      user: UserRow,
      cycleId: string,
      body: UpdateCycleBody,
    ): Promise<Cycle> {
      const p = project.project;
      await db.transaction(async (tx) => {
        await lockCyclesOf(tx, p.id);
        const cycle = await liveCycle(tx, project, cycleId);
        if (cycle.archived_at) throw new AppError('bad_request', 'Archived cycles are read-only');
        const changes = Object.keys(body).filter((key) => key !== 'sort_order');
        if (statusOf(cycle, p.timezone) === 'completed' && changes.length > 0) throw completed();
        if (body.start_date !== undefined || body.end_date !== undefined) {
          await checkDates(
            tx,
            p.id,
            {
              start_date: body.start_date !== undefined ? body.start_date : cycle.start_date,
              end_date: body.end_date !== undefined ? body.end_date : cycle.end_date,
            },
            cycle.id,
          );
        }
        await checkOwner(tx, p.id, body.owned_by_id);
        await updateCycleRow(tx, p.id, cycleId, { ...body, updated_by: user.id });
        const after = await liveCycle(tx, project, cycleId);
        await recordPlanningEvent(tx, 'cycle', 'updated', after, user.id, cycleChanges(cycle, after));
      });
      return one(project, user, cycleId);
    },

    /** Project admins and the cycle's owner may delete it; its work items leave it. */
    async remove(project: ProjectAccess, user: UserRow, cycleId: string): Promise<void> {
      const p = project.project;
      await db.transaction(async (tx) => {
        const cycle = await liveCycle(tx, project, cycleId);
        if (!cycleRights(cycle, { userId: user.id, role: project.role ?? 0 }).canDelete) {
          throw new AppError('forbidden', 'Only the owner or a project admin can delete a cycle');
        }
        await deps.issues.detachCycle(tx, p.id, cycleId);
        await softDeleteCycle(tx, p.id, cycleId);
        await recordPlanningEvent(tx, 'cycle', 'deleted', cycle, user.id);
      });
    },

    async dateCheck(
      project: ProjectAccess,
      body: { start_date: string; end_date: string; cycle_id?: string },
    ): Promise<{ status: true }> {
      await checkDates(db, project.project.id, body, body.cycle_id);
      return { status: true };
    },

    /** The caller's own filters and display settings of this cycle's items (api.md §4.7). */
    async userProperties(project: ProjectAccess, user: UserRow, cycleId: string) {
      await liveCycle(db, project, cycleId);
      return deps.userProperties.getForPlanning(project, user, { cycleId });
    },

    async updateUserProperties(
      project: ProjectAccess,
      user: UserRow,
      cycleId: string,
      body: UpdateUserPropertiesBody,
    ) {
      await liveCycle(db, project, cycleId);
      return deps.userProperties.updateForPlanning(project, user, { cycleId }, body);
    },

    /** The cycle's work items through the issue list itself (every filter, grouping and page). */
    async listIssues(project: ProjectAccess, user: UserRow, cycleId: string, query: ListIssuesQuery) {
      await liveCycle(db, project, cycleId);
      return deps.issues.list(project, user, { ...query, cycle: cycleId });
    },

    /** Work items join the cycle (leaving any other); a completed cycle takes none. */
    async addIssues(project: ProjectAccess, user: UserRow, cycleId: string, issueIds: string[]) {
      const cycle = await liveCycle(db, project, cycleId);
      if (!cycleTakesItems(cycle, project.project.timezone)) {
        throw new AppError('bad_request', 'A completed cycle cannot take work items', 'CYCLE_COMPLETED');
      }
      const rows = await deps.issues.setCycle(project, user, issueIds, cycleId);
      // The membership lives on the work item: its id names the link.
      return rows.map((row) => ({ id: row.id, cycle_id: cycleId, issue_id: row.id }));
    },

    async removeIssues(project: ProjectAccess, user: UserRow, cycleId: string, issueIds: string[]) {
      await liveCycle(db, project, cycleId);
      const inCycle = await deps.issues.listByIds(project, user, issueIds);
      const members = inCycle.filter((issue) => issue.cycle_id === cycleId).map((issue) => issue.id);
      if (members.length < new Set(issueIds).size) throw new AppError('not_found', 'Issue not found');
      await deps.issues.setCycle(project, user, members, null);
    },

    /**
     * Unfinished items of a completed cycle move to another; the source keeps a snapshot of its
     * figures. One transaction: the items move and the snapshot is written together or not at all.
     * Its effects follow the commit: the items' `issue.updated` events are outbox rows of this
     * transaction, and the route announces the project's lists and pokes the live feed after it.
     */
    async transfer(project: ProjectAccess, user: UserRow, cycleId: string, newCycleId: string) {
      const p = project.project;
      if (cycleId === newCycleId) {
        throw invalid({ new_cycle_id: 'Choose another cycle than the one transferred from' });
      }
      return withTransaction(db, undefined, async (write) => {
        const { tx } = write;
        // Locked first: a concurrent transfer of the same cycle waits for this one to commit.
        const source = await findCycle(tx, p.id, cycleId, { lock: true });
        if (!source) throw cycleNotFound();
        const target = await findCycle(tx, p.id, newCycleId);
        if (!target) throw invalid({ new_cycle_id: 'Must be a cycle of this project' });
        if (!cycleTakesItems(target, p.timezone)) {
          throw new AppError(
            'bad_request',
            'Work items cannot move into a completed cycle',
            'CYCLE_COMPLETED',
          );
        }
        const snapshot = await one(project, user, source.id, !!source.archived_at, tx);
        const ids = await unfinishedIssueIds(tx, p.id, cycleId);
        if (ids.length > 0) await deps.issues.setCycle(project, user, ids, newCycleId, write);
        const { total_issues, completed_issues, cancelled_issues, started_issues, unstarted_issues } =
          snapshot;
        await updateCycleRow(tx, p.id, cycleId, {
          progress_snapshot: {
            total_issues,
            completed_issues,
            cancelled_issues,
            started_issues,
            unstarted_issues,
            backlog_issues: snapshot.backlog_issues,
            total_estimate_points: snapshot.total_estimate_points,
            completed_estimate_points: snapshot.completed_estimate_points,
            transferred_issue_ids: ids,
            transferred_to: newCycleId,
          },
          updated_by: user.id,
        });
        return { transferred_issue_ids: ids };
      });
    },

    async progress(project: ProjectAccess, user: UserRow, cycleId: string): Promise<PlanningTotals> {
      const cycle = await liveCycle(db, project, cycleId);
      const c = await one(project, user, cycleId, !!cycle.archived_at);
      return {
        total_issues: c.total_issues,
        completed_issues: c.completed_issues,
        cancelled_issues: c.cancelled_issues,
        started_issues: c.started_issues,
        unstarted_issues: c.unstarted_issues,
        backlog_issues: c.backlog_issues,
        total_estimate_points: c.total_estimate_points,
        completed_estimate_points: c.completed_estimate_points,
      };
    },

    /** Burndown from the recorded history, and the current split by assignee and label. */
    async analytics(
      project: ProjectAccess,
      cycleId: string,
      type: 'issues' | 'points',
      now = new Date(),
    ): Promise<PlanningAnalytics> {
      const cycle = await liveCycle(db, project, cycleId);
      return planningAnalytics(db, {
        project: project.project,
        of: { kind: 'cycle', id: cycleId },
        start: cycle.start_date,
        end: cycle.end_date,
        type,
        now,
      });
    },

    async archive(project: ProjectAccess, cycleId: string): Promise<{ archived_at: string }> {
      const cycle = await liveCycle(db, project, cycleId);
      if (statusOf(cycle, project.project.timezone) !== 'completed') {
        throw new AppError('bad_request', 'Only completed cycles can be archived', 'ARCHIVE_NOT_ALLOWED');
      }
      const archivedAt = cycle.archived_at ?? new Date();
      await setArchivedAt(cycle, archivedAt);
      return { archived_at: archivedAt.toISOString() };
    },

    async restore(project: ProjectAccess, cycleId: string): Promise<void> {
      await setArchivedAt(await liveCycle(db, project, cycleId), null);
    },

    favorites: (project: ProjectAccess, user: UserRow): Promise<Favorite[]> =>
      listProjectFavorites(db, user.id, project.project.id, 'cycle'),

    async addFavorite(project: ProjectAccess, user: UserRow, cycleId: string): Promise<Favorite> {
      const cycle = await liveCycle(db, project, cycleId);
      const favorite = await addProjectFavorite(db, {
        workspace_id: project.project.workspace_id,
        project_id: project.project.id,
        user_id: user.id,
        type: 'cycle',
        entity: cycle,
      });
      if (!favorite) throw new AppError('conflict', 'The cycle is already a favorite', 'ALREADY_EXISTS');
      return favorite;
    },

    async removeFavorite(project: ProjectAccess, user: UserRow, cycleId: string): Promise<void> {
      await liveCycle(db, project, cycleId);
      await removeProjectFavorite(db, user.id, 'cycle', cycleId);
    },
  };
  return service;
}
