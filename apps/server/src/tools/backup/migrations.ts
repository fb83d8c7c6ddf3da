import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { type Executor, queryRows } from '../../platform/db/database.ts';
import { migrationsFolder } from '../../platform/db/migrate.ts';

/** A migration as drizzle records it (`created_at` is its journal time), named by its file. */
export interface Migration {
  tag: string;
  created_at: number;
  hash: string;
}

export type KnownMigration = Migration & { statements: string[] };

/** This version's migrations, oldest first, with their SQL. */
export function knownMigrations(): KnownMigration[] {
  const folder = migrationsFolder();
  const journal = JSON.parse(fs.readFileSync(path.join(folder, 'meta', '_journal.json'), 'utf8')) as {
    entries: { tag: string; when: number }[];
  };
  const files = readMigrationFiles({ migrationsFolder: folder });
  return journal.entries.map((entry, i) => ({
    tag: entry.tag,
    created_at: entry.when,
    hash: files[i]!.hash,
    statements: files[i]!.sql,
  }));
}

/**
 * The migrations applied to the database, oldest first. One this version does not know means
 * the database was migrated by a newer version: its schema cannot be named, so it is refused.
 */
export async function appliedMigrations(tx: Executor, known: KnownMigration[]): Promise<Migration[]> {
  const [log] = await queryRows<{ found: boolean }>(
    tx,
    sql`select to_regclass('drizzle.__drizzle_migrations') is not null as found`,
  );
  if (!log?.found) return [];
  const applied = await queryRows<{ created_at: string }>(
    tx,
    sql`select created_at from drizzle.__drizzle_migrations order by created_at`,
  );
  return applied.map(({ created_at }) => {
    const migration = known.find((m) => m.created_at === Number(created_at));
    if (!migration) {
      throw new Error(
        `The database has a migration this version does not know (created ${created_at}): ` +
          'back it up with the Kite version that serves it.',
      );
    }
    return { tag: migration.tag, created_at: migration.created_at, hash: migration.hash };
  });
}

/**
 * Applies `migrations` inside the caller's transaction, as drizzle's migrator does (same log
 * table, same rows), so the server later carries on from there. drizzle's own migrator opens a
 * transaction of its own, which would commit a restore half-way.
 */
export async function applyMigrations(tx: Executor, migrations: KnownMigration[]): Promise<void> {
  await tx.execute(sql`create schema if not exists drizzle`);
  await tx.execute(
    sql`create table if not exists drizzle.__drizzle_migrations (id serial primary key, hash text not null, created_at bigint)`,
  );
  for (const migration of migrations) {
    for (const statement of migration.statements) await tx.execute(sql.raw(statement));
    await tx.execute(
      sql`insert into drizzle.__drizzle_migrations (hash, created_at) values (${migration.hash}, ${migration.created_at})`,
    );
  }
}

/**
 * Removes Kite's schema so the migrations can build it again at an older level: every table and
 * function of schema `public` (not an extension's: pg_trgm stays, the migrations create it only
 * when missing) and drizzle's migration log. The migrations create no other kind of object; one
 * that does must be dropped here too (`backup.test.ts` restores over a migrated database).
 */
export async function dropSchema(tx: Executor): Promise<void> {
  const statements = await queryRows<{ statement: string }>(
    tx,
    sql`select format('drop table if exists %s cascade', c.oid::regclass) as statement
          from pg_class c
         where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p')
           and not exists (select from pg_depend d where d.classid = 'pg_class'::regclass and d.objid = c.oid and d.deptype = 'e')
        union all
        select format('drop function if exists %s cascade', p.oid::regprocedure)
          from pg_proc p
         where p.pronamespace = 'public'::regnamespace
           and not exists (select from pg_depend d where d.classid = 'pg_proc'::regclass and d.objid = p.oid and d.deptype = 'e')`,
  );
  for (const { statement } of statements) await tx.execute(sql.raw(statement));
  await tx.execute(sql`drop schema if exists drizzle cascade`);
}

/**
 * How many of this version's migrations the archive was taken at. Its migrations must be the
 * first of this version's: a backup from a newer version is refused (its rows may not fit).
 */
export function archiveLevel(archive: Migration[], known: KnownMigration[]): number | undefined {
  const matches = archive.every(
    (migration, i) => known[i]?.tag === migration.tag && known[i]?.created_at === migration.created_at,
  );
  return matches ? archive.length : undefined;
}
