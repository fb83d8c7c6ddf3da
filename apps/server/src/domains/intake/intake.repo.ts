import { and, eq, isNull, or, type SQL, sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../platform/db/database.ts';
import {
  activities,
  type IntakeIssueRow,
  type IntakeRow,
  intakeIssues,
  intakes,
  issues,
} from '../../platform/db/schema.ts';
import type { IntakeOrder } from './intake.policy.ts';

/** A project's intake, by its workspace and project (every query names both). */
export interface IntakeScope {
  workspaceId: string;
  projectId: string;
}

/** The project's default intake, made on first use (a racing maker yields to the one-default index). */
export async function ensureDefaultIntake(
  db: Executor,
  scope: IntakeScope,
  actorId: string,
): Promise<IntakeRow> {
  await db
    .insert(intakes)
    .values({
      workspace_id: scope.workspaceId,
      project_id: scope.projectId,
      name: 'Intake',
      is_default: true,
      created_by: actorId,
      updated_by: actorId,
    })
    .onConflictDoNothing();
  const [row] = await db
    .select()
    .from(intakes)
    .where(
      and(
        eq(intakes.workspace_id, scope.workspaceId),
        eq(intakes.project_id, scope.projectId),
        eq(intakes.is_default, true),
        isNull(intakes.deleted_at),
      ),
    )
    .limit(1);
  return row!;
}

export async function intakeExists(db: Executor, projectId: string, intakeId: string): Promise<boolean> {
  const rows = await db
    .select({ id: intakes.id })
    .from(intakes)
    .where(and(eq(intakes.project_id, projectId), eq(intakes.id, intakeId), isNull(intakes.deleted_at)))
    .limit(1);
  return rows.length > 0;
}

/**
 * A live item of the scope by its work item's id (Plane's paths) or its own, whose work item is
 * live too; locked for the caller's transaction on `forUpdate`.
 */
export async function findIntakeItem(
  db: Executor,
  scope: IntakeScope,
  id: string,
  options: { forUpdate?: boolean } = {},
): Promise<IntakeIssueRow | undefined> {
  const query = db
    .select({ item: intakeIssues })
    .from(intakeIssues)
    .innerJoin(issues, and(eq(issues.id, intakeIssues.issue_id), isNull(issues.deleted_at)))
    .where(
      and(
        eq(intakeIssues.workspace_id, scope.workspaceId),
        eq(intakeIssues.project_id, scope.projectId),
        or(eq(intakeIssues.issue_id, id), eq(intakeIssues.id, id)),
        isNull(intakeIssues.deleted_at),
      ),
    )
    .limit(1);
  const [row] = options.forUpdate ? await query.for('update', { of: intakeIssues }) : await query;
  return row?.item;
}

export async function insertIntakeItem(
  db: Executor,
  values: typeof intakeIssues.$inferInsert,
): Promise<IntakeIssueRow> {
  const [row] = await db.insert(intakeIssues).values(values).returning();
  return row!;
}

export async function updateIntakeItemRow(
  db: Executor,
  itemId: string,
  values: Partial<typeof intakeIssues.$inferInsert>,
): Promise<void> {
  await db
    .update(intakeIssues)
    .set({ ...values, updated_at: new Date() })
    .where(eq(intakeIssues.id, itemId));
}

export async function softDeleteIntakeItem(db: Executor, itemId: string): Promise<void> {
  await db
    .update(intakeIssues)
    .set({ deleted_at: new Date(), updated_at: new Date() })
    .where(eq(intakeIssues.id, itemId));
}

/** An activity row of a work item's triage (written beside the work item's own rows). */
export interface TriageActivity {
  workspace_id: string;
  project_id: string;
  issue_id: string;
  actor_id: string | null;
  field: string;
  old_value: string | null;
  new_value: string | null;
  comment: string;
}

export async function insertTriageActivity(db: Executor, rows: TriageActivity[]): Promise<void> {
  if (rows.length > 0) await db.insert(activities).values(rows.map((row) => ({ ...row, verb: 'updated' })));
}

/** An item as the inbox shows it: the item, its work item, and the work item it duplicates. */
export interface IntakeItemView {
  id: string;
  status: number;
  snoozed_till: Date | string | null;
  duplicate_to: string | null;
  source: string;
  source_email: string | null;
  intake_id: string;
  created_at: Date | string;
  updated_at: Date | string;
  created_by: string | null;
  updated_by: string | null;
  issue_id: string;
  issue_name: string;
  issue_description_html: string;
  issue_priority: string;
  issue_sequence_id: number;
  issue_project_id: string;
  issue_state_id: string;
  issue_label_ids: string[];
  issue_assignee_ids: string[];
  issue_start_date: string | null;
  issue_target_date: string | null;
  issue_created_at: Date | string;
  issue_updated_at: Date | string;
  issue_created_by: string | null;
  duplicate_id: string | null;
  duplicate_name: string | null;
  duplicate_sequence_id: number | null;
  duplicate_project_id: string | null;
  duplicate_created_by: string | null;
}

const VIEW_COLUMNS = sql.raw(`
  ii.id, ii.status, ii.snoozed_till, ii.duplicate_to, ii.source, ii.source_email, ii.intake_id,
  ii.created_at, ii.updated_at, ii.created_by, ii.updated_by,
  i.id as issue_id, i.name as issue_name, i.description_html as issue_description_html,
  i.priority as issue_priority, i.sequence_id as issue_sequence_id, i.project_id as issue_project_id,
  i.state_id as issue_state_id, i.label_ids as issue_label_ids, i.assignee_ids as issue_assignee_ids,
  to_char(i.start_date, 'YYYY-MM-DD') as issue_start_date, to_char(i.target_date, 'YYYY-MM-DD') as issue_target_date,
  i.created_at as issue_created_at, i.updated_at as issue_updated_at, i.created_by as issue_created_by,
  d.id as duplicate_id, d.name as duplicate_name, d.sequence_id as duplicate_sequence_id,
  d.project_id as duplicate_project_id, d.created_by as duplicate_created_by`);

/** The scope's live items over live work items, with the caller's conditions (over `ii` and `i`). */
function itemsWhere(scope: IntakeScope, conditions: SQL[]): SQL {
  return sql.join(
    [
      sql`ii.workspace_id = ${scope.workspaceId}`,
      sql`ii.project_id = ${scope.projectId}`,
      sql`ii.deleted_at is null`,
      sql`i.deleted_at is null`,
      ...conditions,
    ],
    sql` and `,
  );
}

const FROM_ITEMS = sql.raw('intake_issues ii join issues i on i.id = ii.issue_id');

export function listIntakeItems(
  db: Executor,
  scope: IntakeScope,
  conditions: SQL[],
  order: IntakeOrder,
  limit: number,
  offset: number,
): Promise<IntakeItemView[]> {
  const direction = sql.raw(order.descending ? 'desc' : 'asc');
  return queryRows<IntakeItemView>(
    db,
    sql`select ${VIEW_COLUMNS}
      from ${FROM_ITEMS}
      left join issues d on d.id = ii.duplicate_to and d.deleted_at is null
      where ${itemsWhere(scope, conditions)}
      order by ${sql.raw(`i.${order.column}`)} ${direction}, ii.id ${direction}
      limit ${limit} offset ${offset}`,
  );
}

export async function countIntakeItems(db: Executor, scope: IntakeScope, conditions: SQL[]): Promise<number> {
  const rows = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from ${FROM_ITEMS} where ${itemsWhere(scope, conditions)}`,
  );
  return rows[0]?.n ?? 0;
}

/** Items whose snooze has ended at `now`, one activity row and one event each. */
export interface WokenItem {
  id: string;
  workspace_id: string;
  project_id: string;
  issue_id: string;
}

/**
 * Returns every item whose snooze ended by `now` to pending, recording it, in one statement. Safe
 * beside other nodes: an item another node is waking waits for it and then no longer matches.
 */
export function wakeSnoozedItems(db: Executor, now: Date, sentence: string): Promise<WokenItem[]> {
  const at = now.toISOString();
  return queryRows<WokenItem>(
    db,
    sql`with woken as (
      update intake_issues set status = -2, snoozed_till = null, updated_at = ${at}::timestamptz
      where status = 0 and snoozed_till <= ${at}::timestamptz and deleted_at is null
      returning id, workspace_id, project_id, issue_id
    ), activity as (
      insert into activities (workspace_id, project_id, issue_id, verb, field, old_value, new_value, comment)
      select workspace_id, project_id, issue_id, 'updated', 'intake', 'snoozed', 'pending', ${sentence} from woken
    ), events as (
      insert into outbox (workspace_id, topic, payload)
      select workspace_id, 'intake_issue.updated',
        jsonb_build_object('intake_issue_id', id, 'issue_id', issue_id, 'project_id', project_id,
          'actor_id', null, 'changes', jsonb_build_object('status', jsonb_build_object('old', 0, 'new', -2)))
      from woken
    )
    select * from woken`,
  );
}
