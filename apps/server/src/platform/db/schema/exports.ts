import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { audit, id, ts } from './columns.ts';
import { workspaces } from './workspaces.ts';

/**
 * Issue exports: queued by a request, produced by the export worker (claimed with FOR UPDATE SKIP
 * LOCKED and leased while it runs), downloaded by their creator.
 */
export const issueExports = pgTable(
  'issue_exports',
  {
    id: id(),
    workspace_id: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    project_ids: uuid('project_ids').array().notNull(),
    status: text('status').notNull().default('queued'),
    /**
     * While `processing`: when the worker's claim lapses. A process that died or was cut off
     * mid-export leaves it to the next claim after this.
     */
    claim_expires_at: ts('claim_expires_at'),
    /** Claims so far: an export whose worker dies every time (too big for it, say) is not taken for ever. */
    attempts: integer('attempts').notNull().default(0),
    storage_key: text('storage_key'),
    error: text('error'),
    ...audit(),
  },
  (t) => [
    index('issue_exports_creator_idx').on(t.workspace_id, t.created_by, t.created_at),
    index('issue_exports_queued_idx').on(t.created_at).where(sql`${t.status} = 'queued'`),
    index('issue_exports_claimed_idx').on(t.claim_expires_at).where(sql`${t.status} = 'processing'`),
  ],
);

export type ExportRow = typeof issueExports.$inferSelect;
