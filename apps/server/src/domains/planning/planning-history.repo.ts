import { type SQL, sql } from 'drizzle-orm';
import { type Executor, queryRows, sqlArray } from '../../platform/db/database.ts';
import { LIVE_ISSUE, POINT_VALUE } from '../issues/issue-totals.ts';
import { type Membership, TRACKED_FIELDS } from './burndown.ts';

/** The items in the cycle or module now (`i` is the issues row). */
function memberNow(m: Membership): SQL {
  return m.kind === 'cycle' ? sql`i.cycle_id = ${m.id}` : sql`i.module_ids @> array[${m.id}]::uuid[]`;
}

/**
 * The items whose history names the cycle or module: joined or left it once (the partial indexes
 * of migration 0011 on cycle activity values, and 0012's on module activity id arrays).
 */
function memberOnce(m: Membership): SQL {
  if (m.kind === 'cycle')
    return sql`i.id in (select a.issue_id from activities a where a.field = 'cycle' and a.new_value = ${m.id})
            or i.id in (select a.issue_id from activities a where a.field = 'cycle' and a.old_value = ${m.id})`;
  const ids = sql`array[${m.id}]::text[]`;
  return sql`i.id in (select a.issue_id from activities a where a.field = 'modules' and string_to_array(a.new_value, ',') @> ${ids})
          or i.id in (select a.issue_id from activities a where a.field = 'modules' and string_to_array(a.old_value, ',') @> ${ids})`;
}

/** Every work item that is or ever was in the cycle or module, with its tracked fields now. */
export function issuesEverIn(db: Executor, projectId: string, m: Membership) {
  return queryRows<{
    id: string;
    created_at: Date | string;
    cycle_id: string | null;
    module_ids: string[];
    state_id: string;
    estimate_point_id: string | null;
    archived_at: Date | string | null;
    is_draft: boolean;
  }>(
    db,
    sql`select i.id, i.created_at, i.cycle_id, i.module_ids, i.state_id, i.estimate_point_id, i.archived_at, i.is_draft
          from issues i
         where i.project_id = ${projectId} and (${memberNow(m)} or ${memberOnce(m)})`,
  );
}

/** The recorded changes of these work items that the burndown follows, oldest first. */
export function historyOf(db: Executor, issueIds: string[]) {
  if (issueIds.length === 0) return Promise.resolve([]);
  return queryRows<{
    issue_id: string;
    created_at: Date | string;
    verb: string;
    field: string | null;
    old_value: string | null;
    new_value: string | null;
  }>(
    db,
    sql`select issue_id, created_at, verb, field, old_value, new_value from activities
         where issue_id = any(${sqlArray(issueIds, 'uuid')})
           and (verb = 'deleted' or field = any(${sqlArray(TRACKED_FIELDS, 'text')}))
         order by created_at, verb <> 'deleted'`,
  );
}

/** Group and point value of every state and estimate point the project ever had. */
export async function projectScales(db: Executor, projectId: string) {
  const [states, points] = await Promise.all([
    queryRows<{ id: string; group: string }>(
      db,
      sql`select id, "group" from states where project_id = ${projectId}`,
    ),
    queryRows<{ id: string; value: number }>(
      db,
      sql`select ep.id, ${POINT_VALUE}::float8 as value from estimate_points ep where ep.project_id = ${projectId}`,
    ),
  ]);
  return {
    groupOfState: new Map(states.map((s) => [s.id, s.group])),
    pointValue: new Map(points.map((p) => [p.id, p.value])),
  };
}

/** The live items per assignee and per label: all, completed, pending (weighted by points or 1). */
export async function distributionOf(db: Executor, projectId: string, m: Membership, byPoints: boolean) {
  const weight = byPoints ? sql`${POINT_VALUE}` : sql`1`;
  const figures = sql`coalesce(sum(${weight}), 0)::float8 as total_issues,
      coalesce(sum(${weight}) filter (where s."group" = 'completed'), 0)::float8 as completed_issues,
      coalesce(sum(${weight}) filter (where s."group" <> 'completed'), 0)::float8 as pending_issues`;
  const items = sql`issues i join states s on s.id = i.state_id left join estimate_points ep on ep.id = i.estimate_point_id`;
  const member = sql`i.project_id = ${projectId} and ${memberNow(m)} and ${LIVE_ISSUE}`;
  const [assignees, labels] = await Promise.all([
    queryRows<{
      assignee_id: string | null;
      display_name: string | null;
      total_issues: number;
      completed_issues: number;
      pending_issues: number;
    }>(
      db,
      sql`select x.id as assignee_id, u.display_name, ${figures}
            from ${items}
            cross join lateral unnest(case when cardinality(i.assignee_ids) = 0 then array[null::uuid] else i.assignee_ids end) as x(id)
            left join users u on u.id = x.id
           where ${member}
           group by x.id, u.display_name order by u.display_name nulls last`,
    ),
    queryRows<{
      label_id: string | null;
      label_name: string | null;
      color: string | null;
      total_issues: number;
      completed_issues: number;
      pending_issues: number;
    }>(
      db,
      sql`select x.id as label_id, l.name as label_name, l.color, ${figures}
            from ${items}
            cross join lateral unnest(case when cardinality(i.label_ids) = 0 then array[null::uuid] else i.label_ids end) as x(id)
            left join labels l on l.id = x.id
           where ${member}
           group by x.id, l.name, l.color order by l.name nulls last`,
    ),
  ]);
  return { assignees, labels };
}
