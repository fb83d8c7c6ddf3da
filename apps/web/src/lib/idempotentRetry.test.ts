import { describe, expect, it } from 'vitest';
import { newIdempotencyKey, retryAfterMs } from './idempotentRetry.ts';

describe('idempotent retry helpers', () => {
  it('reads Retry-After as seconds or as an HTTP date', () => {
    const now = Date.parse('2026-05-19T08:15:00.000Z');
    expect(retryAfterMs('5', now)).toBe(5000);
    expect(retryAfterMs(' 0 ', now)).toBe(0);
    expect(retryAfterMs('Tue, 19 May 2026 08:15:02 GMT', now)).toBe(2000);
    expect(retryAfterMs('Tue, 19 May 2026 08:14:00 GMT', now)).toBe(0);
    expect(retryAfterMs(null, now)).toBeNull();
    expect(retryAfterMs('soon', now)).toBeNull();
  });

  it('makes random keys without crypto.randomUUID too (plain http has no secure context)', () => {
    const own = Object.getOwnPropertyDescriptor(crypto, 'randomUUID');
    Object.defineProperty(crypto, 'randomUUID', { value: undefined, configurable: true });
    try {
      expect(crypto.randomUUID).toBeUndefined();
      const a = newIdempotencyKey();
      const b = newIdempotencyKey();
      expect(a).toMatch(/^[0-9a-f]{32}$/);
      expect(b).not.toBe(a);
    } finally {
      if (own) Object.defineProperty(crypto, 'randomUUID', own);
      else Reflect.deleteProperty(crypto, 'randomUUID');
    }
    expect(typeof crypto.randomUUID).toBe('function');
  });
});
