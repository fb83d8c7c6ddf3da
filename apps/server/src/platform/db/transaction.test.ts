import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { freshDatabase } from '../../test/test-app.ts';
import type { Database, Executor } from './database.ts';
import { withTransaction } from './transaction.ts';

/** A write handed down to the services it calls: one commit, effects after it, savepoints inside. */

let database: Database;
let drop: () => Promise<void>;

beforeAll(async () => {
  ({ database, drop } = await freshDatabase({}));
  await database.raw('create table written (step text not null)');
});
beforeEach(() => database.raw('truncate written'));
afterAll(async () => {
  await database.raw('drop table written');
  await database.close();
  await drop();
});

const write = (tx: Executor, step: string) => tx.execute(sql`insert into written (step) values (${step})`);
const written = async () =>
  (await database.raw<{ step: string }>('select step from written order by step')).map((r) => r.step);

describe('withTransaction', () => {
  it('runs the effects once the outermost transaction commits, in order, and never before', async () => {
    const effects: string[] = [];
    await withTransaction(database.db, undefined, async (outer) => {
      await write(outer.tx, 'outer');
      outer.afterCommit(() => effects.push('outer'));
      await withTransaction(database.db, outer, async (inner) => {
        await write(inner.tx, 'inner');
        inner.afterCommit(() => effects.push('inner'));
      });
      expect(effects).toEqual([]);
      // Nothing is visible outside before the commit (PostgreSQL: another connection reads).
      if (database.kind === 'postgres') expect(await written()).toEqual([]);
    });
    expect(effects).toEqual(['outer', 'inner']);
    expect(await written()).toEqual(['inner', 'outer']);
  });

  it('undoes every step and runs no effect when a later step of the outer write fails', async () => {
    const effects: string[] = [];
    const failing = withTransaction(database.db, undefined, async (outer) => {
      await withTransaction(database.db, outer, async (inner) => {
        await write(inner.tx, 'first service');
        inner.afterCommit(() => effects.push('first service'));
      });
      await write(outer.tx, 'second step');
      throw new Error('the second step failed');
    });
    await expect(failing).rejects.toThrow('the second step failed');
    expect(effects).toEqual([]);
    expect(await written()).toEqual([]);
  });

  it('lets a caller catch a nested failure: only its statements and effects are undone', async () => {
    const effects: string[] = [];
    await withTransaction(database.db, undefined, async (outer) => {
      await write(outer.tx, 'kept');
      await withTransaction(database.db, outer, async (inner) => {
        await write(inner.tx, 'undone');
        inner.afterCommit(() => effects.push('undone'));
        // A statement error aborts the transaction up to the savepoint only.
        await inner.tx.execute(sql`select 1 / 0`);
      }).catch(() => undefined);
      await write(outer.tx, 'after the failure');
    });
    expect(effects).toEqual([]);
    expect(await written()).toEqual(['after the failure', 'kept']);
  });
});
