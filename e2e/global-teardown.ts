import { rm } from 'node:fs/promises';

/** Removes the run's embedded database once the server has stopped. */
export default async function globalTeardown() {
  const dir = process.env.KITE_E2E_DATA_DIR;
  if (dir?.includes('kite-e2e-')) await rm(dir, { recursive: true, force: true });
  const log = process.env.KITE_E2E_SERVER_LOG;
  if (log?.includes('kite-e2e-')) await rm(log, { force: true });
}
