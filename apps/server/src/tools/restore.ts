// `npm run restore -- --in <file> [--force] [--data-dir <dir> | --database-url <url>]`
import { openTarget, run } from './backup/cli.ts';
import { restoreBackup } from './backup/restore-backup.ts';

await run(async () => {
  const { database, uploads, values } = await openTarget(process.argv.slice(2), {
    in: { type: 'string' },
    force: { type: 'boolean' },
  });
  try {
    if (!values.in) throw new Error('Name the backup file: npm run restore -- --in <file>');
    const { rows, files } = await restoreBackup(database, uploads, String(values.in), {
      force: !!values.force,
    });
    return `Restored ${rows} rows and ${files} files from ${values.in}`;
  } finally {
    await database.close();
  }
});
