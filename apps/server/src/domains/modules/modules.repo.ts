import { and, asc, eq, isNull, type SQL, sql } from 'drizzle-orm';
import { type Executor, queryRows, sqlArray } from '../../platform/db/database.ts';
import {
  type ModuleLinkRow,
  type ModuleRow,
  moduleLinks,
  modules,
  userFavorites,
} from '../../platform/db/schema.ts';
import { LIVE_ISSUE, planningTotals } from '../issues/issue-totals.ts';

/** A module with what its lists show: totals of its live work items and the caller's favorite. */
export interface ModuleListRow {
  id: string;
  workspace_id: string;
  project_id: string;
  name: string;
  description: string;
  description_html: string;
  status: string;
  lead_id: string | null;
  member_ids: string[];
  start_date: string | null;
  target_date: string | null;
  sort_order: number;
  view_props: Record<string, unknown>;
  logo_props: Record<string, unknown>;
  archived_at: string | Date | null;
  is_favorite: boolean;
  total_issues: number;
  completed_issues: number;
  cancelled_issues: number;
  started_issues: number;
  unstarted_issues: number;
  backlog_issues: number;
  total_estimate_points: number;
  completed_estimate_points: number;
  external_source: string | null;
  external_id: string | null;
  created_at: string | Date;
  updated_at: string | Date;
  created_by: string | null;
  updated_by: string | null;
}

/** Completed share of the work: by points when the project's active estimate is a points one (api.md §7). */
const PROGRESS = sql.raw(`(case when e.id is null then t.completed_issues::float8 / nullif(t.total_issues, 0)
  else t.completed_estimate_points / nullif(t.total_estimate_points, 0) end)`);
const ORDER: Record<string, SQL> = {
  name: sql.raw('lower(m.name), m.id'),
  '-name': sql.raw('lower(m.name) desc, m.id'),
  progress: sql`${PROGRESS} asc nulls first, lower(m.name), m.id`,
  '-progress': sql`${PROGRESS} desc nulls last, lower(m.name), m.id`,
  issues_length: sql.raw('t.total_issues, lower(m.name), m.id'),
  '-issues_length': sql.raw('t.total_issues desc, lower(m.name), m.id'),
  target_date: sql.raw('m.target_date asc nulls last, lower(m.name), m.id'),
  '-target_date': sql.raw('m.target_date desc nulls last, lower(m.name), m.id'),
  created_at: sql.raw('m.created_at, m.id'),
  '-created_at': sql.raw('m.created_at desc, m.id'),
  sort_order: sql.raw('m.sort_order, m.id'),
};

/**
 * Modules of these projects with their figures, in one query; `where` adds conditions over `m`.
 * The totals count every live item of the module, also for guests who may see only their own:
 * a module's progress is the same for everyone in the project.
 */
export function listModules(
  db: Executor,
  options: { projectIds: string[]; userId: string; where?: SQL[]; orderBy?: string; archived?: boolean },
): Promise<ModuleListRow[]> {
  if (options.projectIds.length === 0) return Promise.resolve([]);
  const conditions = [
    sql`m.project_id = any(${sqlArray(options.projectIds, 'uuid')})`,
    sql`m.deleted_at is null`,
    options.archived ? sql`m.archived_at is not null` : sql`m.archived_at is null`,
    ...(options.where ?? []),
  ];
  return queryRows<ModuleListRow>(
    db,
    sql`select m.id, m.workspace_id, m.project_id, m.name, m.description, m.description_html, m.status,
          m.lead_id, m.member_ids, to_char(m.start_date, 'YYYY-MM-DD') as start_date,
          to_char(m.target_date, 'YYYY-MM-DD') as target_date, m.sort_order, m.view_props, m.logo_props,
          m.archived_at, m.external_source, m.external_id, m.created_at, m.updated_at, m.created_by, m.updated_by,
          exists (select 1 from user_favorites f where f.user_id = ${options.userId} and f.entity_type = 'module'
                    and f.entity_identifier = m.id) as is_favorite,
          t.*
        from modules m
        cross join lateral ${planningTotals(sql`i.project_id = m.project_id and i.module_ids @> array[m.id]`)} t
        join projects p on p.id = m.project_id
        left join estimates e on e.id = p.estimate_id and e.type = 'points' and e.deleted_at is null
        where ${sql.join(conditions, sql` and `)}
        order by ${ORDER[options.orderBy ?? 'name'] ?? ORDER.name}`,
  );
}

export async function findModule(
  db: Executor,
  projectId: string,
  moduleId: string,
): Promise<ModuleRow | undefined> {
  const [row] = await db
    .select()
    .from(modules)
    .where(and(eq(modules.project_id, projectId), eq(modules.id, moduleId), isNull(modules.deleted_at)));
  return row;
}

export async function findModuleByName(db: Executor, projectId: string, name: string, exceptId?: string) {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`select id from modules where project_id = ${projectId} and deleted_at is null and name = ${name}
          ${exceptId ? sql`and id <> ${exceptId}` : sql``} limit 1`,
  );
  return rows[0];
}

/** Serialises name checks of one project's modules. */
export async function lockModulesOf(db: Executor, projectId: string): Promise<void> {
  await db.execute(sql`select id from projects where id = ${projectId} for update`);
}

export async function minModuleSortOrder(db: Executor, projectId: string): Promise<number | null> {
  const rows = await queryRows<{ min: number | null }>(
    db,
    sql`select min(sort_order) as min from modules where project_id = ${projectId} and deleted_at is null`,
  );
  return rows[0]?.min ?? null;
}

export async function insertModule(db: Executor, values: typeof modules.$inferInsert): Promise<ModuleRow> {
  const [row] = await db.insert(modules).values(values).returning();
  return row!;
}

export async function updateModuleRow(
  db: Executor,
  projectId: string,
  moduleId: string,
  values: Partial<typeof modules.$inferInsert>,
): Promise<void> {
  await db
    .update(modules)
    .set({ ...values, updated_at: new Date() })
    .where(and(eq(modules.project_id, projectId), eq(modules.id, moduleId)));
}

export async function softDeleteModule(db: Executor, projectId: string, moduleId: string): Promise<void> {
  await db
    .update(modules)
    .set({ deleted_at: new Date() })
    .where(and(eq(modules.project_id, projectId), eq(modules.id, moduleId)));
  await db
    .delete(userFavorites)
    .where(and(eq(userFavorites.entity_type, 'module'), eq(userFavorites.entity_identifier, moduleId)));
}

/** Live work items of the project in the module (to check a removal names one). */
export async function issueIdsInModule(db: Executor, projectId: string, moduleId: string, ids: string[]) {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`select i.id from issues i where i.project_id = ${projectId} and i.id = any(${sqlArray(ids, 'uuid')})
          and i.module_ids @> array[${moduleId}::uuid] and ${LIVE_ISSUE}`,
  );
  return rows.map((r) => r.id);
}

export function linksOf(db: Executor, moduleIds: string[]): Promise<ModuleLinkRow[]> {
  if (moduleIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(moduleLinks)
    .where(sql`${moduleLinks.module_id} = any(${sqlArray(moduleIds, 'uuid')})`)
    .orderBy(asc(moduleLinks.created_at), asc(moduleLinks.id));
}

export async function findLink(db: Executor, moduleId: string, linkId: string) {
  const [row] = await db
    .select()
    .from(moduleLinks)
    .where(and(eq(moduleLinks.module_id, moduleId), eq(moduleLinks.id, linkId)));
  return row;
}

export async function insertLink(
  db: Executor,
  values: typeof moduleLinks.$inferInsert,
): Promise<ModuleLinkRow> {
  const [row] = await db.insert(moduleLinks).values(values).returning();
  return row!;
}

export async function updateLinkRow(
  db: Executor,
  moduleId: string,
  linkId: string,
  values: Partial<typeof moduleLinks.$inferInsert>,
): Promise<ModuleLinkRow> {
  const [row] = await db
    .update(moduleLinks)
    .set({ ...values, updated_at: new Date() })
    .where(and(eq(moduleLinks.module_id, moduleId), eq(moduleLinks.id, linkId)))
    .returning();
  return row!;
}

export async function deleteLink(db: Executor, moduleId: string, linkId: string): Promise<void> {
  await db.delete(moduleLinks).where(and(eq(moduleLinks.module_id, moduleId), eq(moduleLinks.id, linkId)));
}
