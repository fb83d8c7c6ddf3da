import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { Database } from './database.ts';

/** Finds the committed `drizzle/` folder from both the source tree and the bundled dist. */
export function migrationsFolder(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6; i++) {
    const candidate = path.join(dir, 'drizzle');
    if (fs.existsSync(path.join(candidate, 'meta', '_journal.json'))) return candidate;
    dir = path.dirname(dir);
  }
  throw new Error('Migrations folder (drizzle/) not found');
}

/** Applies the migrations of `folder` (default: this version's) that the database lacks. */
export async function migrateDatabase(database: Database, folder = migrationsFolder()): Promise<void> {
  const config = { migrationsFolder: folder };
  if (database.kind === 'pglite') {
    // biome-ignore lint/suspicious/noExplicitAny: the migrator wants its driver's own db type
    await migratePglite(database.db as any, config);
  } else {
    // biome-ignore lint/suspicious/noExplicitAny: as above
    await migratePg(database.db as any, config);
  }
}
