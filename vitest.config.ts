import { defineConfig } from 'vitest/config';

/**
 * The test suffix picks the runner: *.test.ts(x) are unit tests, *.integration-test.ts run the
 * real app against PGlite and PostgreSQL, e2e/*.spec.ts belong to Playwright.
 */
export default defineConfig({
  test: {
    // Two test files at a time, one per core of a 2-core CI machine (Vitest's default is one fewer than the cores).
    maxWorkers: 2,
    minWorkers: 1,
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
          pool: 'threads',
          // package.json's test:unit runs this project on its own with `--no-isolate`: its files share a thread's
          // modules, none mocks a module, stubs a global or sets the environment, and importing the modules afresh for
          // each of 67 files was two thirds of its time (47 s -> 15 s on 2 cores). Vitest 3 takes isolation for the
          // whole run, not per project, so unit-web is run on its own as well.
          testTimeout: 30_000,
        },
      },
      {
        extends: './apps/web/vite.config.ts',
        test: {
          name: 'unit-web',
          root: './apps/web',
          include: ['src/**/*.test.{ts,tsx}'],
          // Run with `--no-isolate` too (package.json's test:unit): a thread imports jsdom, React and the app once
          // for all its files, and keeps one jsdom window, put back as new between files (the environment's comment).
          // No file mocks a module: a module another file imported first would stay unmocked. Building a window and
          // importing everything afresh for each of 64 files was most of the run: 88 s -> 26 s on 2 cores.
          environment: './src/test/shared-jsdom-environment.ts',
          setupFiles: ['./src/test/dom-nesting-guard.ts'],
          pool: 'threads',
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
          globalSetup: ['./apps/api/src/test/database-templates.global-setup.ts'],
          // package.json's test:integration runs this project with `--no-isolate` too: each of the two forks imports the
          // app once and runs its share of the files one after another. No file mocks a module, stubs a global or sets
          // the environment, and each opens and closes its own databases and servers. Importing the app afresh for each
          // of 39 files took 103 s of the forks' time (collect) against 19-21 s; the run took 336 s against 242-244 s
          // on 2 cores, each fork peaking at about 1 GB.
          testTimeout: 60_000,
          hookTimeout: 120_000,
          pool: 'forks',
        },
      },
    ],
  },
});
