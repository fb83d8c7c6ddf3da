import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

// E2E_PORT lets a second run (another checkout, a helper) go on beside this one.
const PORT = Number(process.env.E2E_PORT ?? 3199);
/** Where github-sync.spec.ts runs its stand-in for GitHub's API. */
export const GITHUB_PORT = PORT + 1;
export const BASE_URL = `http://127.0.0.1:${PORT}`;

// One fresh embedded database per run. Set once in the env so worker processes, which load
// this file again, agree with the main process on the folder.
process.env.KITE_E2E_DATA_DIR ??= path.join(os.tmpdir(), `kite-e2e-${process.pid}-${Date.now()}`);
// The server's stdout (where mail is logged without SMTP) is copied here so tests can follow emailed links.
process.env.KITE_E2E_SERVER_LOG ??= `${process.env.KITE_E2E_DATA_DIR}.server.log`;

export default defineConfig({
  testDir: './tests',
  outputDir: './test-results',
  timeout: 90_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  forbidOnly: !!process.env.CI,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  globalTeardown: './global-teardown.ts',
  projects: [
    // Signs up the instance admin first: the first account of an instance is its admin, so no
    // spec depends on which of them happens to run first.
    { name: 'setup', testMatch: /.*\.setup\.ts/ },
    { name: 'e2e', testMatch: /.*\.spec\.ts/, dependencies: ['setup'] },
  ],
  use: {
    baseURL: BASE_URL,
    viewport: { width: 1280, height: 800 },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  webServer: {
    // The built server (npm run build first); it serves apps/web/dist on the same origin.
    command: `node ../apps/server/dist/main.js | tee "${process.env.KITE_E2E_SERVER_LOG}"`,
    url: `${BASE_URL}/api/ready/`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      HOST: '127.0.0.1',
      PORT: String(PORT),
      DATA_DIR: process.env.KITE_E2E_DATA_DIR,
      AUTH_IP_RATE_LIMIT: '1000',
      SIGN_IN_IP_FAILURE_LIMIT: '1000',
      // The webhook flow delivers to a receiver the test runs on loopback.
      WEBHOOK_ALLOW_PRIVATE: '1',
      // github-sync.spec.ts answers as GitHub's API here (loopback is allowed by the line above).
      GITHUB_API_URL: `http://127.0.0.1:${GITHUB_PORT}`,
      LOG_LEVEL: 'warn',
    },
  },
});
