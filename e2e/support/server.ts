import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * The end-to-end servers. Playwright runs the specs in `E2E_WORKERS` workers (2 by default, one per core), and each
 * worker has a server of its own: its own port and a fresh data directory, so one worker's changes (a user's language,
 * an onboarded company) never meet another's tests. Within a worker the specs run one after another, as before.
 */
export const e2eWorkers = Number(process.env.E2E_WORKERS ?? 2);
if (!Number.isInteger(e2eWorkers) || e2eWorkers < 1) {
  throw new Error(`E2E_WORKERS must be a whole number of workers, 1 or more; it is "${process.env.E2E_WORKERS}".`);
}
const firstPort = Number(process.env.E2E_PORT ?? 3100);

type E2eServer = { port: number; baseUrl: string; dataDir: string };

/**
 * The server numbered `index`: 0 to workers - 1 are the workers' (by Playwright's parallel index), the one after them
 * is the onboarding spec's (`onboardingServer`).
 */
export function e2eServer(index: number): E2eServer {
  const port = firstPort + index;
  return { port, baseUrl: `http://localhost:${port}`, dataDir: join(tmpdir(), `vatlas-e2e-${port}`) };
}

/**
 * The server of the process this module runs in. Playwright loads the config and the specs again in every worker,
 * with the worker's number in TEST_PARALLEL_INDEX; the runner itself has none and sees the first server.
 */
export const { baseUrl: e2eBaseUrl, dataDir: e2eDataDir } = e2eServer(Number(process.env.TEST_PARALLEL_INDEX ?? 0));

/**
 * The onboarding spec's own server. The spec gives new@vatlas.test a company for good, and other specs sign the
 * newcomer in without one: on a worker's server it had to wait for every other spec, while one core idled. On its own
 * server it runs beside them, in whichever worker is free.
 */
export const onboardingServer = e2eServer(e2eWorkers);

/** How many servers the global setup starts: the workers' and the onboarding spec's. */
export const e2eServerCount = e2eWorkers + 1;
