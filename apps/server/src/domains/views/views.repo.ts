import type { ViewOrdering } from '@kite/shared/contracts';
import { and, eq, isNull, type SQL, sql } from 'drizzle-orm';
import { type Executor, queryRows, sqlArray } from '../../platform/db/database.ts';
import { type IssueViewRow, issueViews } from '../../platform/db/schema.ts';

/** Where a view lives: a project, or (project null) the workspace itself. */
export interface ViewScope {
  workspaceId: string;
  projectId: string | null;
}

/** A view as its lists read it (timestamps as the driver gives them), with the caller's favorite. */
export type ViewListRow = Omit<IssueViewRow, 'created_at' | 'updated_at' | 'deleted_at'> & {
  created_at: string | Date;
  updated_at: string | Date;
  is_favorite: boolean;
};

const ORDER: Record<ViewOrdering, SQL> = {
  '-updated_at': sql.raw('v.updated_at desc, v.id'),
  updated_at: sql.raw('v.updated_at, v.id'),
  name: sql.raw('lower(v.name), v.id'),
  '-name': sql.raw('lower(v.name) desc, v.id'),
  created_at: sql.raw('v.created_at, v.id'),
  '-created_at': sql.raw('v.created_at desc, v.id'),
};

const inScope = (scope: ViewScope): SQL =>
  scope.projectId === null
    ? sql`v.workspace_id = ${scope.workspaceId} and v.project_id is null`
    : sql`v.workspace_id = ${scope.workspaceId} and v.project_id = ${scope.projectId}`;

/**
 * The scope's live views the user may see — public ones and their own private ones — with their
 * favorite flag; `search` matches a part of the name, case-insensitively.
 */
export function listViews(
  db: Executor,
  scope: ViewScope,
  userId: string,
  options: { search?: string; orderBy?: ViewOrdering; viewId?: string } = {},
): Promise<ViewListRow[]> {
  const conditions = [
    inScope(scope),
    sql`v.deleted_at is null`,
    sql`(v.access = 0 or v.owned_by = ${userId})`,
  ];
  if (options.search) {
    conditions.push(sql`v.name ilike ${`%${options.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`);
  }
  if (options.viewId) conditions.push(sql`v.id = ${options.viewId}`);
  return queryRows<ViewListRow>(
    db,
    sql`select v.id, v.workspace_id, v.project_id, v.name, v.description, v.filters, v.display_filters,
               v.display_properties, v.access, v.is_locked, v.owned_by, v.sort_order, v.logo_props,
               v.created_at, v.updated_at, v.created_by, v.updated_by,
               exists (select 1 from user_favorites f where f.user_id = ${userId} and f.entity_type = 'view'
                         and f.entity_identifier = v.id) as is_favorite
          from issue_views v
         where ${sql.join(conditions, sql` and `)}
         order by ${ORDER[options.orderBy ?? '-updated_at']}`,
  );
}

/** A live view of the scope, whoever owns it (the service applies the private rule). */
export async function findView(
  db: Executor,
  scope: ViewScope,
  viewId: string,
  options: { forUpdate?: boolean } = {},
): Promise<IssueViewRow | undefined> {
  const query = db
    .select()
    .from(issueViews)
    .where(
      and(
        eq(issueViews.workspace_id, scope.workspaceId),
        scope.projectId === null ? isNull(issueViews.project_id) : eq(issueViews.project_id, scope.projectId),
        eq(issueViews.id, viewId),
        isNull(issueViews.deleted_at),
      ),
    );
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row;
}

export async function insertView(
  db: Executor,
  values: typeof issueViews.$inferInsert,
): Promise<IssueViewRow> {
  const [row] = await db.insert(issueViews).values(values).returning();
  return row!;
}

export async function updateViewRow(
  db: Executor,
  viewId: string,
  values: Partial<typeof issueViews.$inferInsert>,
): Promise<void> {
  await db
    .update(issueViews)
    .set({ ...values, updated_at: new Date() })
    .where(eq(issueViews.id, viewId));
}

export async function softDeleteView(db: Executor, viewId: string): Promise<void> {
  await db.update(issueViews).set({ deleted_at: new Date() }).where(eq(issueViews.id, viewId));
}

/** Ids a view's filters name, by the kind of object they must be. */
export interface FilterIds {
  state: string[];
  labels: string[];
  cycle: string[];
  module: string[];
  project: string[];
  /** assignees, created_by, subscriber, mentions. */
  users: string[];
}

/**
 * The ids among these that name nothing of the scope: states, labels, cycles and modules of the
 * view's project (of any project of the workspace for a global view), projects and members (past
 * or present) of the workspace. Deleted objects still count: a view may keep naming them.
 */
export async function idsOutsideScope(db: Executor, scope: ViewScope, ids: FilterIds): Promise<Set<string>> {
  const checks: SQL[] = [];
  const projectScoped = (key: keyof FilterIds, table: string) => {
    if (ids[key].length === 0) return;
    checks.push(
      sql`select x.id from unnest(${sqlArray(ids[key], 'uuid')}) x(id)
           where not exists (select 1 from ${sql.identifier(table)} o where o.id = x.id
             and o.workspace_id = ${scope.workspaceId}
             ${scope.projectId === null ? sql`` : sql`and o.project_id = ${scope.projectId}`})`,
    );
  };
  projectScoped('state', 'states');
  projectScoped('labels', 'labels');
  projectScoped('cycle', 'cycles');
  projectScoped('module', 'modules');
  if (ids.project.length > 0) {
    checks.push(
      sql`select x.id from unnest(${sqlArray(ids.project, 'uuid')}) x(id)
           where not exists (select 1 from projects o where o.id = x.id and o.workspace_id = ${scope.workspaceId})`,
    );
  }
  if (ids.users.length > 0) {
    checks.push(
      sql`select x.id from unnest(${sqlArray(ids.users, 'uuid')}) x(id)
           where not exists (select 1 from workspace_members o where o.member_id = x.id
             and o.workspace_id = ${scope.workspaceId})`,
    );
  }
  if (checks.length === 0) return new Set();
  const rows = await queryRows<{ id: string }>(db, sql.join(checks, sql` union all `));
  return new Set(rows.map((r) => r.id));
}
