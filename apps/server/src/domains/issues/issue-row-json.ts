import { type SQL, sql } from 'drizzle-orm';
import type { StateRow } from '../../platform/db/schema.ts';

/** How a column becomes a JSON value (every kind renders SQL null as JSON null). */
type Kind = 'word' | 'text' | 'number' | 'ids' | 'date' | 'time';

const VALUE: Record<Kind, (column: string) => string> = {
  // UUIDs and enum values: nothing in them needs escaping.
  word: (c) => `'"' || ${c} || '"'`,
  text: (c) => `to_json(${c})::text`,
  number: (c) => `${c}::text`,
  ids: (c) => `array_to_json(${c})::text`,
  date: (c) => `'"' || to_char(${c}, 'YYYY-MM-DD') || '"'`,
  // The presenter's toISOString(): UTC, milliseconds (both truncate microseconds).
  time: (c) => `'"' || to_char(${c} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') || '"'`,
};

/** The wire's IssueRow, field by field, in `presentIssueRow`'s order. */
const FIELDS: [key: string, kind: Kind, column: string, whenNull?: string][] = [
  ['id', 'word', 'i.id'],
  ['name', 'text', 'i.name'],
  ['sequence_id', 'number', 'i.sequence_id'],
  ['state_id', 'word', 'i.state_id'],
  ['state__group', 'word', 'state__group'],
  ['priority', 'word', 'i.priority'],
  ['sort_order', 'number', 'i.sort_order'],
  ['estimate_point', 'word', 'i.estimate_point_id'],
  ['start_date', 'date', 'i.start_date'],
  ['target_date', 'date', 'i.target_date'],
  ['completed_at', 'time', 'i.completed_at'],
  ['archived_at', 'time', 'i.archived_at'],
  ['project_id', 'word', 'i.project_id'],
  ['parent_id', 'word', 'i.parent_id'],
  ['cycle_id', 'word', 'i.cycle_id'],
  ['module_ids', 'ids', 'i.module_ids', '[]'],
  ['label_ids', 'ids', 'i.label_ids', '[]'],
  ['assignee_ids', 'ids', 'i.assignee_ids', '[]'],
  ['sub_issues_count', 'number', 'i.sub_issues_count'],
  ['attachment_count', 'number', 'i.attachment_count'],
  ['link_count', 'number', 'i.link_count'],
  ['is_draft', 'number', 'i.is_draft'],
  ['created_at', 'time', 'i.created_at'],
  ['updated_at', 'time', 'i.updated_at'],
  ['created_by', 'word', 'i.created_by'],
  ['updated_by', 'word', 'i.updated_by'],
];

/** `state__group` is the one value that is not a column: the CASE below. */
function rowJson(stateGroup: SQL): SQL {
  return sql.join(
    [
      ...FIELDS.map(([key, kind, column, whenNull = 'null'], index) => {
        const value =
          column === 'state__group' ? sql`'"' || ${stateGroup} || '"'` : sql.raw(VALUE[kind](column));
        return sql`${sql.raw(`'${index === 0 ? '{' : ','}"${key}":'`)} || coalesce(${value}, ${sql.raw(`'${whenNull}'`)})`;
      }),
      sql.raw(`'}'`),
    ],
    sql` || `,
  );
}

/**
 * A list row rendered by PostgreSQL as the wire's IssueRow (the same fields and formats as
 * `presentIssueRow`), as compact JSON text that lists pass through without parsing. Built by
 * concatenation: json_build_object looks up every argument's type on every row and costs twice as
 * much. `states` are the visible states (others show as backlog, as in the presenter), inlined as
 * a CASE because a lookup per row would cost more than the rest of the row.
 */
export function issueRowJson(states: Pick<StateRow, 'id' | 'group'>[]): SQL {
  const group =
    states.length === 0
      ? sql`'backlog'`
      : sql`(case i.state_id ${sql.join(
          states.map((s) => sql`when ${s.id}::uuid then ${s.group}::text`),
          sql` `,
        )} else 'backlog' end)`;
  return sql`${rowJson(group)} as row_json`;
}
