import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The end-to-end server: its own port and a fresh data directory, shared by the config and the specs. */
export const e2ePort = Number(process.env.E2E_PORT ?? 3100);
export const e2eBaseUrl = `http://localhost:${e2ePort}`;
export const e2eDataDir = join(tmpdir(), `vatlas-e2e-${e2ePort}`);
