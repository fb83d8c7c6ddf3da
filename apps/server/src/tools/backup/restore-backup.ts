import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Database } from '../../platform/db/database.ts';
import { UPLOADS, unpackArchive } from './archive.ts';
import { type FileSource, replaceStoreFiles, replaceUploads, storedFiles } from './files.ts';
import { applyMigrations, archiveLevel, dropSchema, knownMigrations } from './migrations.ts';
import { loadTables, resetSequences } from './table-load.ts';

export class RestoreRefused extends Error {}

/** Whether the target already holds an instance: accounts in the database, or stored files. */
async function holdsData(database: Database, target: FileSource): Promise<boolean> {
  const [users] = await database.raw<{ found: boolean }>(
    "select to_regclass('public.users') is not null as found",
  );
  if (users?.found && (await database.raw('select 1 from users limit 1')).length > 0) return true;
  const files = typeof target === 'string' ? await storedFiles(target) : await target.list();
  return files.length > 0;
}

/**
 * Restores an archive into `database` and `target` (the uploads folder, or an S3 store). In one
 * transaction: Kite's schema is built again at the archive's migration level, every table is
 * loaded and checked against the manifest, sequences continue after the largest id, and this
 * version's newer migrations run over the restored rows as on any upgrade — a failure anywhere
 * leaves the database as it was. The stored files then take the uploads folder's place; a store
 * gets each file written under its key and loses the files the archive does not hold.
 */
export async function restoreBackup(
  database: Database,
  target: FileSource,
  file: string,
  { force = false } = {},
): Promise<{ rows: number; files: number }> {
  if (!force && (await holdsData(database, target))) {
    throw new RestoreRefused(
      'The target already holds data: restore into an empty instance, or pass --force to replace it.',
    );
  }
  // Unpacked beside the uploads folder (renames, not copies), or in the temp folder for a store.
  const parent = typeof target === 'string' ? path.dirname(target) : os.tmpdir();
  await fs.mkdir(parent, { recursive: true });
  const staging = await fs.mkdtemp(path.join(parent, '.kite-restore-'));
  try {
    const manifest = await unpackArchive(file, staging);
    const known = knownMigrations();
    const level = archiveLevel(manifest.migrations, known);
    if (level === undefined) {
      throw new RestoreRefused(
        `The backup was made by a newer Kite (its latest migration is ${manifest.latest_migration}, ` +
          `this version's is ${known.at(-1)?.tag}): restore it with Kite ${manifest.app_version} or newer.`,
      );
    }
    const files = (await storedFiles(path.join(staging, UPLOADS))).length;
    if (files !== manifest.files) {
      throw new Error(`The archive holds ${files} stored files, its manifest ${manifest.files}`);
    }
    const rows = await database.db.transaction(async (tx) => {
      await dropSchema(tx);
      await applyMigrations(tx, known.slice(0, level));
      const loaded = await loadTables(tx, staging, manifest.tables);
      await resetSequences(tx);
      await applyMigrations(tx, known.slice(level));
      return loaded;
    });
    if (typeof target === 'string') await replaceUploads(path.join(staging, UPLOADS), target);
    else await replaceStoreFiles(path.join(staging, UPLOADS), target);
    // Fresh statistics for the planner (PGlite has no autovacuum to gather them).
    await database.raw('analyze');
    return { rows, files };
  } finally {
    await fs.rm(staging, { recursive: true, force: true });
  }
}
