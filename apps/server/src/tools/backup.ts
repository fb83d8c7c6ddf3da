// `npm run backup -- --out <file> [--data-dir <dir> | --database-url <url>]`
import { openTarget, parseCommand, run } from './backup/cli.ts';
import { createBackup } from './backup/create-backup.ts';

await run(async () => {
  const { config, values } = parseCommand(process.argv.slice(2), { out: { type: 'string' } });
  const out = String(values.out ?? `kite-backup-${new Date().toISOString().replaceAll(':', '-')}.tar.gz`);
  const { database, uploads } = await openTarget(config, { mustExist: true });
  try {
    const { rows, files } = await createBackup(database, uploads, out);
    return `Backed up ${rows} rows and ${files} files to ${out}`;
  } finally {
    await database.close();
  }
});
