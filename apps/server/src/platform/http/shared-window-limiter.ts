import { sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../db/database.ts';
import type { RateLimitHit } from './hooks.ts';

/**
 * The fixed-window counter of `fixed-window-limiter.ts`, kept in PostgreSQL so that every app node
 * counts into one window per key: `limit` hits per `windowMs`, the window starting at the key's
 * first hit. One upsert per hit; the row lock orders a key's concurrent hits, and the database's
 * clock is the one clock every node shares.
 */
export function createSharedWindowLimiter(
  db: Executor,
  limit: number,
  windowMs = 60_000,
): (key: string) => Promise<RateLimitHit> {
  const windowSeconds = windowMs / 1000;
  return async (key) => {
    const [row] = await queryRows<{ hits: number; reset_at: number }>(
      db,
      sql`insert into api_rate_windows as w (token_id, window_start, hits)
          values (${key}, now(), 1)
          on conflict (token_id) do update set
            window_start = case when w.window_start <= now() - make_interval(secs => ${windowSeconds})
                                then now() else w.window_start end,
            hits = case when w.window_start <= now() - make_interval(secs => ${windowSeconds})
                        then 1 else w.hits + 1 end
          returning hits, ceil(extract(epoch from w.window_start) + ${windowSeconds})::bigint as reset_at`,
    );
    const hits = row!.hits;
    return { allowed: hits <= limit, remaining: Math.max(0, limit - hits), resetAt: Number(row!.reset_at) };
  };
}
