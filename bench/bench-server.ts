/**
 * The real server as a child process, for the benchmarks: started as `npm start` runs it (tsx, development mode),
 * with its own data directory and optionally PostgreSQL, polled until healthy, stopped with SIGTERM.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { apiPaths } from '@vatlas/contract';

export const benchRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');

export type BenchServer = { child: ChildProcess; exited: Promise<void> };

export function startServer(options: { port: number; dataDir: string; databaseUrl: string | null }): BenchServer {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
    cwd: benchRoot,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      PORT: String(options.port),
      PUBLIC_URL: `http://localhost:${options.port}`,
      DATA_DIR: options.dataDir,
      DATABASE_URL: options.databaseUrl ?? '',
      INTERNAL_TOKEN_SECRET: '',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return { child, exited: new Promise((done) => child.once('exit', () => done())) };
}

export async function waitUntilHealthy(publicUrl: string, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      if ((await fetch(`${publicUrl}${apiPaths.health}`)).ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('the server did not become healthy in time');
    await new Promise((wait) => setTimeout(wait, 25));
  }
}

export async function stopServer(server: BenchServer): Promise<void> {
  server.child.kill('SIGTERM');
  await server.exited;
}
