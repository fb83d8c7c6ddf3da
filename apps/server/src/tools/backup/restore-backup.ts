import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/database.ts';
import { migrateDatabase, migrationsFolder } from '../../platform/db/migrate.ts';
import { FORMAT, type Manifest, readArchive } from './archive.ts';
import { query, tableNames } from './dump.ts';
import { insideUploads } from './files.ts';

export class RestoreRefused extends Error {}

interface Journal {
  entries: { idx: number; tag: string }[];
}

function journalOf(folder: string): Journal {
  return JSON.parse(fs.readFileSync(path.join(folder, 'meta', '_journal.json'), 'utf8')) as Journal;
}

/** A copy of this version's migrations that stops after the first `level`: the archive's schema. */
function migrationsUpTo(level: number): string {
  const source = migrationsFolder();
  const target = fs.mkdtempSync(path.join(os.tmpdir(), 'kite-migrations-'));
  fs.cpSync(source, target, { recursive: true });
  const journal = journalOf(source);
  journal.entries = journal.entries.slice(0, level);
  fs.writeFileSync(path.join(target, 'meta', '_journal.json'), JSON.stringify(journal));
  return target;
}

async function hasData(database: Database): Promise<boolean> {
  const found = await database.raw<{ found: boolean }>(
    "select to_regclass('public.users') is not null as found",
  );
  if (!found[0]?.found) return false;
  return Number((await database.raw<{ n: string }>('select count(*) as n from users'))[0]!.n) > 0;
}

/**
 * Restores an archive into `database` and `uploads`: the schema is built at the archive's
 * migration level, every row goes in within one transaction (triggers and foreign-key checks
 * off, as the rows were consistent when taken), sequences continue after the largest id, and
 * the newer migrations of this version then run as on any upgrade.
 */
export async function restoreBackup(
  database: Database,
  uploads: string,
  file: string,
  { force = false } = {},
): Promise<{ rows: number; files: number }> {
  const entries = readArchive(file)[Symbol.asyncIterator]();
  const first = (await entries.next()).value as { manifest?: Manifest } | undefined;
  const manifest = first?.manifest;
  if (manifest?.kind !== 'kite-backup' || manifest.format !== FORMAT)
    throw new RestoreRefused(`${file} is not a Kite backup`);
  const known = journalOf(migrationsFolder()).entries.length;
  if (manifest.migrations > known) {
    throw new RestoreRefused(
      `The backup was made by a newer version (migration ${manifest.migrations}, this one knows ${known}): upgrade first.`,
    );
  }
  if ((await hasData(database)) && !force) {
    throw new RestoreRefused(
      'The target database already holds data: restore into an empty one, or pass --force to replace it.',
    );
  }

  await database.raw('drop schema if exists drizzle cascade');
  await database.raw('drop schema if exists public cascade');
  await database.raw('create schema public');
  const archiveMigrations = migrationsUpTo(manifest.migrations);
  try {
    await migrateDatabase(database, archiveMigrations);
  } finally {
    fs.rmSync(archiveMigrations, { recursive: true, force: true });
  }

  const pendingFiles: { file: string; data: string }[] = [];
  let rows = 0;
  await database.db.transaction(async (tx) => {
    await query(tx, 'set local session_replication_role = replica');
    for (let next = await entries.next(); !next.done; next = await entries.next()) {
      const entry = next.value;
      if ('batch' in entry) {
        const table = sql.identifier(entry.table);
        await tx.execute(
          sql`insert into ${table} select * from json_populate_recordset(null::${table}, ${entry.batch}::json)`,
        );
      } else if ('file' in entry) {
        pendingFiles.push(entry);
      }
    }
    for (const table of await tableNames(tx)) {
      const counted = Number((await query<{ n: string }>(tx, `select count(*) as n from "${table}"`))[0]!.n);
      if (counted !== (manifest.tables[table] ?? 0)) {
        throw new RestoreRefused(
          `${table}: ${counted} rows restored, the backup holds ${manifest.tables[table] ?? 0}`,
        );
      }
      rows += counted;
    }
    // Serial ids continue after the largest restored one.
    const serials = await query<{ table_name: string; column_name: string; seq: string }>(
      tx,
      `select table_name, column_name, pg_get_serial_sequence(quote_ident(table_name), column_name) as seq
         from information_schema.columns
        where table_schema = 'public' and pg_get_serial_sequence(quote_ident(table_name), column_name) is not null`,
    );
    for (const { table_name, column_name, seq } of serials) {
      await query(
        tx,
        `select setval('${seq}', coalesce((select max("${column_name}") from "${table_name}"), 0) + 1, false)`,
      );
    }
  });
  await migrateDatabase(database);

  if (force) fs.rmSync(uploads, { recursive: true, force: true });
  for (const stored of pendingFiles) {
    const target = insideUploads(uploads, stored.file);
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.writeFileSync(target, Buffer.from(stored.data, 'base64'));
  }
  return { rows, files: pendingFiles.length };
}
