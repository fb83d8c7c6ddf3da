import { AppError } from '@kite/shared/errors';
import { type SQL, sql } from 'drizzle-orm';
import { sqlArray } from '../../platform/db/database.ts';

const MAX_DEPTH = 5;
const invalid = (message: string) => new AppError('bad_request', message, 'INVALID_FILTER');
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

type Kind = 'uuid' | 'text' | 'uuid[]' | 'date' | 'bool';
/** A filter key: the kind of its values and the column (or column set) it tests. */
export type FilterKey = { kind: Kind; column: string };
/** Filter keys of api.md §5.3 and the column (or column set) each one tests. */
const KEYS: Record<string, FilterKey> = {
  state_id: { kind: 'uuid', column: 'i.state_id' },
  state_group: { kind: 'text', column: '(select s."group" from states s where s.id = i.state_id)' },
  priority: { kind: 'text', column: 'i.priority' },
  project_id: { kind: 'uuid', column: 'i.project_id' },
  cycle_id: { kind: 'uuid', column: 'i.cycle_id' },
  module_id: { kind: 'uuid[]', column: 'i.module_ids' },
  label_id: { kind: 'uuid[]', column: 'i.label_ids' },
  assignee_id: { kind: 'uuid[]', column: 'i.assignee_ids' },
  created_by_id: { kind: 'uuid', column: 'i.created_by' },
  subscriber_id: {
    kind: 'uuid[]',
    column:
      '(select coalesce(array_agg(s.subscriber_id), array[]::uuid[]) from issue_subscribers s where s.issue_id = i.id)',
  },
  mention_id: {
    kind: 'uuid[]',
    column:
      '(select coalesce(array_agg(m.mention_id), array[]::uuid[]) from issue_mentions m where m.issue_id = i.id)',
  },
  start_date: { kind: 'date', column: 'i.start_date' },
  target_date: { kind: 'date', column: 'i.target_date' },
  created_at: { kind: 'date', column: 'i.created_at::date' },
  updated_at: { kind: 'date', column: 'i.updated_at::date' },
  is_draft: { kind: 'bool', column: 'i.is_draft' },
};

function values(raw: unknown): string[] {
  const list = Array.isArray(raw) ? raw : typeof raw === 'string' ? raw.split(',') : [raw];
  return list.map((v) => String(v).trim()).filter((v) => v !== '');
}

function check(kind: Kind, items: string[], key: string): void {
  const pattern = kind === 'uuid' || kind === 'uuid[]' ? UUID : kind === 'date' ? DATE : null;
  if (items.length === 0) throw invalid(`Empty value for ${key}`);
  if (pattern && items.some((v) => !pattern.test(v))) throw invalid(`Invalid value for ${key}`);
}

function condition(field: string, raw: unknown, extra: Record<string, FilterKey>): SQL {
  const [key = '', operator = 'exact', ...rest] = field.split('__');
  const spec = Object.hasOwn(extra, key) ? extra[key] : Object.hasOwn(KEYS, key) ? KEYS[key] : undefined;
  if (!spec || rest.length > 0) throw invalid(`Unknown filter key: ${field}`);
  const column = sql.raw(spec.column);
  if (spec.kind === 'bool') {
    if (operator !== 'exact' || typeof raw !== 'boolean') throw invalid(`Invalid value for ${field}`);
    return sql`${column} = ${raw}`;
  }
  if (spec.kind === 'date') {
    const items = values(raw);
    check('date', items, field);
    if (operator === 'exact' && items.length === 1) return sql`${column} = ${items[0]}::date`;
    if (operator === 'range' && items.length === 2)
      return sql`${column} between ${items[0]}::date and ${items[1]}::date`;
    throw invalid(`Invalid operator or value for ${field}`);
  }
  if (operator !== 'exact' && operator !== 'in') throw invalid(`Unknown operator: ${field}`);
  const items = operator === 'exact' ? [String(raw)] : values(raw);
  check(spec.kind, items, field);
  if (spec.kind === 'uuid[]') return sql`${column} && ${sqlArray(items, 'uuid')}`;
  if (spec.kind === 'uuid') return sql`${column} = any(${sqlArray(items, 'uuid')})`;
  return sql`${column} = any(${sqlArray(items, 'text')})`;
}

function node(value: unknown, depth: number, extra: Record<string, FilterKey>): SQL {
  if (depth > MAX_DEPTH) throw invalid(`Filters nest deeper than ${MAX_DEPTH}`);
  if (!value || typeof value !== 'object' || Array.isArray(value))
    throw invalid('Each filter must be an object');
  const entries = Object.entries(value);
  if (entries.length !== 1) throw invalid('Each filter object has exactly one key');
  const [key, inner] = entries[0]!;
  if (key === 'and' || key === 'or') {
    if (!Array.isArray(inner) || inner.length === 0) throw invalid(`"${key}" needs a non-empty list`);
    const parts = inner.map((child) => node(child, depth + 1, extra));
    return sql`(${sql.join(parts, key === 'and' ? sql` and ` : sql` or `)})`;
  }
  if (key === 'not') return sql`not (${node(inner, depth + 1, extra)})`;
  return condition(key, inner, extra);
}

/**
 * The JSON filter tree (`filters=`) as one SQL condition; 400 INVALID_FILTER for anything malformed.
 * `extra`: keys of a list of its own (the intake's `status`) beside the work item's.
 */
export function filterTreeCondition(raw: string, extra: Record<string, FilterKey> = {}): SQL {
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw invalid('Filters must be valid JSON');
  }
  return node(parsed, 1, extra);
}
