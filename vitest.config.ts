import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Two cores: run two test files at a time (the default would leave one core idle).
    maxWorkers: 2,
    minWorkers: 1,
    projects: [
      { test: { name: 'shared', root: 'packages/shared', include: ['src/**/*.test.ts'] } },
      {
        test: {
          name: 'server',
          root: 'apps/server',
          include: ['src/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
          globalSetup: ['src/test/global-setup.ts'],
        },
      },
      'apps/web/vitest.config.{ts,mts}',
    ],
  },
});
