import { and, desc, eq, sql } from 'drizzle-orm';
import { type Executor, queryRows, sqlArray } from '../../platform/db/database.ts';
import { type ExportRow, issueExports } from '../../platform/db/schema.ts';

export async function insertExport(
  db: Executor,
  values: typeof issueExports.$inferInsert,
): Promise<ExportRow> {
  const rows = await db.insert(issueExports).values(values).returning();
  return rows[0]!;
}

export function pageOwnExports(
  db: Executor,
  workspaceId: string,
  userId: string,
  limit: number,
  offset: number,
) {
  const own = and(eq(issueExports.workspace_id, workspaceId), eq(issueExports.created_by, userId));
  return Promise.all([
    db
      .select()
      .from(issueExports)
      .where(own)
      .orderBy(desc(issueExports.created_at))
      .limit(limit)
      .offset(offset),
    db.select({ n: sql<number>`count(*)::int` }).from(issueExports).where(own),
  ]);
}

export async function findOwnExport(db: Executor, workspaceId: string, userId: string, exportId: string) {
  const rows = await db
    .select()
    .from(issueExports)
    .where(
      and(
        eq(issueExports.workspace_id, workspaceId),
        eq(issueExports.created_by, userId),
        eq(issueExports.id, exportId),
      ),
    )
    .limit(1);
  return rows[0];
}

/** An export a worker holds: its claim is named by when it lapses. */
export type ClaimedExport = ExportRow & { claim_expires_at: Date };

/** Claims an export gets before one that lapses again is failed. */
export const EXPORT_MAX_ATTEMPTS = 3;
export const EXPORT_GAVE_UP = 'The export stopped before finishing 3 times';

/**
 * Claims the oldest queued export, or one whose claim has lapsed (its process died or was cut off
 * mid-export), and leases it for `leaseSeconds`. SKIP LOCKED lets several workers share the queue.
 * A lapsed export that has had its last attempt is failed instead of taken again.
 */
export async function claimQueuedExport(
  db: Executor,
  leaseSeconds: number,
): Promise<ClaimedExport | undefined> {
  await db.execute(sql`update issue_exports set status = 'failed', error = ${EXPORT_GAVE_UP},
      claim_expires_at = null, updated_at = now()
    where status = 'processing' and claim_expires_at <= now() and attempts >= ${EXPORT_MAX_ATTEMPTS}`);
  const rows = await queryRows<{ id: string }>(
    db,
    // Whole milliseconds: the worker's Date then names this claim exactly (finishExport).
    sql`update issue_exports set status = 'processing', updated_at = now(), attempts = attempts + 1,
        claim_expires_at = date_trunc('milliseconds', now() + make_interval(secs => ${leaseSeconds}))
      where id = (select id from issue_exports
        where status = 'queued'
          or (status = 'processing' and claim_expires_at <= now() and attempts < ${EXPORT_MAX_ATTEMPTS})
        order by created_at
        for update skip locked limit 1)
      returning id`,
  );
  if (!rows[0]) return undefined;
  const found = await db.select().from(issueExports).where(eq(issueExports.id, rows[0].id)).limit(1);
  return found[0] as ClaimedExport | undefined;
}

/**
 * Records how a claimed export ended, if the claim is still this worker's: one that lapsed and was
 * taken again is left to the newer claim.
 */
export async function finishExport(
  db: Executor,
  claim: ClaimedExport,
  values: Pick<Partial<ExportRow>, 'status' | 'storage_key' | 'error'>,
): Promise<void> {
  await db
    .update(issueExports)
    .set({ ...values, claim_expires_at: null, updated_at: new Date() })
    .where(
      and(
        eq(issueExports.id, claim.id),
        eq(issueExports.status, 'processing'),
        eq(issueExports.claim_expires_at, claim.claim_expires_at),
      ),
    );
}

export interface ExportedIssue {
  key: string;
  name: string;
  state: string;
  state_group: string;
  priority: string;
  assignees: string;
  labels: string;
  start_date: string | null;
  target_date: string | null;
  parent: string | null;
  created_at: string;
  updated_at: string;
  completed_at: string | null;
}

/**
 * The work items of the given projects that the creator could see when exporting: projects they
 * are still a member of, and only their own items where they are a guest.
 */
export function issuesForExport(db: Executor, workspaceId: string, userId: string, projectIds: string[]) {
  return queryRows<ExportedIssue>(
    db,
    sql`select p.identifier || '-' || i.sequence_id as key, i.name, s.name as state, s."group" as state_group,
        i.priority,
        coalesce((select string_agg(u.display_name, ', ' order by u.display_name) from users u
          where u.id = any(i.assignee_ids)), '') as assignees,
        coalesce((select string_agg(l.name, ', ' order by l.name) from labels l
          where l.id = any(i.label_ids) and l.deleted_at is null), '') as labels,
        to_char(i.start_date, 'YYYY-MM-DD') as start_date, to_char(i.target_date, 'YYYY-MM-DD') as target_date,
        (select pp.identifier || '-' || pi.sequence_id from issues pi join projects pp on pp.id = pi.project_id
          where pi.id = i.parent_id) as parent,
        to_char(i.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at,
        to_char(i.updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as updated_at,
        to_char(i.completed_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as completed_at
      from issues i
      join projects p on p.id = i.project_id
      join states s on s.id = i.state_id
      join project_members m on m.project_id = p.id and m.member_id = ${userId} and m.is_active
      where p.workspace_id = ${workspaceId} and p.deleted_at is null
        and i.project_id = any(${sqlArray(projectIds, 'uuid')})
        and i.deleted_at is null and not i.is_draft and not i.is_intake
        and (m.role > 5 or p.guest_view_all_features or i.created_by = ${userId})
      order by p.identifier, i.sequence_id`,
  );
}
