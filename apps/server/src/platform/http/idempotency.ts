import { createHash } from 'node:crypto';
import { AppError } from '@kite/shared/errors';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { createRetryUntilTaken } from '../async/retry-until-taken.ts';
import { armCommitWatch, hasCommitted } from '../db/commit-watch.ts';
import type { Executor } from '../db/database.ts';
import { ANSWER_LOST, claimKey, markCommitted, releaseKey, storeAnswer } from './idempotency-store.ts';

/**
 * `Idempotency-Key` on API writes (api.md §0.2, Stripe's semantics). A POST, PUT or PATCH under
 * `/api/` with the header, from a signed-in user or an API token, runs once per key: its answer
 * (status, content type, body bytes) is kept with the key for 24 hours, and the same request again
 * gets that answer back with `Idempotent-Replayed: true` and no second write. Keys belong to their
 * caller. The state is in the database (`idempotency-store.ts`), so it holds across app nodes.
 */

export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
export const REPLAYED_HEADER = 'Idempotent-Replayed';

/** 1–255 printable ASCII characters. */
const VALID_KEY = /^[\x20-\x7e]{1,255}$/;
const COVERED_METHODS = new Set(['POST', 'PUT', 'PATCH']);

/** The raw JSON text of requests that carry a key: the body is hashed as sent, not as parsed. */
const rawBodies = new WeakMap<FastifyRequest, string>();

/** Called by the JSON body parser: keeps the text of a request that carries a key. */
export function keepBodyForIdempotency(request: FastifyRequest, text: string): void {
  if (request.headers[IDEMPOTENCY_KEY_HEADER] !== undefined) rawBodies.set(request, text);
}

function callerOf(request: FastifyRequest): string | null {
  if (request.apiTokenId) return `token:${request.apiTokenId}`;
  if (request.user) return `user:${request.user.id}`;
  return null;
}

/** The answer as bytes; null for a payload that cannot be kept as it was sent (a stream, an encoded body). */
function bytesOf(payload: unknown, reply: FastifyReply): Uint8Array | null {
  if (reply.getHeader('content-encoding')) return null;
  if (payload === undefined || payload === null) return new Uint8Array();
  if (typeof payload === 'string') return Buffer.from(payload);
  if (payload instanceof Uint8Array) return payload;
  return null;
}

export function createIdempotencyHooks(db: Executor, log: { warn(obj: object, msg: string): void }) {
  /** Requests running under a key they hold, until their answer is kept or the key released. */
  const runs = new WeakMap<FastifyRequest, string>();
  /**
   * Keys whose release or answer the database refused (it was away: a failover): tried again
   * every second, so a client's retry is not told "in use" until the key counts as abandoned.
   */
  const unsettled = createRetryUntilTaken((id, error) =>
    log.warn({ err: error, keyId: id }, 'idempotency key never settled'),
  );

  /** Releases the key or keeps its answer now, or as soon as the database takes it. */
  async function settle(request: FastifyRequest, id: string, work: () => Promise<void>) {
    runs.delete(request);
    try {
      await work();
    } catch (error) {
      log.warn({ err: error, reqId: request.id }, 'idempotency key not settled; retrying');
      unsettled.keep(id, work);
    }
  }
  const release = (request: FastifyRequest, id: string) => settle(request, id, () => releaseKey(db, id));

  return {
    /** After authentication, CSRF and access (the auth hooks' preValidation), before validation. */
    async preValidation(request: FastifyRequest, reply: FastifyReply) {
      const header = request.headers[IDEMPOTENCY_KEY_HEADER];
      if (header === undefined || !COVERED_METHODS.has(request.method)) return;
      if (!request.url.startsWith('/api/')) return;
      const key = Array.isArray(header) ? header.join(', ') : header;
      if (!VALID_KEY.test(key)) {
        throw new AppError(
          'bad_request',
          'Idempotency-Key must be 1 to 255 printable ASCII characters',
          'IDEMPOTENCY_KEY_INVALID',
        );
      }
      const caller = callerOf(request);
      // Anonymous writes have no one to keep a key for; uploads (multipart) are read by their
      // handler as a stream, so there is no body to compare before it runs: neither is covered.
      if (!caller || /^multipart\//i.test(request.headers['content-type'] ?? '')) return;
      const bodyHash = createHash('sha256')
        .update(rawBodies.get(request) ?? '')
        .digest('hex');
      const claim = await claimKey(db, { caller, key, method: request.method, path: request.url, bodyHash });
      switch (claim.kind) {
        case 'run':
          runs.set(request, claim.id);
          armCommitWatch(markCommitted(claim.id));
          return;
        case 'reused':
          throw new AppError(
            'conflict',
            'This Idempotency-Key was already used with a different request (method, path or body); use a new key',
            'IDEMPOTENCY_KEY_REUSED',
          );
        case 'in_use':
          throw new AppError(
            'conflict',
            'A request with this Idempotency-Key is still being processed; retry later',
            'IDEMPOTENCY_KEY_IN_USE',
          );
        case 'replay': {
          const { status, contentType, body } = claim.answer;
          reply.code(status).header(REPLAYED_HEADER, 'true');
          if (contentType) reply.type(contentType);
          return reply.send(body.length > 0 ? Buffer.from(body) : undefined);
        }
      }
    },

    /**
     * Keeps a final answer (below 500) with the key. A 5xx frees the key, so the retry runs again,
     * unless the request's write had committed: then the retry is told so (ANSWER_LOST).
     */
    async onSend(request: FastifyRequest, reply: FastifyReply, payload: unknown) {
      const id = runs.get(request);
      if (!id) return payload;
      const body = bytesOf(payload, reply);
      if (reply.statusCode >= 500 || body === null) {
        if (hasCommitted()) await settle(request, id, () => storeAnswer(db, id, ANSWER_LOST));
        else await release(request, id);
        return payload;
      }
      const type = reply.getHeader('content-type');
      const answer = { status: reply.statusCode, contentType: typeof type === 'string' ? type : null, body };
      // The write itself is done: answer it whether or not the database takes the answer now.
      await settle(request, id, () => storeAnswer(db, id, answer));
      return payload;
    },

    /** A request that ended without sending through onSend (hijacked, aborted): its key is freed. */
    async onResponse(request: FastifyRequest) {
      const id = runs.get(request);
      if (id) await release(request, id);
    },
  };
}
