import { defineConfig } from '@playwright/test';
import { e2eBaseUrl as baseURL, e2eWorkers, onboardingServer } from './e2e/support/server';

/**
 * End-to-end tests run the real server (API + built SPA + embedded identity provider) on its own port with a fresh
 * data directory, and drive Debian's Chromium: no browser is downloaded. Each worker has a server of its own
 * (e2e/support/server.ts), started by the global setup; its `baseURL` is that server's, since every worker loads this
 * file again.
 */
export default defineConfig({
  testDir: './e2e',
  testMatch: '**/*.spec.ts',
  outputDir: './test-results/e2e',
  // Spec files are shared out between the workers; a file's tests run in order in one worker.
  fullyParallel: false,
  workers: e2eWorkers,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  // A timeout is not a speed target: in a slow minute of the shared 2-core machine, when the whole suite took twice as
  // long as usual, a test without a timeout of its own took 43 s of the 60 it then had.
  timeout: 120_000,
  expect: { timeout: 15_000 },
  reporter: [['list'], ['html', { open: 'never', outputFolder: 'playwright-report' }]],
  use: {
    baseURL,
    // A missing element fails fast instead of spending the whole test timeout.
    actionTimeout: 15_000,
    // A failed test keeps its trace: every action, the DOM before and after it, the network. Not the screencast of
    // the page, which made Chromium encode frames all through every test: with it one walk of 34 screens took 38 s
    // and 65 s of the two cores' time, without it 30 s and 42 s.
    trace: { mode: 'retain-on-failure', screenshots: false },
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
  // The onboarding spec gives new@vatlas.test a company for good, which the specs that sign the newcomer in must not
  // meet: it runs on a server of its own (support/server.ts), beside them. Listed first, it starts first: as the last
  // file it ran on in one worker after the other had finished.
  projects: [
    { name: 'onboarding', testMatch: '**/onboarding.spec.ts', use: { baseURL: onboardingServer.baseUrl } },
    { name: 'workspace', testIgnore: '**/onboarding.spec.ts' },
  ],
  // One server per worker and the onboarding spec's, started side by side once the first has the SPA built
  // (support/servers.global-setup.ts).
  globalSetup: './e2e/support/servers.global-setup.ts',
});
