import { afterEach, describe, expect, it } from 'vitest';
import { signUp } from '../../test/factories.ts';
import { startTestApp, type TestApp } from '../../test/test-app.ts';

function parse(header: string | null): Record<string, number> {
  return Object.fromEntries(
    (header ?? '').split(',').map((part) => {
      const [name, dur] = part.trim().split(';dur=');
      return [name, Number(dur)];
    }),
  );
}

describe('Server-Timing', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('splits database, handler and serialisation time when SERVER_TIMING is on', async () => {
    t = await startTestApp({ SERVER_TIMING: '1' });
    const owner = await signUp(t);
    const res = await owner.client.get('/api/users/me/');
    expect(res.status).toBe(200);
    const timing = parse(res.headers.get('server-timing'));
    expect(Object.keys(timing)).toEqual(['db', 'app', 'ser']);
    // Resolving the session and reading the user are queries, so the database share is not zero.
    expect(timing.db).toBeGreaterThan(0);
    expect(timing.app).toBeGreaterThanOrEqual(0);
    expect(timing.ser).toBeGreaterThanOrEqual(0);
  });

  it('is not sent by default', async () => {
    t = await startTestApp();
    const owner = await signUp(t);
    const res = await owner.client.get('/api/users/me/');
    expect(res.headers.get('server-timing')).toBeNull();
  });
});
