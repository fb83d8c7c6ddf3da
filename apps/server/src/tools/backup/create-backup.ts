import fs from 'node:fs/promises';
import path from 'node:path';
import { APP_VERSION } from '../../domains/instance/instance.presenter.ts';
import type { Database } from '../../platform/db/database.ts';
import { FORMAT, packArchive, writeManifest } from './archive.ts';
import { copyStoreToFolder, type FileSource, storedFiles } from './files.ts';
import { knownMigrations } from './migrations.ts';
import { dumpTables } from './table-dump.ts';

/**
 * Writes the whole instance — every table from one snapshot, every stored file — to `out`.
 * Files are listed after the snapshot, so every file its rows name is there (an upload writes the
 * file before its row); one uploaded meanwhile is an unnamed extra. Only an attachment deleted
 * while a PostgreSQL backup runs can miss its file (or fail the backup, if it goes mid-way).
 * From an S3 store the files are first copied beside the archive (the same layout), then packed.
 */
export async function createBackup(
  database: Database,
  source: FileSource,
  out: string,
): Promise<{ rows: number; files: number }> {
  const staging = await fs.mkdtemp(path.join(path.dirname(path.resolve(out)), '.kite-backup-'));
  const uploads = typeof source === 'string' ? source : `${staging}.files`;
  try {
    const { migrations, tables } = await dumpTables(database, staging, knownMigrations());
    if (typeof source !== 'string') await copyStoreToFolder(source, uploads);
    const files = await storedFiles(uploads);
    await writeManifest(staging, {
      kind: 'kite-backup',
      format: FORMAT,
      app_version: APP_VERSION,
      created_at: new Date().toISOString(),
      source: database.kind,
      migrations,
      latest_migration: migrations.at(-1)!.tag,
      tables,
      files: files.length,
    });
    await packArchive(staging, uploads, files, out);
    return { rows: Object.values(tables).reduce((a, b) => a + b, 0), files: files.length };
  } finally {
    await fs.rm(staging, { recursive: true, force: true });
    if (typeof source !== 'string') await fs.rm(uploads, { recursive: true, force: true });
  }
}
