import { once } from 'node:events';
import fs from 'node:fs';
import readline from 'node:readline';
import zlib from 'node:zlib';

/**
 * A backup is one gzip file of JSON lines: the manifest first, then table batches (rows as the
 * database's own `row_to_json` text, never parsed here, so no value is rounded on the way), then
 * the stored files. Plain JSON lines, readable with `zcat`, need no archive library.
 */
export const FORMAT = 1;

export interface Manifest {
  kind: 'kite-backup';
  format: number;
  app_version: string;
  created_at: string;
  /** How many migrations the source database had applied. */
  migrations: number;
  /** Row counts per table, for the restore's own check. */
  tables: Record<string, number>;
  files: number;
}

export type Entry =
  | { manifest: Manifest }
  | { table: string; rows: string[] }
  | { file: string; data: string };

export async function writeArchive(file: string, entries: AsyncIterable<Entry>): Promise<void> {
  const gzip = zlib.createGzip();
  const out = fs.createWriteStream(file, { mode: 0o600 });
  const done = new Promise<void>((resolve, reject) => {
    out.on('finish', resolve);
    out.on('error', reject);
    gzip.on('error', reject);
  });
  gzip.pipe(out);
  for await (const entry of entries) {
    const line =
      'rows' in entry
        ? `{"table":${JSON.stringify(entry.table)},"rows":[${entry.rows.join(',')}]}`
        : JSON.stringify(entry);
    if (!gzip.write(`${line}\n`)) await once(gzip, 'drain');
  }
  gzip.end();
  await done;
}

/** The archive's entries in order; table rows come back as the JSON text of their batch. */
export async function* readArchive(file: string): AsyncIterable<Entry | { table: string; batch: string }> {
  const lines = readline.createInterface({
    input: fs.createReadStream(file).pipe(zlib.createGunzip()),
    crlfDelay: Number.POSITIVE_INFINITY,
  });
  for await (const line of lines) {
    if (line === '') continue;
    if (line.startsWith('{"table":')) {
      const table = JSON.parse(line.slice(9, line.indexOf(',"rows":'))) as string;
      yield { table, batch: line.slice(line.indexOf(',"rows":') + 8, -1) };
    } else {
      yield JSON.parse(line) as Entry;
    }
  }
}
