import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { audit, createdAt, id, ts, updatedAt } from './columns.ts';
import { issues } from './issues.ts';
import { labels } from './labels.ts';
import { projects } from './projects.ts';
import { users } from './users.ts';
import { workspaces } from './workspaces.ts';

/**
 * A project's link to a GitHub repository (api.md §4.9): one per project. The access token and
 * the inbound webhook's secret are sealed (secret-box); the token is never answered.
 */
export const githubRepositorySyncs = pgTable(
  'github_repository_syncs',
  {
    id: id(),
    workspace_id: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    project_id: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    repository_owner: text('repository_owner').notNull(),
    repository_name: text('repository_name').notNull(),
    repository_url: text('repository_url').notNull(),
    repository_id: bigint('repository_id', { mode: 'number' }).notNull(),
    access_token_encrypted: text('access_token_encrypted').notNull(),
    webhook_secret_encrypted: text('webhook_secret_encrypted').notNull(),
    /** The project's "GitHub" label, put on every synced work item. */
    label_id: uuid('label_id').references(() => labels.id, { onDelete: 'set null' }),
    /** Who linked it: imported items and comments are made in their name. */
    actor_id: uuid('actor_id')
      .notNull()
      .references(() => users.id),
    config: jsonb('config').$type<Record<string, unknown>>().notNull().default({}),
    /** queued → running → completed | failed (the one-time import). */
    import_status: text('import_status').notNull().default('queued'),
    ...audit(),
  },
  (t) => [uniqueIndex('github_repository_syncs_project_key').on(t.project_id)],
);

/** A synced work item: its GitHub issue and the state GitHub last had (what keeps changes from echoing). */
export const githubIssueLinks = pgTable(
  'github_issue_links',
  {
    id: id(),
    workspace_id: uuid('workspace_id').notNull(),
    sync_id: uuid('sync_id')
      .notNull()
      .references(() => githubRepositorySyncs.id, { onDelete: 'cascade' }),
    issue_id: uuid('issue_id')
      .notNull()
      .references(() => issues.id, { onDelete: 'cascade' }),
    github_issue_id: bigint('github_issue_id', { mode: 'number' }).notNull(),
    github_issue_number: integer('github_issue_number').notNull(),
    /** open | closed, as GitHub has it (after our last push or its last event). */
    github_state: text('github_state').notNull(),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    uniqueIndex('github_issue_links_github_key').on(t.sync_id, t.github_issue_id),
    uniqueIndex('github_issue_links_issue_key').on(t.issue_id),
  ],
);

/**
 * Work that calls GitHub (the import, state pushes), run outside any request by the sync worker:
 * claimed with FOR UPDATE SKIP LOCKED and leased while it runs; failures retry with backoff.
 */
export const githubSyncJobs = pgTable(
  'github_sync_jobs',
  {
    id: id(),
    workspace_id: uuid('workspace_id').notNull(),
    sync_id: uuid('sync_id')
      .notNull()
      .references(() => githubRepositorySyncs.id, { onDelete: 'cascade' }),
    /** import | push_state */
    kind: text('kind').notNull(),
    issue_id: uuid('issue_id').references(() => issues.id, { onDelete: 'cascade' }),
    /** pending → done | failed */
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    next_attempt_at: ts('next_attempt_at').notNull().defaultNow(),
    last_error: text('last_error'),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    index('github_sync_jobs_due_idx').on(t.next_attempt_at).where(sql`${t.status} = 'pending'`),
    index('github_sync_jobs_sync_idx').on(t.sync_id),
  ],
);

/** Inbound webhook deliveries already handled (`X-GitHub-Delivery`), so a redelivery does nothing. */
export const githubWebhookDeliveries = pgTable(
  'github_webhook_deliveries',
  {
    workspace_id: uuid('workspace_id').notNull(),
    sync_id: uuid('sync_id')
      .notNull()
      .references(() => githubRepositorySyncs.id, { onDelete: 'cascade' }),
    delivery_id: text('delivery_id').notNull(),
    event: text('event').notNull(),
    received_at: ts('received_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('github_webhook_deliveries_key').on(t.sync_id, t.delivery_id)],
);

export type GithubRepositorySyncRow = typeof githubRepositorySyncs.$inferSelect;
export type GithubIssueLinkRow = typeof githubIssueLinks.$inferSelect;
export type GithubSyncJobRow = typeof githubSyncJobs.$inferSelect;
