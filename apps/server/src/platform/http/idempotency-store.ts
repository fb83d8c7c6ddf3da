import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../db/database.ts';
import { idempotencyKeys } from '../db/schema.ts';

/** How long an answer is kept and replayed (Stripe keeps keys 24 hours too). */
export const IDEMPOTENCY_RETENTION_HOURS = 24;
/** A request still "running" under a key after this long died with its process: a retry may run. */
export const IDEMPOTENCY_ABANDONED_SECONDS = 60;
/**
 * The status a run's own write transaction gives its key just before it commits (answer still to
 * come): a run that failed after that point did its write, and its retry must not do it again.
 */
export const COMMITTED_UNANSWERED = 0;

/** What a retry is answered when the first run's write committed but its answer was lost. */
export const ANSWER_LOST: StoredAnswer = {
  status: 409,
  contentType: 'application/json; charset=utf-8',
  body: Buffer.from(
    JSON.stringify({
      error:
        'The request with this Idempotency-Key was carried out, but its answer was lost; read the resource to see the result',
      error_code: 'IDEMPOTENCY_ANSWER_LOST',
    }),
  ),
};

/** The statement a run's write transactions end with (see COMMITTED_UNANSWERED). */
export function markCommitted(id: string): { text: string; values: unknown[] } {
  return {
    text: `update idempotency_keys set status = ${COMMITTED_UNANSWERED} where id = $1 and status is null`,
    values: [id],
  };
}

/** One request under a key: who sent it and what it asked. */
export interface KeyedRequest {
  /** `user:<id>` for a session, `token:<id>` for an API token. */
  caller: string;
  key: string;
  method: string;
  path: string;
  /** SHA-256 (hex) of the body's bytes. */
  bodyHash: string;
}

export interface StoredAnswer {
  status: number;
  contentType: string | null;
  body: Uint8Array;
}

/** What a request with a key does: run (it holds the key now), replay, or be refused. */
export type Claim =
  | { kind: 'run'; id: string }
  | { kind: 'replay'; answer: StoredAnswer }
  | { kind: 'reused' }
  | { kind: 'in_use' };

/**
 * Takes the key for this request, or says why not. One statement inserts the "started" row; the
 * unique (caller, key) index lets only one of two concurrent requests have it. A row older than
 * the retention, or a run abandoned with the same request, is taken over in the same statement
 * (the row lock lets one retry win). Otherwise the row decides: another request → reused; still
 * running → in use; finished → its answer.
 */
export async function claimKey(db: Executor, request: KeyedRequest): Promise<Claim> {
  // The row may go between the two statements (its run failed with a 5xx): then try again.
  for (let attempt = 0; attempt < 3; attempt++) {
    const taken = await db
      .insert(idempotencyKeys)
      .values({
        caller: request.caller,
        key: request.key,
        method: request.method,
        path: request.path,
        body_hash: request.bodyHash,
      })
      .onConflictDoUpdate({
        target: [idempotencyKeys.caller, idempotencyKeys.key],
        set: {
          method: sql`excluded.method`,
          path: sql`excluded.path`,
          body_hash: sql`excluded.body_hash`,
          status: null,
          content_type: null,
          body: null,
          started_at: sql`now()`,
          created_at: sql`now()`,
        },
        setWhere: sql`${idempotencyKeys.created_at} < now() - make_interval(hours => ${IDEMPOTENCY_RETENTION_HOURS})
          or (${idempotencyKeys.status} is null
              and ${idempotencyKeys.started_at} < now() - make_interval(secs => ${IDEMPOTENCY_ABANDONED_SECONDS})
              and ${idempotencyKeys.method} = excluded.method
              and ${idempotencyKeys.path} = excluded.path
              and ${idempotencyKeys.body_hash} = excluded.body_hash)`,
      })
      .returning({ id: idempotencyKeys.id });
    if (taken[0]) return { kind: 'run', id: taken[0].id };

    const [row] = await db
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.caller, request.caller), eq(idempotencyKeys.key, request.key)));
    if (!row) continue;
    if (row.method !== request.method || row.path !== request.path || row.body_hash !== request.bodyHash) {
      return { kind: 'reused' };
    }
    if (row.status === COMMITTED_UNANSWERED) {
      // Its write is done; once its run counts as abandoned, the retry learns so.
      const abandoned = Date.now() - row.started_at.getTime() > IDEMPOTENCY_ABANDONED_SECONDS * 1000;
      return abandoned ? { kind: 'replay', answer: ANSWER_LOST } : { kind: 'in_use' };
    }
    if (row.status === null) return { kind: 'in_use' };
    return {
      kind: 'replay',
      answer: { status: row.status, contentType: row.content_type, body: row.body ?? new Uint8Array() },
    };
  }
  return { kind: 'in_use' };
}

/** The run's answer, kept for the replays. */
export async function storeAnswer(db: Executor, id: string, answer: StoredAnswer): Promise<void> {
  await db
    .update(idempotencyKeys)
    .set({ status: answer.status, content_type: answer.contentType, body: answer.body })
    .where(eq(idempotencyKeys.id, id));
}

/**
 * The run gave no final answer (a 5xx, or none it could keep). If its write committed (its key
 * says so), a retry is told ANSWER_LOST; otherwise the key is free for a retry.
 */
export async function releaseKey(db: Executor, id: string): Promise<void> {
  await db
    .update(idempotencyKeys)
    .set({ status: ANSWER_LOST.status, content_type: ANSWER_LOST.contentType, body: ANSWER_LOST.body })
    .where(and(eq(idempotencyKeys.id, id), eq(idempotencyKeys.status, COMMITTED_UNANSWERED)));
  await db
    .delete(idempotencyKeys)
    .where(and(eq(idempotencyKeys.id, id), sql`${idempotencyKeys.status} is null`));
}
