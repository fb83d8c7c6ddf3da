// `npm run backup -- --out <file> [--data-dir <dir> | --database-url <url>]`
import { openTarget, run } from './backup/cli.ts';
import { createBackup } from './backup/create-backup.ts';

await run(async () => {
  const { database, uploads, values } = await openTarget(process.argv.slice(2), { out: { type: 'string' } });
  const file = String(values.out ?? `kite-backup-${new Date().toISOString().replaceAll(':', '-')}.jsonl.gz`);
  try {
    const { rows, files } = await createBackup(database, uploads, file);
    return `Backed up ${rows} rows and ${files} files to ${file}`;
  } finally {
    await database.close();
  }
});
