import { type SQL, sql } from 'drizzle-orm';
import { type Executor, queryRows, sqlArray } from '../../platform/db/database.ts';

export interface SearchHit {
  id: string;
  name: string;
  sequence_id: number;
  start_date: string | null;
  project_id: string;
  project__name: string;
  project__identifier: string;
  workspace__slug: string;
  state__name: string;
  state__group: string;
  state__color: string;
}

/** A hit with when it was last updated (milliseconds, truncated): what the search cache keeps it by. */
export type TimedSearchHit = SearchHit & { updated_ms: number };

/**
 * Work items of the given projects matching a name, a key (`WEB-12`) or a number; `onlyMine` lists
 * projects where the caller may only see what they created (the guest rule).
 */
export function searchIssues(
  db: Executor,
  scope: { projectIds: string[]; onlyMine: string[]; userId: string },
  search: string,
  exclusions: SQL[],
  limit: number,
): Promise<TimedSearchHit[]> {
  const conditions: SQL[] = [
    sql`i.project_id = any(${sqlArray(scope.projectIds, 'uuid')})`,
    sql`i.deleted_at is null and i.archived_at is null and not i.is_draft and not i.is_intake`,
    sql`(not i.project_id = any(${sqlArray(scope.onlyMine, 'uuid')}) or i.created_by = ${scope.userId})`,
    ...exclusions,
  ];
  const term = search.trim();
  if (term) {
    const key = /^([A-Za-z0-9]{1,12})-(\d{1,9})$/.exec(term);
    const number = /^\d{1,9}$/.test(term) ? Number(term) : null;
    const like = `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const parts: SQL[] = [sql`i.name ilike ${like}`];
    if (key) parts.push(sql`(p.identifier = ${key[1]!.toUpperCase()} and i.sequence_id = ${Number(key[2])})`);
    if (number !== null) parts.push(sql`i.sequence_id = ${number}`);
    conditions.push(sql`(${sql.join(parts, sql` or `)})`);
  }
  return queryRows<TimedSearchHit>(
    db,
    sql`select floor(extract(epoch from i.updated_at) * 1000)::float8 as updated_ms, i.id, i.name, i.sequence_id, to_char(i.start_date, 'YYYY-MM-DD') as start_date, i.project_id,
        p.name as project__name, p.identifier as project__identifier, w.slug as workspace__slug,
        s.name as state__name, s."group" as state__group, s.color as state__color
      from issues i
      join projects p on p.id = i.project_id
      join workspaces w on w.id = p.workspace_id
      join states s on s.id = i.state_id
      where ${sql.join(conditions, sql` and `)}
      order by i.updated_at desc
      limit ${limit}`,
  );
}
