// `npm test`: unit + API suites on PGlite, the API suites again on PostgreSQL when TEST_DATABASE_URL
// is set, then the Chromium end-to-end flows against the built server.
import { ensureBuilt, ensureInstalled, run, runQuietly } from './lib.mjs';

const started = Date.now();
let failed = false;
const step = (name) => console.log(`\n▶ ${name} (${Math.round((Date.now() - started) / 1000)} s)`);

await ensureInstalled();
step('build');
await ensureBuilt({ force: true });

step('type check and lint');
failed ||= (await run('npm', ['run', 'typecheck'])) !== 0;
failed ||= (await run('npm', ['run', 'lint'])) !== 0;

step('unit and API tests on PGlite');
failed ||= (await run('npx', ['vitest', 'run'], { env: { ...process.env, TEST_DB: 'pglite' } })) !== 0;

// The PostgreSQL run (mostly waiting on the database server) overlaps the browser tests; its
// output is printed once both have finished so the two logs do not interleave.
const postgres = process.env.TEST_DATABASE_URL
  ? runQuietly('npx', ['vitest', 'run', '--project', 'server'], {
      env: { ...process.env, TEST_DB: 'postgres' },
    })
  : null;
if (!postgres) console.log('TEST_DATABASE_URL is not set: skipping the PostgreSQL run of the API suites');

step(
  postgres
    ? 'end-to-end tests in Chromium (API tests on PostgreSQL running alongside)'
    : 'end-to-end tests in Chromium',
);
failed ||= (await run('npm', ['run', 'test:e2e'])) !== 0;

if (postgres) {
  const result = await postgres;
  step('API tests on PostgreSQL');
  process.stdout.write(result.output);
  failed ||= result.code !== 0;
}

step(failed ? 'FAILED' : 'all suites passed');
process.exit(failed ? 1 : 0);
