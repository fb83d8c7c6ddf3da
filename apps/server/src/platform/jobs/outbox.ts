import type { Executor } from '../db/database.ts';
import { outbox } from '../db/schema.ts';

export interface OutboxEvent {
  workspace_id: string;
  /** `<entity>.<verb>`, e.g. `issue.updated`. */
  topic: string;
  payload: Record<string, unknown>;
}

/** Adds events in the caller's transaction, so they exist exactly when the change commits. */
export async function enqueue(tx: Executor, events: OutboxEvent[]): Promise<void> {
  if (events.length > 0) await tx.insert(outbox).values(events);
}
