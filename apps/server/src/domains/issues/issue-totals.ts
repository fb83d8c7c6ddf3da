import { type SQL, sql } from 'drizzle-orm';

/** SQL over work items that cycles and modules use for their figures (reads only). */

/** A work item's live, listed state: not deleted, archived, a draft or waiting in intake. */
export const LIVE_ISSUE = sql.raw(
  'i.deleted_at is null and i.archived_at is null and not i.is_draft and not i.is_intake',
);

/** An estimate point's numeric value (points estimates); others count 0. */
export const POINT_VALUE = sql.raw(
  `(case when ep.value ~ '^[0-9]+(\\.[0-9]+)?$' then ep.value::numeric else 0 end)`,
);

/** Totals of the live work items matching `member` (a condition over `i`), by state group and points. */
export function planningTotals(member: SQL): SQL {
  return sql`(
    select count(*)::int as total_issues,
      count(*) filter (where s."group" = 'completed')::int as completed_issues,
      count(*) filter (where s."group" = 'cancelled')::int as cancelled_issues,
      count(*) filter (where s."group" = 'started')::int as started_issues,
      count(*) filter (where s."group" = 'unstarted')::int as unstarted_issues,
      count(*) filter (where s."group" = 'backlog')::int as backlog_issues,
      coalesce(sum(${POINT_VALUE}), 0)::float8 as total_estimate_points,
      coalesce(sum(${POINT_VALUE}) filter (where s."group" = 'completed'), 0)::float8 as completed_estimate_points
    from issues i
    join states s on s.id = i.state_id
    left join estimate_points ep on ep.id = i.estimate_point_id
    where ${member} and ${LIVE_ISSUE}
  )`;
}
