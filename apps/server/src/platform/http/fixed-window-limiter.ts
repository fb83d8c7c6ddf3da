import type { RateLimitHit } from './hooks.ts';

/**
 * A fixed-window counter per key, in memory: `limit` hits per `windowMs`, the window starting at
 * a key's first hit. For the embedded database, whose one process is the only node: a request
 * costs no write for being counted. On PostgreSQL the nodes share `shared-window-limiter.ts`.
 */
export function createFixedWindowLimiter(
  limit: number,
  windowMs = 60_000,
  now: () => number = Date.now,
): (key: string) => RateLimitHit {
  const windows = new Map<string, { start: number; count: number }>();
  let sweptAt = now();

  /** Forgets windows that have ended, at most once per window length. */
  function sweep(at: number) {
    if (at - sweptAt < windowMs) return;
    sweptAt = at;
    for (const [key, window] of windows) if (at - window.start >= windowMs) windows.delete(key);
  }

  return (key) => {
    const at = now();
    sweep(at);
    let window = windows.get(key);
    if (!window || at - window.start >= windowMs) {
      window = { start: at, count: 0 };
      windows.set(key, window);
    }
    window.count += 1;
    return {
      allowed: window.count <= limit,
      remaining: Math.max(0, limit - window.count),
      resetAt: Math.ceil((window.start + windowMs) / 1000),
    };
  };
}
