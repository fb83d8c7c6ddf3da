import type { NotificationFilters } from '@kite/shared/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../platform/db/database.ts';
import { notifications } from '../../platform/db/schema.ts';

/** What a notification keeps of the activity it reports (api.md §12 `data.issue_activity`). */
export type StoredActivity = {
  id: string;
  verb: string;
  field: string | null;
  actor: string | null;
  old_value: string | null;
  new_value: string | null;
  issue_comment: string | null;
  old_identifier: string | null;
  new_identifier: string | null;
};

export type NewNotification = Omit<typeof notifications.$inferInsert, 'activity' | 'created_at'> & {
  activity: StoredActivity;
  /** The change's commit time (SQL: kept to the microsecond). */
  created_at: SQL;
};

export async function insertNotifications(db: Executor, rows: NewNotification[]): Promise<void> {
  if (rows.length > 0) await db.insert(notifications).values(rows);
}

/** A notification with the live item it is about and the user who caused it. */
export interface NotificationListRow {
  id: string;
  workspace_id: string;
  project_id: string;
  issue_id: string;
  receiver_id: string;
  triggered_by: string | null;
  sender: string;
  title: string;
  activity: StoredActivity;
  message: string;
  is_mentioned: boolean;
  is_intake: boolean;
  read_at: string | null;
  archived_at: string | null;
  snoozed_till: string | null;
  created_at: string;
  updated_at: string;
  issue_name: string;
  sequence_id: number;
  identifier: string;
  state_name: string | null;
  state_group: string | null;
  actor: Record<string, unknown> | null;
}

const iso = (column: string) =>
  sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`);

/**
 * The receiver's notifications in the workspace about items they can still open: a live item of
 * a project they are still an active member of (a guest, where guests see only their own items,
 * only those).
 */
function visibleTo(workspaceId: string, userId: string): SQL {
  return sql`n.workspace_id = ${workspaceId} and n.receiver_id = ${userId}
    and i.deleted_at is null
    and exists (select 1 from project_members pm join projects p on p.id = pm.project_id
      where pm.project_id = n.project_id and pm.member_id = ${userId} and pm.is_active and p.deleted_at is null
        and (pm.role > 5 or p.guest_view_all_features or i.created_by = ${userId}))`;
}

/** The list's filters (api.md §12): type, snoozed, archived, read, mentioned. */
export function filterCondition(filters: NotificationFilters, userId: string): SQL {
  const parts: SQL[] = [];
  parts.push(filters.archived === 'true' ? sql`n.archived_at is not null` : sql`n.archived_at is null`);
  parts.push(
    filters.snoozed === 'true'
      ? sql`n.snoozed_till > now()`
      : sql`(n.snoozed_till is null or n.snoozed_till <= now())`,
  );
  if (filters.read === 'true') parts.push(sql`n.read_at is not null`);
  if (filters.read === 'false') parts.push(sql`n.read_at is null`);
  if (filters.mentioned === 'true') parts.push(sql`n.is_mentioned`);
  if (filters.mentioned === 'false') parts.push(sql`not n.is_mentioned`);
  const types = new Set(
    (filters.type ?? '')
      .split(',')
      .map((t) => t.trim())
      .filter(Boolean),
  );
  if (types.size > 0) {
    const assigned = sql`${userId}::uuid = any(i.assignee_ids)`;
    const created = sql`i.created_by = ${userId}`;
    const kinds: SQL[] = [];
    if (types.has('assigned')) kinds.push(assigned);
    if (types.has('created')) kinds.push(created);
    if (types.has('subscribed'))
      kinds.push(sql`(not ${assigned} and i.created_by is distinct from ${userId}::uuid
        and exists (select 1 from issue_subscribers s where s.issue_id = i.id and s.subscriber_id = ${userId}))`);
    parts.push(sql`(${sql.join(kinds, sql` or `)})`);
  }
  return sql.join(parts, sql` and `);
}

const SELECT = sql`select n.id, n.workspace_id, n.project_id, n.issue_id, n.receiver_id, n.triggered_by, n.sender,
    n.title, n.activity, n.message, n.is_mentioned, n.is_intake,
    ${iso('n.read_at')} as read_at, ${iso('n.archived_at')} as archived_at,
    ${iso('n.snoozed_till')} as snoozed_till, ${iso('n.created_at')} as created_at,
    ${iso('n.updated_at')} as updated_at,
    i.name as issue_name, i.sequence_id, p.identifier, s.name as state_name, s."group" as state_group,
    case when u.id is null then null else json_build_object('id', u.id, 'first_name', u.first_name,
      'last_name', u.last_name, 'display_name', u.display_name, 'avatar', u.avatar,
      'avatar_url', u.avatar, 'is_bot', u.is_bot) end as actor
  from notifications n
  join issues i on i.id = n.issue_id
  join projects p on p.id = n.project_id
  left join states s on s.id = i.state_id
  left join users u on u.id = n.triggered_by`;

/** One page, newest first, fetched with one more row to learn whether more follow. */
export async function listNotifications(
  db: Executor,
  workspaceId: string,
  userId: string,
  filters: NotificationFilters,
  limit: number,
  offset: number,
): Promise<{ rows: NotificationListRow[]; total: number }> {
  const where = sql`${visibleTo(workspaceId, userId)} and ${filterCondition(filters, userId)}`;
  const [rows, count] = await Promise.all([
    queryRows<NotificationListRow>(
      db,
      sql`${SELECT} where ${where} order by n.created_at desc, n.event_id desc nulls last, n.id desc limit ${limit} offset ${offset}`,
    ),
    queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from notifications n join issues i on i.id = n.issue_id where ${where}`,
    ),
  ]);
  return { rows, total: count[0]?.n ?? 0 };
}

export async function findNotification(
  db: Executor,
  workspaceId: string,
  userId: string,
  id: string,
): Promise<NotificationListRow | undefined> {
  const rows = await queryRows<NotificationListRow>(
    db,
    sql`${SELECT} where n.id = ${id} and ${visibleTo(workspaceId, userId)}`,
  );
  return rows[0];
}

/** Unread and not archived nor snoozed: the sidebar's badge, and its mentions. */
export async function unreadCounts(db: Executor, workspaceId: string, userId: string) {
  const rows = await queryRows<{ total: number; mentions: number }>(
    db,
    sql`select count(*)::int as total, count(*) filter (where n.is_mentioned)::int as mentions
      from notifications n join issues i on i.id = n.issue_id
      where ${visibleTo(workspaceId, userId)} and n.read_at is null and n.archived_at is null
        and (n.snoozed_till is null or n.snoozed_till <= now())`,
  );
  return rows[0] ?? { total: 0, mentions: 0 };
}

export type NotificationPatch = Partial<Record<'read_at' | 'archived_at' | 'snoozed_till', Date | null>>;

/** Whether the receiver's notification was there to change. */
export async function updateNotification(
  db: Executor,
  workspaceId: string,
  userId: string,
  id: string,
  patch: NotificationPatch,
): Promise<boolean> {
  const sets = Object.entries(patch).map(([column, value]) => sql`${sql.identifier(column)} = ${value}`);
  const rows = await queryRows<{ id: string }>(
    db,
    sql`update notifications set ${sql.join([...sets, sql`updated_at = now()`], sql`, `)}
      where id = ${id} and workspace_id = ${workspaceId} and receiver_id = ${userId} returning id`,
  );
  return rows.length > 0;
}

export async function deleteNotification(db: Executor, workspaceId: string, userId: string, id: string) {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`delete from notifications where id = ${id} and workspace_id = ${workspaceId} and receiver_id = ${userId}
      returning id`,
  );
  return rows.length > 0;
}

/** Marks every unread notification the filters select as read; how many changed. */
export async function markAllRead(
  db: Executor,
  workspaceId: string,
  userId: string,
  filters: NotificationFilters,
): Promise<number> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`update notifications n set read_at = now(), updated_at = now() from issues i
      where i.id = n.issue_id and n.read_at is null
        and ${visibleTo(workspaceId, userId)} and ${filterCondition({ ...filters, read: undefined }, userId)}
      returning n.id`,
  );
  return rows.length;
}
