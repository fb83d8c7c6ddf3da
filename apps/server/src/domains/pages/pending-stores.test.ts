import { afterEach, describe, expect, it, vi } from 'vitest';
import { createPendingStores } from './pending-stores.ts';

/** Stores a database refused during a failover are stored again once it is back. */
describe('pending page stores', () => {
  afterEach(() => vi.useRealTimers());

  it('stores the kept state again every second until the database takes it, then says so once', async () => {
    vi.useFakeTimers();
    const attempts: Uint8Array[] = [];
    let up = false;
    const store = vi.fn(async (_pageId: string, bytes: Uint8Array) => {
      attempts.push(bytes);
      if (!up) throw new Error('Connection terminated unexpectedly');
      return true;
    });
    const stored = vi.fn();
    const pending = createPendingStores(store, stored, () => {});
    pending.keep('page', new Uint8Array([1]), 'user');
    // A later refusal keeps the newer state (it holds the older one).
    pending.keep('page', new Uint8Array([1, 2]), 'user');
    await vi.advanceTimersByTimeAsync(1000);
    expect(attempts).toEqual([new Uint8Array([1, 2])]);
    expect(pending.size()).toBe(1);
    up = true;
    await vi.advanceTimersByTimeAsync(1000);
    expect(stored).toHaveBeenCalledExactlyOnceWith('page');
    expect(pending.size()).toBe(0);
    await vi.advanceTimersByTimeAsync(5000);
    expect(store).toHaveBeenCalledTimes(2);
  });

  it('forgets what a later store of the open document already holds, and gives up after 10 minutes', async () => {
    vi.useFakeTimers();
    const store = vi.fn(async (_pageId: string, _bytes: Uint8Array): Promise<boolean> => {
      throw new Error('Connection terminated unexpectedly');
    });
    const log = vi.fn();
    const pending = createPendingStores(store, () => {}, log);
    pending.keep('stored later', new Uint8Array([1]), null);
    pending.forget('stored later');
    pending.keep('never', new Uint8Array([2]), null);
    await vi.advanceTimersByTimeAsync(10 * 60_000 + 2000);
    expect(store.mock.calls.every(([pageId]) => pageId === 'never')).toBe(true);
    expect(pending.size()).toBe(0);
    expect(log).toHaveBeenCalledOnce();
  });
});
