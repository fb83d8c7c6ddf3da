import { describe, expect, it } from 'vitest';
import { onDemand } from './onDemand.ts';

describe('onDemand', () => {
  it('loads once, keeps the part, and tries a failed load again', async () => {
    let calls = 0;
    const part = onDemand(async () => {
      calls += 1;
      if (calls === 1) throw new Error('offline');
      return 'chunk';
    });
    expect(part.current).toBeNull();
    await expect(part.load()).rejects.toThrow('offline');
    expect(part.current).toBeNull();
    const [a, b] = await Promise.all([part.load(), part.load()]);
    expect([a, b, part.current, calls]).toEqual(['chunk', 'chunk', 'chunk', 2]);
    await part.load();
    expect(calls).toBe(2);
  });
});
