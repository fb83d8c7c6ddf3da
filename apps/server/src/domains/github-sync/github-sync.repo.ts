import { and, asc, eq, sql } from 'drizzle-orm';
import { type Executor, queryRows, sqlArray } from '../../platform/db/database.ts';
import {
  type GithubIssueLinkRow,
  type GithubRepositorySyncRow,
  type GithubSyncJobRow,
  githubIssueLinks,
  githubRepositorySyncs,
  githubSyncJobs,
  githubWebhookDeliveries,
  type ProjectRow,
  projects,
  type UserRow,
  users,
} from '../../platform/db/schema.ts';

export function listProjectSyncs(db: Executor, workspaceId: string, projectId: string) {
  return db
    .select()
    .from(githubRepositorySyncs)
    .where(
      and(
        eq(githubRepositorySyncs.workspace_id, workspaceId),
        eq(githubRepositorySyncs.project_id, projectId),
      ),
    )
    .orderBy(asc(githubRepositorySyncs.created_at));
}

export async function insertSync(
  db: Executor,
  values: typeof githubRepositorySyncs.$inferInsert,
): Promise<GithubRepositorySyncRow> {
  const rows = await db.insert(githubRepositorySyncs).values(values).returning();
  return rows[0]!;
}

/** A sync with its project and linking actor: what the worker and the inbound webhook act with. */
export interface SyncContext {
  sync: GithubRepositorySyncRow;
  project: ProjectRow;
  actor: UserRow;
}

/**
 * By id alone: the inbound webhook's URL names only the sync (its signature proves the caller), and
 * the sync then names its workspace. Undefined when the sync or its project is gone.
 */
export async function findSyncContext(db: Executor, syncId: string): Promise<SyncContext | undefined> {
  const rows = await db
    .select({ sync: githubRepositorySyncs, project: projects, actor: users })
    .from(githubRepositorySyncs)
    .innerJoin(projects, eq(projects.id, githubRepositorySyncs.project_id))
    .innerJoin(users, eq(users.id, githubRepositorySyncs.actor_id))
    .where(and(eq(githubRepositorySyncs.id, syncId), sql`${projects.deleted_at} is null`));
  return rows[0];
}

export async function setImportStatus(db: Executor, workspaceId: string, syncId: string, status: string) {
  await db
    .update(githubRepositorySyncs)
    .set({ import_status: status, updated_at: new Date() })
    .where(and(eq(githubRepositorySyncs.workspace_id, workspaceId), eq(githubRepositorySyncs.id, syncId)));
}

export async function findLinkByGithubId(
  db: Executor,
  workspaceId: string,
  syncId: string,
  githubIssueId: number,
): Promise<GithubIssueLinkRow | undefined> {
  const rows = await db
    .select()
    .from(githubIssueLinks)
    .where(
      and(
        eq(githubIssueLinks.workspace_id, workspaceId),
        eq(githubIssueLinks.sync_id, syncId),
        eq(githubIssueLinks.github_issue_id, githubIssueId),
      ),
    );
  return rows[0];
}

/** The link, made once: a second writer (import beside a webhook) finds the first one's row. */
export async function ensureLink(
  db: Executor,
  values: typeof githubIssueLinks.$inferInsert,
): Promise<GithubIssueLinkRow> {
  await db.insert(githubIssueLinks).values(values).onConflictDoNothing();
  const link = await findLinkByGithubId(db, values.workspace_id, values.sync_id, values.github_issue_id);
  return link!;
}

export async function deleteLink(db: Executor, workspaceId: string, linkId: string) {
  await db
    .delete(githubIssueLinks)
    .where(and(eq(githubIssueLinks.workspace_id, workspaceId), eq(githubIssueLinks.id, linkId)));
}

/** Unlinks a project: its links, jobs and delivery records go with the sync (cascade). */
export async function deleteSync(db: Executor, workspaceId: string, projectId: string, syncId: string) {
  const rows = await db
    .delete(githubRepositorySyncs)
    .where(
      and(
        eq(githubRepositorySyncs.workspace_id, workspaceId),
        eq(githubRepositorySyncs.project_id, projectId),
        eq(githubRepositorySyncs.id, syncId),
      ),
    )
    .returning({ id: githubRepositorySyncs.id });
  return rows.length > 0;
}

export async function setLinkGithubState(
  db: Executor,
  workspaceId: string,
  linkId: string,
  state: 'open' | 'closed',
) {
  await db
    .update(githubIssueLinks)
    .set({ github_state: state, updated_at: new Date() })
    .where(and(eq(githubIssueLinks.workspace_id, workspaceId), eq(githubIssueLinks.id, linkId)));
}

export async function insertJob(db: Executor, values: typeof githubSyncJobs.$inferInsert) {
  await db.insert(githubSyncJobs).values(values);
}

/**
 * A state push for each synced work item named, unless one is already waiting unclaimed (it will
 * read the item's state when it runs). One statement for a whole outbox batch, in its transaction.
 */
export async function queueStatePushes(
  db: Executor,
  items: readonly { workspaceId: string; issueId: string }[],
): Promise<void> {
  if (items.length === 0) return;
  await db.execute(sql`
    insert into github_sync_jobs (workspace_id, sync_id, kind, issue_id)
    select distinct l.workspace_id, l.sync_id, 'push_state', l.issue_id
    from unnest(${sqlArray(
      items.map((item) => item.workspaceId),
      'uuid',
    )}, ${sqlArray(
      items.map((item) => item.issueId),
      'uuid',
    )}) as named(workspace_id, issue_id)
    join github_issue_links l on l.workspace_id = named.workspace_id and l.issue_id = named.issue_id
    where not exists (
      select 1 from github_sync_jobs j
      where j.issue_id = l.issue_id and j.kind = 'push_state' and j.status = 'pending' and j.attempts = 0
    )`);
}

/**
 * Claims due jobs (FOR UPDATE SKIP LOCKED, so nodes never take the same one) and leases them:
 * `next_attempt_at` moves past the lease, so a node that dies mid-job leaves it to be retried.
 */
export function claimDueJobs(db: Executor, limit: number, leaseSeconds: number) {
  return queryRows<GithubSyncJobRow>(
    db,
    sql`update github_sync_jobs j
      set attempts = j.attempts + 1, updated_at = now(),
        next_attempt_at = now() + make_interval(secs => ${leaseSeconds})
      where j.id in (
        select id from github_sync_jobs
        where status = 'pending' and next_attempt_at <= now()
        order by next_attempt_at limit ${limit}
        for update skip locked)
      returning j.id, j.workspace_id, j.sync_id, j.kind, j.issue_id, j.status, j.attempts,
        j.next_attempt_at, j.last_error, j.created_at, j.updated_at`,
  );
}

export async function settleJob(
  db: Executor,
  jobId: string,
  outcome: { status: 'done' | 'failed' | 'pending'; error?: string; retryInSeconds?: number },
) {
  await db.execute(sql`
    update github_sync_jobs set status = ${outcome.status}, last_error = ${outcome.error ?? null},
      updated_at = now(),
      next_attempt_at = case when ${outcome.retryInSeconds ?? null}::int is null then next_attempt_at
        else now() + make_interval(secs => ${outcome.retryInSeconds ?? 0}) end
    where id = ${jobId}`);
}

/** What a state push needs: the link, and the group of the work item's state now (null when it is gone). */
export async function findPushTarget(db: Executor, workspaceId: string, issueId: string) {
  const rows = await queryRows<{
    link_id: string;
    github_issue_number: number;
    github_state: 'open' | 'closed';
    state_group: string | null;
  }>(
    db,
    sql`select l.id as link_id, l.github_issue_number, l.github_state,
        (select s."group" from issues i join states s on s.id = i.state_id
          where i.id = l.issue_id and i.deleted_at is null) as state_group
      from github_issue_links l
      where l.workspace_id = ${workspaceId} and l.issue_id = ${issueId}`,
  );
  return rows[0];
}

/** Records a handled delivery; false when it had been recorded before (a redelivery). */
export async function recordDelivery(
  db: Executor,
  values: typeof githubWebhookDeliveries.$inferInsert,
): Promise<boolean> {
  const rows = await db
    .insert(githubWebhookDeliveries)
    .values(values)
    .onConflictDoNothing()
    .returning({ id: githubWebhookDeliveries.delivery_id });
  return rows.length > 0;
}

export async function deliverySeen(
  db: Executor,
  workspaceId: string,
  syncId: string,
  deliveryId: string,
): Promise<boolean> {
  const rows = await db
    .select({ id: githubWebhookDeliveries.delivery_id })
    .from(githubWebhookDeliveries)
    .where(
      and(
        eq(githubWebhookDeliveries.workspace_id, workspaceId),
        eq(githubWebhookDeliveries.sync_id, syncId),
        eq(githubWebhookDeliveries.delivery_id, deliveryId),
      ),
    );
  return rows.length > 0;
}
