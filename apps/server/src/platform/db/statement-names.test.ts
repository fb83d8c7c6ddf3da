import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { testDriver } from '../../test/global-setup.ts';
import { nameLongReads } from './statement-names.ts';

/** A read longer than the naming threshold whose answer depends on its parameter. */
const longRead = (tag: string) =>
  `select $1::int + 1 as n, '${tag}' as tag ${' '.repeat(400)}from generate_series(1, 1)`;

// Prepared statements are PostgreSQL's (the pool of the `pg` driver); the PGlite pass has none.
describe.runIf(testDriver() === 'postgres')('named long reads', () => {
  let pool: pg.Pool | undefined;
  afterEach(() => pool?.end());

  /** One connection, so the statements prepared by one query are visible to the next. */
  function openPool(options?: Parameters<typeof nameLongReads>[1]) {
    pool = new pg.Pool({ connectionString: process.env.TEST_DATABASE_URL, max: 1 });
    nameLongReads(pool, options);
    return pool;
  }

  const preparedNames = async (p: pg.Pool) =>
    (await p.query<{ name: string }>('select name from pg_prepared_statements order by name')).rows.map(
      (r) => r.name,
    );

  it('prepares a long read once per connection and answers each call with its own parameters', async () => {
    const p = openPool();
    const first = await p.query({ text: longRead('a'), values: [1] });
    const second = await p.query({ text: longRead('a'), values: [41] });
    expect(first.rows[0].n).toBe(2);
    expect(second.rows[0].n).toBe(42);
    const names = await preparedNames(p);
    expect(names).toHaveLength(1);
    expect(names[0]).toMatch(/^r_/);
  });

  it('leaves short statements, writes and already named statements alone', async () => {
    const p = openPool();
    await p.query('select 1');
    await p.query(`create temporary table t (v text) ${' '.repeat(400)}`);
    await p.query(`insert into t (v) select 'x' ${' '.repeat(400)}`);
    await p.query({ name: 'mine', text: longRead('b'), values: [1] });
    expect(await preparedNames(p)).toEqual(['mine']);
  });

  it('stops naming new texts at the limit and keeps answering them', async () => {
    const p = openPool({ maxNames: 2 });
    for (const tag of ['a', 'b', 'c']) {
      const result = await p.query({ text: longRead(tag), values: [1] });
      expect(result.rows[0].tag).toBe(tag);
    }
    expect(await preparedNames(p)).toHaveLength(2);
  });
});
