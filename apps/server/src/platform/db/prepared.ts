import type { Executor } from './database.ts';

const byExecutor = new WeakMap<Executor, Map<string, unknown>>();

/**
 * A named prepared statement, built once per executor. Drizzle's `.prepare(name)` renders the SQL
 * text again on every call, which costs more CPU than the round trip for the per-request lookups;
 * cached here, a request only binds parameters. The driver prepares the name once per connection.
 * Statements made on a transaction handle live as long as that handle.
 */
export function prepared<Q>(db: Executor, name: string, build: (db: Executor) => Q): Q {
  let statements = byExecutor.get(db);
  if (!statements) {
    statements = new Map();
    byExecutor.set(db, statements);
  }
  let statement = statements.get(name) as Q | undefined;
  if (statement === undefined) {
    statement = build(db);
    statements.set(name, statement);
  }
  return statement;
}
