import { and, asc, eq, getTableColumns, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import { type Executor, queryRows, queryRowsPrepared, sqlArray } from '../../platform/db/database.ts';
import { prepared } from '../../platform/db/prepared.ts';
import {
  activities,
  type IssueRowDb,
  issueSequences,
  issueSubscribers,
  issues,
  outbox,
  states,
  users,
} from '../../platform/db/schema.ts';
import type { FieldChange } from './issue-activity.ts';
import type { Grouping } from './issue-query.ts';
import { subscriptionsInsert } from './subscriptions.repo.ts';

/** What is written with a new work item, in the same statement. */
export interface NewIssueRecords {
  activity: typeof activities.$inferInsert;
  event: typeof outbox.$inferInsert;
  subscriberIds: string[];
}

/**
 * Inserts a new work item (its id chosen by the caller) with the project's next number, its
 * activity, its event and its subscriptions, and counts it in its parent, in one statement.
 * The number comes from the project's counter row, whose lock concurrent creates queue on until
 * the commit: made the create's last statement, a create holds it for one statement and the
 * commit instead of six round trips, each a turn of a busy event loop (in the mixed load, creates
 * waited 89 ms on average for it, holding pool connections meanwhile).
 */
export async function insertNumberedIssue(
  db: Executor,
  values: Omit<typeof issues.$inferInsert, 'sequence_id'> & { id: string },
  records: NewIssueRecords,
): Promise<IssueRowDb> {
  const number = db
    .insert(issueSequences)
    .values({ project_id: values.project_id, last: 1 })
    .onConflictDoUpdate({ target: issueSequences.project_id, set: { last: sql`${issueSequences.last} + 1` } })
    .returning({ last: issueSequences.last });
  const item = db
    .insert(issues)
    .values({ ...values, sequence_id: sql`(select last from numbered)` })
    .returning();
  const parts: SQL[] = [
    sql`numbered as (${number.getSQL()})`,
    sql`item as (${item.getSQL()})`,
    sql`recorded as (${db.insert(activities).values(records.activity).getSQL()})`,
    sql`queued as (${db.insert(outbox).values(records.event).getSQL()})`,
  ];
  const subscribed = subscriptionsInsert(db, { ...values, issue_id: values.id }, records.subscriberIds);
  if (subscribed) parts.push(sql`subscribed as (${subscribed.getSQL()})`);
  if (values.parent_id)
    parts.push(sql`counted as (${subIssueCountUpdate(db, values.parent_id, 1).getSQL()})`);
  const rows = await queryRowsPrepared<Record<string, unknown>>(
    db,
    'insert_issue',
    sql`with ${sql.join(parts, sql`, `)} select * from item`,
  );
  return issueFromDriver(rows[0]!);
}

export async function maxSortOrderInState(
  db: Executor,
  projectId: string,
  stateId: string,
): Promise<number | null> {
  // The items on the board (the board's index answers it from its last entry: a create read the
  // whole state, archived and draft items too, 3 ms at 50,000 items).
  const rows = await db
    .select({ max: sql<number | null>`max(${issues.sort_order})` })
    .from(issues)
    .where(
      and(
        eq(issues.project_id, projectId),
        eq(issues.state_id, stateId),
        isNull(issues.deleted_at),
        isNull(issues.archived_at),
        eq(issues.is_draft, false),
        eq(issues.is_intake, false),
      ),
    );
  return rows[0]?.max ?? null;
}

/** A live work item of a project, by id (the placeholders `projectId` and `issueId`). */
const LIVE_ISSUE_BY_ID = and(
  eq(issues.project_id, sql.placeholder('projectId')),
  eq(issues.id, sql.placeholder('issueId')),
  isNull(issues.deleted_at),
);

export async function findIssue(
  db: Executor,
  projectId: string,
  issueId: string,
): Promise<IssueRowDb | undefined> {
  const rows = await prepared(db, 'find_issue', (db) =>
    db.select().from(issues).where(LIVE_ISSUE_BY_ID).limit(1).prepare('find_issue'),
  ).execute({ projectId, issueId });
  return rows[0];
}

/** Live work items by id, each with its state's group: what live events send of them. */
export function issuesWithGroupByIds(db: Executor, ids: string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select({ issue: issues, group: states.group })
    .from(issues)
    .innerJoin(states, eq(states.id, issues.state_id))
    .where(and(inArray(issues.id, ids), isNull(issues.deleted_at)));
}

/**
 * What the detail view of one work item needs, in one round trip: the row, its state's group and
 * whether the viewer subscribes to it.
 */
export async function findIssueForViewer(
  db: Executor,
  projectId: string,
  issueId: string,
  userId: string,
): Promise<{ issue: IssueRowDb; stateGroup: string | null; subscribed: boolean } | undefined> {
  const rows = await prepared(db, 'find_issue_for_viewer', (db) =>
    db
      .select({
        issue: issues,
        stateGroup: states.group,
        subscribed: sql<boolean>`exists (select 1 from ${issueSubscribers} where ${issueSubscribers.issue_id} = ${issues.id} and ${issueSubscribers.subscriber_id} = ${sql.placeholder('userId')})`,
      })
      .from(issues)
      // The triage state too: an item waiting in intake reads as one (`state__group` triage).
      .leftJoin(states, and(eq(states.id, issues.state_id), isNull(states.deleted_at)))
      .where(LIVE_ISSUE_BY_ID)
      .limit(1)
      .prepare('find_issue_for_viewer'),
  ).execute({ projectId, issueId, userId });
  return rows[0];
}

/**
 * A work item with its row version (`xmin`, which every update of the row changes) and whether
 * the viewer subscribes to it: what an update reads before writing in one statement.
 */
export async function findIssueVersioned(
  db: Executor,
  projectId: string,
  issueId: string,
  userId: string,
): Promise<{ issue: IssueRowDb; version: string; subscribed: boolean } | undefined> {
  const rows = await prepared(db, 'find_issue_versioned', (db) =>
    db
      .select({
        issue: issues,
        version: sql<string>`${issues}.xmin::text`,
        // Qualified by hand: without a join drizzle leaves column names bare, and inside the
        // subquery a bare "id" would be the subscription's.
        subscribed: sql<boolean>`exists (select 1 from ${issueSubscribers} s where s.issue_id = ${issues}.id and s.subscriber_id = ${sql.placeholder('userId')})`,
      })
      .from(issues)
      .where(LIVE_ISSUE_BY_ID)
      .limit(1)
      .prepare('find_issue_versioned'),
  ).execute({ projectId, issueId, userId });
  return rows[0];
}

const ISSUE_COLUMNS = Object.entries(getTableColumns(issues));

/** A row of `issues` as the driver answered a raw query, in the shape drizzle's own reads give. */
function issueFromDriver(raw: Record<string, unknown>): IssueRowDb {
  const row: Record<string, unknown> = {};
  for (const [key, column] of ISSUE_COLUMNS) {
    const value = raw[column.name];
    row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return row as IssueRowDb;
}

/**
 * Updates a work item still at `version` and records the change (activity rows, the
 * `issue.updated` event) in one statement, which is its own transaction. Undefined when the row
 * changed (or was archived or deleted) since it was read: the caller takes the locked path.
 */
export async function updateIssueAtVersion(
  db: Executor,
  before: IssueRowDb,
  version: string,
  values: Partial<IssueRowDb>,
  record: { actorId: string; changes: FieldChange[]; payload: Record<string, unknown> },
): Promise<IssueRowDb | undefined> {
  const update = db
    .update(issues)
    .set({ ...values, updated_at: new Date() })
    .where(
      and(
        eq(issues.project_id, before.project_id),
        eq(issues.id, before.id),
        sql`${issues}.xmin = ${version}::xid`,
        isNull(issues.deleted_at),
        isNull(issues.archived_at),
      ),
    )
    .returning();
  const changes = record.changes.map(
    (c) => sql`(${c.field}::text, ${c.old_value}::text, ${c.new_value}::text, ${c.comment}::text)`,
  );
  const recorded =
    changes.length === 0
      ? sql``
      : sql`, recorded as (
          insert into ${activities} (workspace_id, project_id, issue_id, actor_id, verb, field, old_value, new_value, comment)
          select u.workspace_id, u.project_id, u.id, ${record.actorId}::uuid, 'updated', c.field, c.old_value, c.new_value, c.comment
          from u cross join (values ${sql.join(changes, sql`, `)}) as c(field, old_value, new_value, comment)
        ), queued as (
          insert into ${outbox} (workspace_id, topic, payload)
          select u.workspace_id, 'issue.updated', ${JSON.stringify(record.payload)}::jsonb from u
        )`;
  const rows = await queryRowsPrepared<Record<string, unknown>>(
    db,
    'update_issue',
    sql`with u as (${update.getSQL()})${recorded} select * from u`,
  );
  return rows[0] ? issueFromDriver(rows[0]) : undefined;
}

export async function lockIssue(
  db: Executor,
  projectId: string,
  issueId: string,
): Promise<IssueRowDb | undefined> {
  const rows = await db
    .select()
    .from(issues)
    .where(and(eq(issues.project_id, projectId), eq(issues.id, issueId), isNull(issues.deleted_at)))
    .limit(1)
    .for('update');
  return rows[0];
}

export async function updateIssueRow(
  db: Executor,
  projectId: string,
  issueId: string,
  values: Partial<IssueRowDb>,
): Promise<IssueRowDb> {
  const rows = await db
    .update(issues)
    .set({ ...values, updated_at: new Date() })
    .where(and(eq(issues.project_id, projectId), eq(issues.id, issueId)))
    .returning();
  return rows[0]!;
}

export async function findByExternalId(
  db: Executor,
  projectId: string,
  source: string | null,
  externalId: string,
) {
  const rows = await db
    .select({ id: issues.id })
    .from(issues)
    .where(
      and(
        eq(issues.project_id, projectId),
        eq(issues.external_id, externalId),
        source === null ? isNull(issues.external_source) : eq(issues.external_source, source),
        isNull(issues.deleted_at),
      ),
    )
    .limit(1);
  return rows[0];
}

/** The parent chain of an issue (nearest first), to refuse cycles. */
export async function ancestorIds(db: Executor, issueId: string): Promise<string[]> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`
    with recursive chain(id, parent_id, depth) as (
      select id, parent_id, 0 from issues where id = ${issueId}
      union all
      select i.id, i.parent_id, c.depth + 1 from issues i join chain c on i.id = c.parent_id where c.depth < 100
    )
    select id from chain`,
  );
  return rows.map((r) => r.id);
}

/** The update of a parent's sub-item count (a statement of its own, or part of a create's). */
const subIssueCountUpdate = (db: Executor, parentId: string, delta: number) =>
  db
    .update(issues)
    .set({ sub_issues_count: sql`greatest(0, ${issues.sub_issues_count} + ${delta})` })
    .where(eq(issues.id, parentId));

export async function adjustSubIssueCount(db: Executor, parentId: string, delta: number): Promise<void> {
  await subIssueCountUpdate(db, parentId, delta);
}

export async function countIssuesInState(db: Executor, projectId: string, stateId: string): Promise<number> {
  const rows = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(issues)
    .where(and(eq(issues.project_id, projectId), eq(issues.state_id, stateId), isNull(issues.deleted_at)));
  return rows[0]?.n ?? 0;
}

/** Removes a deleted label from every issue of the project. */
export async function removeLabelFromIssues(db: Executor, projectId: string, labelId: string): Promise<void> {
  await db
    .update(issues)
    .set({ label_ids: sql`array_remove(${issues.label_ids}, ${labelId}::uuid)` })
    .where(and(eq(issues.project_id, projectId), sql`${issues.label_ids} @> array[${labelId}::uuid]`));
}

/**
 * The cycles or modules of these projects, archived ones too (every item must fall in a group), in
 * their manual order: the groups of a list grouped by cycle or module.
 */
export async function planningGroupKeys(
  db: Executor,
  projectIds: string[],
  table: 'cycles' | 'modules',
): Promise<string[]> {
  if (projectIds.length === 0) return [];
  const rows = await queryRows<{ id: string }>(
    db,
    sql`select id from ${sql.identifier(table)} where project_id = any(${sqlArray(projectIds, 'uuid')})
          and deleted_at is null order by sort_order, name, id`,
  );
  return rows.map((r) => r.id);
}

/** Work items of a deleted cycle or module leave it (as a deleted label leaves them). */
export async function detachFromPlanning(
  db: Executor,
  projectId: string,
  from: { cycleId: string } | { moduleId: string },
): Promise<void> {
  if ('cycleId' in from) {
    await db
      .update(issues)
      .set({ cycle_id: null })
      .where(and(eq(issues.project_id, projectId), eq(issues.cycle_id, from.cycleId)));
  } else {
    await db
      .update(issues)
      .set({ module_ids: sql`array_remove(${issues.module_ids}, ${from.moduleId}::uuid)` })
      .where(
        and(eq(issues.project_id, projectId), sql`${issues.module_ids} @> array[${from.moduleId}::uuid]`),
      );
  }
}

export async function softDeleteIssue(db: Executor, projectId: string, issueId: string): Promise<void> {
  await db
    .update(issues)
    .set({ deleted_at: new Date(), updated_at: new Date() })
    .where(and(eq(issues.project_id, projectId), eq(issues.id, issueId)));
}

export async function detachChildren(db: Executor, parentId: string): Promise<void> {
  await db.update(issues).set({ parent_id: null }).where(eq(issues.parent_id, parentId));
}

/** Columns of a list row, dates as text so both drivers answer alike. */
export const ISSUE_ROW_COLUMNS = sql.raw(`
  i.id, i.name, i.sequence_id, i.state_id, i.priority, i.sort_order, i.estimate_point_id,
  to_char(i.start_date, 'YYYY-MM-DD') as start_date, to_char(i.target_date, 'YYYY-MM-DD') as target_date,
  i.completed_at, i.archived_at, i.project_id, i.parent_id, i.cycle_id, i.module_ids, i.label_ids,
  i.assignee_ids, i.sub_issues_count, i.attachment_count, i.link_count, i.is_draft, i.created_at,
  i.updated_at, i.created_by, i.updated_by`);

export type RenderedIssue = { row_json: string; group_key?: string; sub_group_key?: string };

export type ListedIssue = Omit<
  IssueRowDb,
  | 'description_html'
  | 'description_stripped'
  | 'workspace_id'
  | 'external_source'
  | 'external_id'
  | 'deleted_at'
> & {
  group_key?: string;
  sub_group_key?: string;
};

/**
 * One page of matching issues, fetched with one extra row to learn whether more follow.
 * The page's ids are found first and the rows read after (a deferred join): skipping to a deep
 * page then walks index entries only, instead of reading every skipped row.
 */
export async function pageIssues<R = ListedIssue>(
  db: Executor,
  where: SQL,
  orderBy: SQL,
  limit: number,
  offset: number,
  columns: SQL = ISSUE_ROW_COLUMNS,
) {
  return queryRows<R>(
    db,
    sql`
    select ${columns} from issues i
    where i.id in (
      select i.id from issues i
      where ${where}
      order by ${orderBy}
      limit ${limit} offset ${offset}
    )
    order by ${orderBy}`,
  );
}

export async function countIssues(db: Executor, where: SQL): Promise<number> {
  const rows = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from issues i where ${where}`,
  );
  return rows[0]?.n ?? 0;
}

/**
 * Per-group top-N: one LATERAL subquery per group value (and sub-group value), each ordered and
 * limited on its own, so a page costs the same at 2,000 or 50,000 issues.
 */
export async function pageIssuesPerGroup<R = ListedIssue>(
  db: Executor,
  groups: Pick<Grouping, 'keys' | 'condition' | 'perKey' | 'byId' | 'column'>,
  subGroups: Pick<Grouping, 'keys' | 'condition' | 'perKey' | 'column'> | null,
  where: SQL,
  orderBy: SQL,
  limit: number,
  offset: number,
  withCounts = true,
  columns: SQL = ISSUE_ROW_COLUMNS,
) {
  if (groups.byId && !subGroups && !withCounts) {
    return {
      rows: await pageById<R>(db, groups.keys, groups.byId, where, orderBy, limit, offset, columns),
      counts: [],
    };
  }
  if (groups.perKey || subGroups?.perKey) {
    return pagePerKey<R>(db, groups, subGroups, where, orderBy, limit, offset, withCounts, columns);
  }
  const groupKey = sql.raw('g.key');
  const subKey = sql.raw('sg.key');
  const from = subGroups
    ? sql`unnest(${sqlArray(groups.keys, 'text')}) as g(key) cross join unnest(${sqlArray(subGroups.keys, 'text')}) as sg(key)`
    : sql`unnest(${sqlArray(groups.keys, 'text')}) as g(key)`;
  const condition = subGroups
    ? sql`${groups.condition(groupKey)} and ${subGroups.condition(subKey)}`
    : groups.condition(groupKey);
  const pages = queryRows<R>(
    db,
    sql`
    select page.* from ${from}
    cross join lateral (
      select ${columns}, g.key as group_key ${subGroups ? sql`, sg.key as sub_group_key` : sql``}
      from issues i
      where ${where} and ${condition}
      order by ${orderBy}
      limit ${limit} offset ${offset}
    ) page`,
  );
  // The counts run beside the pages (the board's counters replace them when they can).
  const counts = withCounts
    ? queryRows<{ group_key: string; sub_group_key?: string; n: number }>(db, countsQuery())
    : Promise.resolve([]);
  const [rows, countRows] = await Promise.all([pages, counts]);
  return { rows, counts: countRows };

  /** A row per group (and sub-group), zeros included: one GROUP BY pass when the groups are columns. */
  function countsQuery(): SQL {
    const keyColumns = subGroups ? sql`g.key as group_key, sg.key as sub_group_key` : sql`g.key as group_key`;
    const groupColumn = groups.column;
    const subColumn = subGroups?.column;
    if (!groupColumn || (subGroups && !subColumn)) {
      return sql`
    select ${keyColumns}, (select count(*)::int from issues i where ${where} and ${condition}) as n
    from ${from}`;
    }
    const counted = subColumn
      ? sql`select ${groupColumn} as k, ${subColumn} as sk, count(*)::int as n from issues i where ${where} group by 1, 2`
      : sql`select ${groupColumn} as k, count(*)::int as n from issues i where ${where} group by 1`;
    const joined = subColumn ? sql`c.k = g.key and c.sk = sg.key` : sql`c.k = g.key`;
    return sql`
    select ${keyColumns}, coalesce(c.n, 0) as n
    from ${from} left join (${counted}) c on ${joined}`;
  }
}

/**
 * Pages of a board grouped by an object (cycle, module) whose counts come from elsewhere: one
 * LATERAL over the objects' ids with an indexable condition (one plan, however many groups), and
 * the "None" group's page beside it.
 */
function pageById<R>(
  db: Executor,
  keys: string[],
  byId: { condition: (value: SQL) => SQL; none: SQL },
  where: SQL,
  orderBy: SQL,
  limit: number,
  offset: number,
  columns: SQL,
) {
  const ids = keys.filter((k) => k !== 'None');
  const none = keys.includes('None')
    ? sql`(select ${columns}, 'None'::text as group_key from issues i where ${where} and ${byId.none} order by ${orderBy} limit ${limit} offset ${offset})`
    : null;
  const lateral = sql`(select page.* from unnest(${sqlArray(ids, 'text')}) as g(key)
    cross join lateral (
      select ${columns}, g.key as group_key from issues i
      where ${where} and ${byId.condition(sql.raw('g.key'))}
      order by ${orderBy} limit ${limit} offset ${offset}
    ) page)`;
  if (ids.length === 0) return none ? queryRows<R>(db, none) : Promise.resolve([]);
  return queryRows<R>(db, none ? sql`${lateral} union all ${none}` : lateral);
}

/**
 * The same pages and counts, one subquery per group (or cell) joined by UNION ALL, each with its
 * key as a bound value: the planner folds the group's condition for that key and takes an index
 * (a cycle's items in manual order, a module's through the order index).
 */
async function pagePerKey<R>(
  db: Executor,
  groups: { keys: string[]; condition: (key: SQL) => SQL },
  subGroups: { keys: string[]; condition: (key: SQL) => SQL } | null,
  where: SQL,
  orderBy: SQL,
  limit: number,
  offset: number,
  withCounts: boolean,
  columns: SQL,
) {
  type Cell = readonly [string, string | null];
  const cells: Cell[] = groups.keys.flatMap((g): Cell[] =>
    subGroups ? subGroups.keys.map((sub): Cell => [g, sub]) : [[g, null]],
  );
  if (cells.length === 0) return { rows: [] as R[], counts: [] };
  const cellOf = ([g, s]: Cell) => ({
    keys:
      s === null ? sql`${g}::text as group_key` : sql`${g}::text as group_key, ${s}::text as sub_group_key`,
    condition:
      s === null
        ? groups.condition(sql`${g}::text`)
        : sql`${groups.condition(sql`${g}::text`)} and ${subGroups!.condition(sql`${s}::text`)}`,
  });
  const pages = queryRows<R>(
    db,
    sql.join(
      cells.map((cell) => {
        const { keys, condition } = cellOf(cell);
        return sql`(select ${columns}, ${keys} from issues i where ${where} and ${condition} order by ${orderBy} limit ${limit} offset ${offset})`;
      }),
      sql` union all `,
    ),
  );
  const counts = withCounts
    ? queryRows<{ group_key: string; sub_group_key?: string; n: number }>(
        db,
        sql.join(
          cells.map((cell) => {
            const { keys, condition } = cellOf(cell);
            return sql`(select ${keys}, count(*)::int as n from issues i where ${where} and ${condition})`;
          }),
          sql` union all `,
        ),
      )
    : Promise.resolve([]);
  const [rows, countRows] = await Promise.all([pages, counts]);
  return { rows, counts: countRows };
}

export async function listChildren(db: Executor, projectId: string, parentId: string) {
  return queryRows<ListedIssue>(
    db,
    sql`select ${ISSUE_ROW_COLUMNS} from issues i
      where i.project_id = ${projectId} and i.parent_id = ${parentId} and i.deleted_at is null
        and not i.is_draft and not i.is_intake
      order by i.sort_order, i.created_at`,
  );
}

/** Moves work items off deleted estimate points (to another point, or none). */
export async function reassignEstimatePoints(
  db: Executor,
  projectId: string,
  fromPointIds: string[],
  toPointId: string | null,
): Promise<void> {
  if (fromPointIds.length === 0) return;
  await db.execute(
    sql`update issues set estimate_point_id = ${toPointId}, updated_at = now()
      where project_id = ${projectId} and estimate_point_id = any(${sqlArray(fromPointIds, 'uuid')})`,
  );
}

/** A work item's activity with each actor, oldest first. */
export function listIssueActivity(db: Executor, issueId: string, after?: Date) {
  return db
    .select({ activity: activities, actor: users })
    .from(activities)
    .leftJoin(users, eq(users.id, activities.actor_id))
    .where(
      and(
        eq(activities.issue_id, issueId),
        after
          ? sql`date_trunc('milliseconds', ${activities.created_at}) > ${after.toISOString()}::timestamptz`
          : undefined,
      ),
    )
    .orderBy(asc(activities.created_at), asc(activities.id));
}

export async function findIssueInWorkspace(db: Executor, workspaceId: string, issueId: string) {
  const rows = await db
    .select()
    .from(issues)
    .where(and(eq(issues.workspace_id, workspaceId), eq(issues.id, issueId), isNull(issues.deleted_at)))
    .limit(1);
  return rows[0];
}

export async function findIssueIdBySequence(db: Executor, projectId: string, sequenceId: number) {
  const rows = await db
    .select({ id: issues.id })
    .from(issues)
    .where(
      and(eq(issues.project_id, projectId), eq(issues.sequence_id, sequenceId), isNull(issues.deleted_at)),
    )
    .limit(1);
  return rows[0]?.id;
}

export async function countDraftsOf(db: Executor, workspaceId: string, userId: string): Promise<number> {
  const rows = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(issues)
    .where(
      and(
        eq(issues.workspace_id, workspaceId),
        eq(issues.created_by, userId),
        eq(issues.is_draft, true),
        isNull(issues.deleted_at),
      ),
    );
  return rows[0]?.n ?? 0;
}
