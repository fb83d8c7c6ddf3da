import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Two cores: run two test files at a time (the default would leave one core idle).
    maxWorkers: 2,
    minWorkers: 1,
    projects: [
      { test: { name: 'shared', root: 'packages/shared', include: ['src/**/*.test.ts'] } },
      { test: { name: 'editor', root: 'packages/editor', include: ['src/**/*.test.ts'] } },
      {
        test: {
          name: 'server',
          root: 'apps/server',
          include: ['src/**/*.test.ts'],
          exclude: ['src/reliability/**'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
          globalSetup: ['src/test/global-setup.ts'],
        },
      },
      {
        // Crash, outage, shutdown and load runs against the production build in processes of
        // their own: `npm run test:reliability` (full length); `npm test` runs them short.
        test: {
          name: 'reliability',
          root: 'apps/server',
          include: ['src/reliability/**/*.test.ts'],
          testTimeout: 600_000,
          hookTimeout: 120_000,
          pool: 'forks',
          maxWorkers: 1,
          minWorkers: 1,
        },
      },
      'apps/web/vitest.config.{ts,mts}',
    ],
  },
});
