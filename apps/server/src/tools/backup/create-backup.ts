import fs from 'node:fs/promises';
import path from 'node:path';
import { APP_VERSION } from '../../domains/instance/instance.presenter.ts';
import type { Database } from '../../platform/db/database.ts';
import { type Entry, FORMAT, writeArchive } from './archive.ts';
import { dumpTables, migrationLevel } from './dump.ts';
import { storedFiles } from './files.ts';

/** Writes the whole instance — every table in one snapshot, every stored file — to `file`. */
export async function createBackup(
  database: Database,
  uploads: string,
  file: string,
): Promise<{ rows: number; files: number }> {
  const tables = await dumpTables(database);
  const files = await storedFiles(uploads);
  const counts = Object.fromEntries([...tables].map(([table, batches]) => [table, batches.flat().length]));
  async function* entries(): AsyncIterable<Entry> {
    yield {
      manifest: {
        kind: 'kite-backup',
        format: FORMAT,
        app_version: APP_VERSION,
        created_at: new Date().toISOString(),
        migrations: await migrationLevel(database),
        tables: counts,
        files: files.length,
      },
    };
    for (const [table, batches] of tables) for (const rows of batches) yield { table, rows };
    for (const name of files)
      yield { file: name, data: (await fs.readFile(path.join(uploads, name))).toString('base64') };
  }
  await writeArchive(file, entries());
  return { rows: Object.values(counts).reduce((a, b) => a + b, 0), files: files.length };
}
