import { defineConfig } from 'vitest/config';

/**
 * The test suffix picks the runner: *.test.ts(x) are unit tests, *.integration-test.ts run the
 * real app against PGlite and PostgreSQL, e2e/*.spec.ts belong to Playwright.
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'packages/*/src/**/*.test.ts',
            'apps/api/src/**/*.test.ts',
            'apps/idp/src/**/*.test.ts',
            'scripts/**/*.test.ts',
          ],
          environment: 'node',
          testTimeout: 30_000,
        },
      },
      {
        extends: './apps/web/vite.config.ts',
        test: {
          name: 'unit-web',
          root: './apps/web',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          // One jsdom window and module graph per worker instead of per file (see src/test/reset-between-files.ts).
          pool: 'threads',
          isolate: false,
          setupFiles: ['./src/test/reset-between-files.ts'],
          // jsdom rendering plus axe-core runs take seconds on a loaded 2-core CI machine; 5 s flakes there.
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'integration',
          include: ['apps/**/src/**/*.integration-test.ts'],
          environment: 'node',
          // One migrated PGlite per run, which every test's PGlite is copied from.
          globalSetup: ['./apps/api/src/test/pglite-template.global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // One file at a time: each starts databases and servers of its own on a 2-core machine.
          pool: 'forks',
          poolOptions: { forks: { singleFork: true } },
        },
      },
    ],
  },
});
