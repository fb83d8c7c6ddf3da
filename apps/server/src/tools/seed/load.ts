import { ONBOARDING_STEPS } from '@kite/shared/contracts';
import { hashPassword } from '../../domains/auth/password.ts';
import type { Database } from '../../platform/db/database.ts';
import { randomToken } from '../../platform/security/tokens.ts';
import { BENCH_ADMIN, type Dataset } from './dataset.ts';

type ColumnType =
  | 'uuid'
  | 'text'
  | 'int'
  | 'float8'
  | 'date'
  | 'timestamptz'
  | 'bool'
  | 'smallint'
  | 'uuid[]'
  | 'jsonb';
type Column<Row> = [name: string, type: ColumnType, read: (row: Row) => unknown];

const BATCH = 10_000;

/**
 * Inserts rows in batches of one statement each: every column travels as one array parameter
 * and `unnest` turns them back into rows, which is close to COPY speed on both drivers.
 * Array columns travel as text literals (`{a,b}`) because unnest would flatten a 2-D array.
 */
async function insertAll<Row>(
  database: Database,
  table: string,
  columns: Column<Row>[],
  rows: readonly Row[],
  onProgress?: (done: number) => void,
): Promise<void> {
  const names = columns.map(([name]) => `"${name}"`).join(', ');
  const params = columns.map(([, type], i) => {
    const wire = type === 'uuid[]' || type === 'jsonb' ? 'text' : type;
    return `$${i + 1}::${wire}[]`;
  });
  const select = columns
    .map(([name, type]) => (type === 'uuid[]' || type === 'jsonb' ? `"c_${name}"::${type}` : `"c_${name}"`))
    .join(', ');
  const aliases = columns.map(([name]) => `"c_${name}"`).join(', ');
  const text = `insert into ${table} (${names}) select ${select} from unnest(${params.join(', ')}) as t(${aliases})`;
  for (let start = 0; start < rows.length; start += BATCH) {
    const batch = rows.slice(start, start + BATCH);
    const values = columns.map(([, type, read]) =>
      batch.map((row) => {
        const value = read(row);
        if (type === 'uuid[]') return `{${(value as string[]).join(',')}}`;
        if (type === 'jsonb') return JSON.stringify(value);
        return value;
      }),
    );
    await database.raw(text, values);
    onProgress?.(Math.min(start + BATCH, rows.length));
  }
}

export interface LoadReport {
  rows: Record<string, number>;
}

/** Writes the dataset into a migrated database; refuses one that already holds the bench workspace. */
export async function loadDataset(
  database: Database,
  data: Dataset,
  progress: (message: string) => void = () => {},
): Promise<LoadReport> {
  const existing = await database.raw<{ n: number }>(
    'select count(*)::int as n from workspaces where slug = $1 and deleted_at is null',
    [BENCH_ADMIN.workspaceSlug],
  );
  if ((existing[0]?.n ?? 0) > 0) {
    throw new Error(
      `This database already holds the '${BENCH_ADMIN.workspaceSlug}' workspace; seed a fresh one.`,
    );
  }
  const passwordHash = await hashPassword(BENCH_ADMIN.password);
  const adminId = data.adminId;
  const ws = data.workspaceId;

  await database.raw(
    `insert into instance (instance_name, instance_id, is_setup_done)
     select 'Kite', $1, true where not exists (select 1 from instance)`,
    [randomToken(12)],
  );
  await database.raw('update instance set is_setup_done = true');

  await insertAll(
    database,
    'users',
    [
      ['id', 'uuid', (u) => u.id],
      ['email', 'text', (u) => u.email],
      ['username', 'text', (u) => u.username],
      ['display_name', 'text', (u) => u.display_name],
      ['first_name', 'text', (u) => u.first_name],
      ['last_name', 'text', (u) => u.last_name],
      ['password_hash', 'text', (u) => (u.id === adminId ? passwordHash : null)],
      ['is_email_verified', 'bool', () => true],
      ['is_instance_admin', 'bool', (u) => u.id === adminId],
    ],
    data.users,
  );
  const onboarded = Object.fromEntries(ONBOARDING_STEPS.map((step) => [step, true]));
  await insertAll(
    database,
    'profiles',
    [
      ['user_id', 'uuid', (u) => u.id],
      ['onboarding_step', 'jsonb', () => onboarded],
      ['is_onboarded', 'bool', () => true],
      ['is_tour_completed', 'bool', () => true],
      ['last_workspace_id', 'uuid', () => ws],
    ],
    data.users,
  );
  await database.raw(
    'insert into workspaces (id, name, slug, owner_id, created_by) values ($1, $2, $3, $4, $4)',
    [ws, 'Bench', BENCH_ADMIN.workspaceSlug, adminId],
  );
  await insertAll(
    database,
    'workspace_members',
    [
      ['workspace_id', 'uuid', () => ws],
      ['member_id', 'uuid', (u) => u.id],
      ['role', 'smallint', (u) => (u.id === adminId ? 20 : 15)],
    ],
    data.users,
  );
  await insertAll(
    database,
    'projects',
    [
      ['id', 'uuid', (p) => p.id],
      ['workspace_id', 'uuid', () => ws],
      ['name', 'text', (p) => p.name],
      ['identifier', 'text', (p) => p.identifier],
      ['default_state_id', 'uuid', (p) => p.default_state_id],
      ['project_lead_id', 'uuid', () => adminId],
      ['created_by', 'uuid', () => adminId],
    ],
    data.projects,
  );
  const memberships = data.projects.flatMap((p) => p.member_ids.map((member) => ({ project: p.id, member })));
  await insertAll(
    database,
    'project_members',
    [
      ['workspace_id', 'uuid', () => ws],
      ['project_id', 'uuid', (m) => m.project],
      ['member_id', 'uuid', (m) => m.member],
      ['role', 'smallint', (m) => (m.member === adminId ? 20 : 15)],
    ],
    memberships,
  );
  await insertAll(
    database,
    'states',
    [
      ['id', 'uuid', (s) => s.id],
      ['workspace_id', 'uuid', () => ws],
      ['project_id', 'uuid', (s) => s.project_id],
      ['name', 'text', (s) => s.name],
      ['color', 'text', (s) => s.color],
      ['group', 'text', (s) => s.group],
      ['sequence', 'float8', (s) => s.sequence],
      ['default', 'bool', (s) => s.default],
    ],
    data.states,
  );
  await insertAll(
    database,
    'labels',
    [
      ['id', 'uuid', (l) => l.id],
      ['workspace_id', 'uuid', () => ws],
      ['project_id', 'uuid', (l) => l.project_id],
      ['name', 'text', (l) => l.name],
      ['color', 'text', (l) => l.color],
      ['sort_order', 'float8', (l) => l.sort_order],
    ],
    data.labels,
  );

  await insertAll(
    database,
    'cycles',
    [
      ['id', 'uuid', (c) => c.id],
      ['workspace_id', 'uuid', () => ws],
      ['project_id', 'uuid', (c) => c.project_id],
      ['name', 'text', (c) => c.name],
      ['start_date', 'date', (c) => c.start_date],
      ['end_date', 'date', (c) => c.end_date],
      ['owned_by_id', 'uuid', () => adminId],
      ['sort_order', 'float8', (c) => c.sort_order],
      ['created_by', 'uuid', () => adminId],
    ],
    data.cycles,
  );
  await insertAll(
    database,
    'modules',
    [
      ['id', 'uuid', (m) => m.id],
      ['workspace_id', 'uuid', () => ws],
      ['project_id', 'uuid', (m) => m.project_id],
      ['name', 'text', (m) => m.name],
      ['status', 'text', (m) => m.status],
      ['sort_order', 'float8', (m) => m.sort_order],
      ['created_by', 'uuid', () => adminId],
    ],
    data.modules,
  );

  const restoreIndexes = await dropSecondaryIndexes(database, BULK_TABLES);
  // The embedded database has one connection, so this skips the foreign-key triggers of exactly
  // this load (the generator only references rows it wrote); PostgreSQL is fast enough with them.
  if (database.kind === 'pglite') await database.raw('set session_replication_role = replica');
  // Counters are rebuilt once below instead of one delta row per inserted work item.
  await database.raw('alter table issues disable trigger issues_count_delta');
  await database.raw('alter table issues disable trigger issues_group_count_delta');
  try {
    await loadIssues(database, ws, data, progress);
  } finally {
    await database.raw('alter table issues enable trigger issues_count_delta');
    await database.raw('alter table issues enable trigger issues_group_count_delta');
    if (database.kind === 'pglite') await database.raw('set session_replication_role = default');
    progress('indexing');
    await restoreIndexes();
  }
  const projectIds = data.projects.map((p) => p.id);
  await database.raw('delete from issue_count_deltas where project_id = any($1::uuid[])', [projectIds]);
  await database.raw(
    `insert into issue_count_deltas (project_id, state_id, priority, n)
     select project_id, state_id, priority, count(*)::int from issues
      where project_id = any($1::uuid[]) and deleted_at is null and archived_at is null and not is_draft
      group by 1, 2, 3`,
    [projectIds],
  );
  await database.raw('delete from issue_group_count_deltas where project_id = any($1::uuid[])', [projectIds]);
  await database.raw(
    `insert into issue_group_count_deltas (project_id, kind, key, state_id, n)
     select project_id, 'cycle', cycle_id, state_id, count(*)::int from issues
      where project_id = any($1::uuid[]) and deleted_at is null and archived_at is null and not is_draft
      group by 1, 3, 4
     union all
     select i.project_id, 'module', m, i.state_id, count(*)::int
       from issues i
       cross join lateral unnest(case when cardinality(i.module_ids) = 0 then array[null::uuid] else i.module_ids end) as m
      where i.project_id = any($1::uuid[]) and i.deleted_at is null and i.archived_at is null and not i.is_draft
      group by 1, 3, 4`,
    [projectIds],
  );
  // A settled table, as autovacuum leaves it: statistics, and a visibility map for index-only scans.
  progress('vacuum');
  await database.raw('vacuum (analyze)');
  return {
    rows: {
      users: data.users.length,
      projects: data.projects.length,
      states: data.states.length,
      labels: data.labels.length,
      cycles: data.cycles.length,
      modules: data.modules.length,
      issues: data.issues.length,
      subscribers: data.issues.length,
      comments: data.comments.length,
      activities: data.activities.length,
    },
  };
}

const BULK_TABLES = ['issues', 'issue_subscribers', 'issue_comments', 'activities'];

/**
 * Drops the indexes that do not back a constraint and returns how to build them again:
 * one build after the load is several times cheaper than keeping them current row by row.
 */
async function dropSecondaryIndexes(database: Database, tables: string[]): Promise<() => Promise<void>> {
  const indexes = await database.raw<{ name: string; definition: string }>(
    `select i.indexname as name, i.indexdef as definition
       from pg_indexes i
      where i.schemaname = current_schema() and i.tablename = any($1::text[])
        and not exists (
          select 1 from pg_constraint c
           where c.conindid = (quote_ident(i.schemaname) || '.' || quote_ident(i.indexname))::regclass
        )`,
    [tables],
  );
  for (const index of indexes) await database.raw(`drop index "${index.name}"`);
  return async () => {
    for (const index of indexes) await database.raw(index.definition);
  };
}

async function loadIssues(
  database: Database,
  ws: string,
  data: Dataset,
  progress: (message: string) => void,
): Promise<void> {
  progress(`issues 0/${data.issues.length}`);
  await insertAll(
    database,
    'issues',
    [
      ['id', 'uuid', (i) => i.id],
      ['workspace_id', 'uuid', () => ws],
      ['project_id', 'uuid', (i) => i.project_id],
      ['sequence_id', 'int', (i) => i.sequence_id],
      ['name', 'text', (i) => i.name],
      ['description_html', 'text', (i) => i.description_html],
      ['description_stripped', 'text', (i) => i.description_stripped],
      ['priority', 'text', (i) => i.priority],
      ['state_id', 'uuid', (i) => i.state_id],
      ['sort_order', 'float8', (i) => i.sort_order],
      ['start_date', 'date', (i) => i.start_date],
      ['target_date', 'date', (i) => i.target_date],
      ['completed_at', 'timestamptz', (i) => i.completed_at?.toISOString() ?? null],
      ['parent_id', 'uuid', (i) => i.parent_id],
      ['label_ids', 'uuid[]', (i) => i.label_ids],
      ['assignee_ids', 'uuid[]', (i) => i.assignee_ids],
      ['cycle_id', 'uuid', (i) => i.cycle_id],
      ['module_ids', 'uuid[]', (i) => i.module_ids],
      ['sub_issues_count', 'int', (i) => i.sub_issues_count],
      ['created_at', 'timestamptz', (i) => i.created_at.toISOString()],
      ['updated_at', 'timestamptz', (i) => i.created_at.toISOString()],
      ['created_by', 'uuid', (i) => i.created_by],
      ['updated_by', 'uuid', (i) => i.created_by],
    ],
    data.issues,
    (done) => progress(`issues ${done}/${data.issues.length}`),
  );
  const lastSequence = new Map<string, number>();
  for (const issue of data.issues) {
    lastSequence.set(issue.project_id, Math.max(lastSequence.get(issue.project_id) ?? 0, issue.sequence_id));
  }
  await insertAll(
    database,
    'issue_sequences',
    [
      ['project_id', 'uuid', ([project]) => project],
      ['last', 'int', ([, last]) => last],
    ],
    [...lastSequence],
  );
  // Creators follow their work items, as the app does on create.
  const subscriptions = data.issues.map((issue) => ({ issue, user: issue.created_by }));
  await insertAll(
    database,
    'issue_subscribers',
    [
      ['workspace_id', 'uuid', () => ws],
      ['project_id', 'uuid', (s) => s.issue.project_id],
      ['issue_id', 'uuid', (s) => s.issue.id],
      ['subscriber_id', 'uuid', (s) => s.user],
    ],
    subscriptions,
    (done) => progress(`subscribers ${done}/${subscriptions.length}`),
  );
  await insertAll(
    database,
    'issue_comments',
    [
      ['id', 'uuid', (c) => c.id],
      ['workspace_id', 'uuid', () => ws],
      ['project_id', 'uuid', (c) => c.project_id],
      ['issue_id', 'uuid', (c) => c.issue_id],
      ['actor_id', 'uuid', (c) => c.actor_id],
      ['comment_html', 'text', (c) => c.comment_html],
      ['comment_stripped', 'text', (c) => c.comment_stripped],
      ['created_at', 'timestamptz', (c) => c.created_at.toISOString()],
      ['updated_at', 'timestamptz', (c) => c.created_at.toISOString()],
      ['created_by', 'uuid', (c) => c.actor_id],
    ],
    data.comments,
    (done) => progress(`comments ${done}/${data.comments.length}`),
  );
  await insertAll(
    database,
    'activities',
    [
      ['workspace_id', 'uuid', () => ws],
      ['project_id', 'uuid', (a) => a.project_id],
      ['issue_id', 'uuid', (a) => a.issue_id],
      ['actor_id', 'uuid', (a) => a.actor_id],
      ['verb', 'text', (a) => a.verb],
      ['field', 'text', (a) => a.field],
      ['old_value', 'text', (a) => a.old_value],
      ['new_value', 'text', (a) => a.new_value],
      ['comment', 'text', (a) => a.comment],
      ['created_at', 'timestamptz', (a) => a.created_at.toISOString()],
      ['updated_at', 'timestamptz', (a) => a.created_at.toISOString()],
    ],
    data.activities,
    (done) => progress(`activities ${done}/${data.activities.length}`),
  );
}
