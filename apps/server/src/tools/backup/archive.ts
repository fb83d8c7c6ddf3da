import type { Stats } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import * as tar from 'tar';
import type { Migration } from './migrations.ts';

/**
 * A backup is one `.tar.gz`:
 *
 *   manifest.json          what the archive holds and the migration level it was taken at
 *   tables/<table>.jsonl   a table's rows, one per line, as PostgreSQL's own `row_to_json` text
 *   uploads/<xx>/<key>     the stored files, as they lie under `DATA_DIR/uploads`
 *
 * Plain files in a standard archive: `tar xzf` opens a backup without Kite.
 */
export const FORMAT = 1;

export interface Manifest {
  kind: 'kite-backup';
  format: number;
  app_version: string;
  created_at: string;
  /** The database the backup was taken from; a restore may go to either. */
  source: 'pglite' | 'postgres';
  /** The migrations applied to the source database, oldest first. */
  migrations: Migration[];
  latest_migration: string;
  /** Rows per table, which the restore checks it loaded. */
  tables: Record<string, number>;
  files: number;
}

const MANIFEST = 'manifest.json';
const TABLES = 'tables';
export const UPLOADS = 'uploads';

export function tableFile(dir: string, table: string): string {
  return path.join(dir, TABLES, `${table}.jsonl`);
}

export async function writeManifest(dir: string, manifest: Manifest): Promise<void> {
  await fs.writeFile(path.join(dir, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
}

/**
 * Packs `staging` (the manifest and the table files) with the listed stored files into `out`.
 * The archive is written beside `out` first and renamed at the end, so `out` is never a partial
 * backup; it is readable by its owner only, as it holds password hashes.
 */
export async function packArchive(staging: string, uploads: string, files: string[], out: string) {
  // tar takes every path from one folder: a link there lets it read the stored files in place.
  await fs.symlink(path.resolve(uploads), path.join(staging, UPLOADS), 'junction');
  const partial = `${out}.partial`;
  try {
    await tar.create({ file: partial, gzip: true, cwd: staging, portable: true, mode: 0o600 }, [
      MANIFEST,
      TABLES,
      ...files.map((file) => `${UPLOADS}/${file}`),
    ]);
    await fs.rename(partial, out);
  } finally {
    await fs.rm(partial, { force: true });
  }
}

/** Entries a backup may hold; anything else (links, devices, other names) is not extracted. */
function isBackupEntry(entryPath: string, entry: tar.ReadEntry | Stats): boolean {
  const type = 'type' in entry ? entry.type : undefined;
  if (type === 'Directory') return true;
  return (
    type === 'File' &&
    (entryPath === MANIFEST ||
      /^tables\/[a-z0-9_]+\.jsonl$/.test(entryPath) ||
      entryPath.startsWith(`${UPLOADS}/`))
  );
}

/** Extracts `file` into `staging` (tar refuses paths leading outside it) and returns its manifest. */
export async function unpackArchive(file: string, staging: string): Promise<Manifest> {
  try {
    await tar.extract({ file, cwd: staging, strict: true, filter: isBackupEntry });
  } catch (error) {
    throw new Error(`${file} is not a readable Kite backup: ${(error as Error).message}`);
  }
  const manifest = await fs
    .readFile(path.join(staging, MANIFEST), 'utf8')
    .then((text) => JSON.parse(text) as Manifest)
    .catch(() => undefined);
  if (manifest?.kind !== 'kite-backup') throw new Error(`${file} is not a Kite backup (no manifest)`);
  if (manifest.format !== FORMAT) {
    throw new Error(`${file} is a Kite backup of format ${manifest.format}; this version reads ${FORMAT}`);
  }
  return manifest;
}
