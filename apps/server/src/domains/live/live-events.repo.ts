import { sql } from 'drizzle-orm';
import { type Executor, queryRows, sqlArray } from '../../platform/db/database.ts';
import type { StoredEvent } from './live-events.policy.ts';

/**
 * Committed events of these workspaces after `afterId`, oldest first, from the outbox (which
 * keeps handled events for days). `since` bounds the scan to the replay window.
 */
export function eventsAfter(
  db: Executor,
  workspaceIds: string[],
  afterId: number,
  since: Date,
  limit: number,
): Promise<StoredEvent[]> {
  if (workspaceIds.length === 0) return Promise.resolve([]);
  return queryRows<StoredEvent>(
    db,
    sql`select id::float8 as id, workspace_id, topic, payload, created_at from outbox
         where workspace_id = any(${sqlArray(workspaceIds, 'uuid')}) and id > ${afterId}
           and created_at >= ${since.toISOString()}
         order by id limit ${limit}`,
  );
}

/** When an event of the workspace was committed; undefined when there is no such event. */
export async function eventTime(
  db: Executor,
  workspaceId: string,
  eventId: number,
): Promise<Date | undefined> {
  const [row] = await queryRows<{ created_at: string | Date }>(
    db,
    sql`select created_at from outbox where id = ${eventId} and workspace_id = ${workspaceId}`,
  );
  return row ? new Date(row.created_at) : undefined;
}

/** The newest event id there is (a new subscriber hears only what comes after it). */
export async function latestEventId(db: Executor): Promise<number> {
  const [row] = await queryRows<{ id: number | null }>(db, sql`select max(id)::float8 as id from outbox`);
  return row?.id ?? 0;
}
