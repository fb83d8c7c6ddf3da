import { sql } from 'drizzle-orm';
import { type Executor, queryRows, sqlArray } from '../../platform/db/database.ts';

const like = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Read-only lookups across the caller's visible projects, for the palette and mention pickers. */
export function searchProjects(db: Executor, projectIds: string[], term: string, limit: number) {
  return queryRows<{ id: string; name: string; identifier: string; workspace__slug: string }>(
    db,
    sql`select p.id, p.name, p.identifier, w.slug as workspace__slug
      from projects p join workspaces w on w.id = p.workspace_id
      where p.id = any(${sqlArray(projectIds, 'uuid')}) and p.deleted_at is null
        and (p.name ilike ${like(term)} or p.identifier ilike ${like(term)})
      order by p.name limit ${limit}`,
  );
}

/** `IDENT-123` also finds that work item by its key (`p` and `i` are the project and the item). */
function keyMatch(term: string) {
  const key = /^([A-Za-z0-9]{1,12})-(\d{1,9})$/.exec(term.trim());
  return key
    ? sql`or (p.identifier = ${key[1]!.toUpperCase()} and i.sequence_id = ${Number(key[2])})`
    : sql``;
}

export function searchIssuesByText(
  db: Executor,
  scope: { projectIds: string[]; ownOnly: string[]; userId: string },
  term: string,
  limit: number,
) {
  const byKey = keyMatch(term);
  return queryRows<{
    id: string;
    name: string;
    sequence_id: number;
    project__identifier: string;
    project_id: string;
    workspace__slug: string;
  }>(
    db,
    sql`select i.id, i.name, i.sequence_id, p.identifier as project__identifier, i.project_id, w.slug as workspace__slug
      from issues i join projects p on p.id = i.project_id join workspaces w on w.id = p.workspace_id
      where i.project_id = any(${sqlArray(scope.projectIds, 'uuid')})
        and i.deleted_at is null and i.archived_at is null and not i.is_draft and not i.is_intake
        and (i.created_by = ${scope.userId} or not i.project_id = any(${sqlArray(scope.ownOnly, 'uuid')}))
        and (i.name ilike ${like(term)} ${byKey})
      order by i.updated_at desc limit ${limit}`,
  );
}

export function searchMembers(db: Executor, workspaceId: string, term: string, limit: number) {
  return queryRows<{ member__id: string; member__display_name: string; member__avatar_url: string | null }>(
    db,
    sql`select u.id as member__id, u.display_name as member__display_name, u.avatar as member__avatar_url
      from workspace_members m join users u on u.id = m.member_id
      where m.workspace_id = ${workspaceId} and m.is_active and not u.is_bot
        and (u.display_name ilike ${like(term)} or u.first_name ilike ${like(term)} or u.last_name ilike ${like(term)})
      order by u.display_name limit ${limit}`,
  );
}

/** A named object of a project (cycle, module, saved view, page) as the palette lists it. */
export interface ProjectObjectHit {
  id: string;
  name: string;
  project_id: string;
  project__identifier: string;
  workspace__slug: string;
}

const PROJECT_OBJECT_TABLES = {
  cycle: 'cycles',
  module: 'modules',
  issue_view: 'issue_views',
  page: 'pages',
} as const;
export type ProjectObjectKind = keyof typeof PROJECT_OBJECT_TABLES;

/**
 * Cycles, modules, saved views or pages of the caller's projects whose name matches (a page's text
 * too). Private views and pages are their owner's alone; in a project where the caller sees only
 * their own items (a guest), they see only their own pages.
 */
export function searchProjectObjects(
  db: Executor,
  kind: ProjectObjectKind,
  scope: { projectIds: string[]; ownOnly: string[]; userId: string },
  term: string,
  limit: number,
) {
  const visible =
    kind === 'issue_view'
      ? sql`and (o.access = 0 or o.owned_by = ${scope.userId})`
      : kind === 'page'
        ? sql`and (o.owned_by = ${scope.userId}
                   or (o.access = 0 and not o.project_id = any(${sqlArray(scope.ownOnly, 'uuid')})))
              and o.archived_at is null`
        : sql``;
  const matches =
    kind === 'page'
      ? sql`(o.name ilike ${like(term)} or o.description_stripped ilike ${like(term)})`
      : sql`o.name ilike ${like(term)}`;
  return queryRows<ProjectObjectHit>(
    db,
    sql`select o.id, o.name, o.project_id, p.identifier as project__identifier, w.slug as workspace__slug
      from ${sql.identifier(PROJECT_OBJECT_TABLES[kind])} o
      join projects p on p.id = o.project_id join workspaces w on w.id = p.workspace_id
      where o.project_id = any(${sqlArray(scope.projectIds, 'uuid')}) and o.deleted_at is null
        and ${matches} ${visible}
      order by o.updated_at desc limit ${limit}`,
  );
}

/** The workspace's own saved views (no project) the caller may open: public ones and their own. */
export function searchWorkspaceViews(
  db: Executor,
  scope: { workspaceId: string; userId: string },
  term: string,
  limit: number,
) {
  return queryRows<Omit<ProjectObjectHit, 'project_id' | 'project__identifier'> & { project_id: null }>(
    db,
    sql`select v.id, v.name, null as project_id, w.slug as workspace__slug
      from issue_views v join workspaces w on w.id = v.workspace_id
      where v.workspace_id = ${scope.workspaceId} and v.project_id is null and v.deleted_at is null
        and (v.access = 0 or v.owned_by = ${scope.userId}) and v.name ilike ${like(term)}
      order by v.updated_at desc limit ${limit}`,
  );
}

/**
 * Intake submissions of the caller's projects whose intake is on, by name or key: in a project
 * where the caller sees only their own items (a guest), only their own submissions.
 */
export function searchIntakeItems(
  db: Executor,
  scope: { projectIds: string[]; ownOnly: string[]; userId: string },
  term: string,
  limit: number,
) {
  const byKey = keyMatch(term);
  return queryRows<{
    id: string;
    issue_id: string;
    name: string;
    sequence_id: number;
    status: number;
    project__identifier: string;
    project_id: string;
    workspace__slug: string;
  }>(
    db,
    sql`select ii.id, i.id as issue_id, i.name, i.sequence_id, ii.status, p.identifier as project__identifier,
          i.project_id, w.slug as workspace__slug
      from intake_issues ii join issues i on i.id = ii.issue_id
        join projects p on p.id = ii.project_id join workspaces w on w.id = p.workspace_id
      where ii.project_id = any(${sqlArray(scope.projectIds, 'uuid')}) and p.intake_view
        and ii.deleted_at is null and i.deleted_at is null
        and (i.created_by = ${scope.userId} or not ii.project_id = any(${sqlArray(scope.ownOnly, 'uuid')}))
        and (i.name ilike ${like(term)} ${byKey})
      order by ii.created_at desc limit ${limit}`,
  );
}
