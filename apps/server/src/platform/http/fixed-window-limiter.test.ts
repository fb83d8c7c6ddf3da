import { describe, expect, it } from 'vitest';
import { createFixedWindowLimiter } from './fixed-window-limiter.ts';

describe('fixed-window limiter', () => {
  it('lets `limit` hits through per window and per key, then refuses until the window ends', () => {
    let now = 1_000_000;
    const hit = createFixedWindowLimiter(3, 60_000, () => now);
    expect([hit('a'), hit('a'), hit('a')].map((h) => [h.allowed, h.remaining])).toEqual([
      [true, 2],
      [true, 1],
      [true, 0],
    ]);
    const refused = hit('a');
    expect(refused).toEqual({
      allowed: false,
      remaining: 0,
      resetAt: Math.ceil((1_000_000 + 60_000) / 1000),
    });
    expect(hit('b').allowed).toBe(true);
    now += 59_999;
    expect(hit('a').allowed).toBe(false);
    now += 1;
    const fresh = hit('a');
    expect(fresh).toEqual({ allowed: true, remaining: 2, resetAt: Math.ceil((now + 60_000) / 1000) });
  });

  it('forgets windows that ended', () => {
    let now = 0;
    const hit = createFixedWindowLimiter(1, 1000, () => now);
    for (let i = 0; i < 100; i++) hit(`key-${i}`);
    now = 5000;
    // Every old key starts afresh (and the sweep dropped them meanwhile).
    expect(hit('key-1').allowed).toBe(true);
    expect(hit('key-1').allowed).toBe(false);
  });
});
