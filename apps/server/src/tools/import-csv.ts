/**
 * `npm run import:csv -- --workspace <slug> --project <identifier> --file <export.csv>
 *   [--preset auto|jira|linear|asana|github] [--dry-run] [--create-missing] [--date-format <pattern>]
 *   [--url <server, default http://localhost:3000>] [--token <API token, default $KITE_API_TOKEN>]`
 *
 * Imports work items from a CSV file into a project of a running server, through its public API
 * with a personal API token (workspace settings → API tokens) of a project member: the file is
 * uploaded, checked by a dry run (every refused row with its reason), then imported by the
 * server in the background while this prints its progress, and its report at the end. A second
 * run with the same file changes nothing. Exit code 1 on a failure, 2 when rows were refused.
 */
import { parseArgs } from 'node:util';
import { parsePreset, runCsvImport } from './import-csv/run-csv-import.ts';

const USAGE =
  'Usage: npm run import:csv -- --workspace <slug> --project <identifier> --file <file.csv> ' +
  '[--preset auto|jira|linear|asana|github] [--dry-run] [--create-missing] [--date-format <pattern>] ' +
  '[--url <base url>] [--token <API token>]';

try {
  const { values } = parseArgs({
    args: process.argv.slice(2),
    options: {
      workspace: { type: 'string' },
      project: { type: 'string' },
      file: { type: 'string' },
      preset: { type: 'string' },
      'dry-run': { type: 'boolean' },
      'create-missing': { type: 'boolean' },
      'date-format': { type: 'string' },
      url: { type: 'string' },
      token: { type: 'string' },
    },
  });
  const token = values.token ?? process.env.KITE_API_TOKEN;
  if (!values.workspace || !values.project || !values.file)
    throw new Error(`--workspace, --project and --file are required. ${USAGE}`);
  if (!token) throw new Error(`An API token is required: --token or KITE_API_TOKEN. ${USAGE}`);
  const outcome = await runCsvImport(
    {
      url: values.url ?? process.env.KITE_URL ?? 'http://localhost:3000',
      token,
      workspace: values.workspace,
      project: values.project,
      file: values.file,
      preset: parsePreset(values.preset),
      dryRun: values['dry-run'],
      createMissing: values['create-missing'],
      dateFormat: values['date-format'],
    },
    (line) => console.log(line),
  );
  process.exit(outcome.refusals.length > 0 ? 2 : 0);
} catch (error) {
  console.error(`✗ ${(error as Error).message}`);
  process.exit(1);
}
