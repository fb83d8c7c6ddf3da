// `npm run restore -- --in <file> [--force] [--data-dir <dir> | --database-url <url>]`
import fs from 'node:fs';
import { openTarget, parseCommand, run } from './backup/cli.ts';
import { restoreBackup } from './backup/restore-backup.ts';

await run(async () => {
  const { config, values } = parseCommand(process.argv.slice(2), {
    in: { type: 'string' },
    force: { type: 'boolean' },
  });
  const file = values.in ? String(values.in) : undefined;
  if (!file) throw new Error('Name the backup file: npm run restore -- --in <file>');
  if (!fs.existsSync(file)) throw new Error(`${file} does not exist`);
  const { database, uploads } = await openTarget(config);
  try {
    const { rows, files } = await restoreBackup(database, uploads, file, { force: !!values.force });
    return `Restored ${rows} rows and ${files} files from ${file}`;
  } finally {
    await database.close();
  }
});
