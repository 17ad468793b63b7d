/**
 * Benchmark: the server as `npm start` runs it — cold and warm start to healthy, resident memory, the token
 * exchange (RS256 verification + user lookup + internal token) and an authenticated call (GET /api/v1/User/Me),
 * over real HTTP on loopback, on PGlite and, when BENCH_DATABASE_URL is set, on PostgreSQL.
 *
 *   npm run bench                     # PGlite only
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench
 *
 * Prints a table and appends it to bench/RESULTS.md. Figures, never assertions: see the brief.
 */
import { execSync } from 'node:child_process';
import { appendFileSync, mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { apiPaths, tokenExchangeResponseSchema } from '@vatlas/contract';
import {
  benchRoot,
  memoryMiB,
  percentile,
  signProviderToken,
  startServer,
  stopServer,
  toMarkdown,
  waitUntilHealthy,
  withThrowAwayPostgres,
} from './bench-server';

const root = benchRoot;
const EXCHANGES = 200;
const ME_SECONDS = 5;
const ME_CONCURRENCY = 8;
const PORT = Number(process.env.BENCH_PORT ?? 3900);
const publicUrl = `http://localhost:${PORT}`;

async function measureExchanges(providerToken: string): Promise<{ p50: number; p95: number; internalToken: string }> {
  const latencies: number[] = [];
  let internalToken = '';
  for (let index = 0; index < EXCHANGES; index += 1) {
    const started = performance.now();
    const response = await fetch(`${publicUrl}${apiPaths.tokenExchange}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${providerToken}` },
    });
    if (!response.ok) throw new Error(`exchange answered ${response.status}`);
    internalToken = tokenExchangeResponseSchema.parse(await response.json()).token;
    latencies.push(performance.now() - started);
  }
  latencies.sort((a, b) => a - b);
  return { p50: percentile(latencies, 0.5), p95: percentile(latencies, 0.95), internalToken };
}

async function measureMe(internalToken: string): Promise<{ perSecond: number; p50: number; p95: number }> {
  const latencies: number[] = [];
  const until = performance.now() + ME_SECONDS * 1000;
  const worker = async () => {
    while (performance.now() < until) {
      const started = performance.now();
      const response = await fetch(`${publicUrl}${apiPaths.userMe}`, {
        headers: { authorization: `Bearer ${internalToken}` },
      });
      if (!response.ok) throw new Error(`Me answered ${response.status}`);
      await response.arrayBuffer();
      latencies.push(performance.now() - started);
    }
  };
  await Promise.all(Array.from({ length: ME_CONCURRENCY }, worker));
  latencies.sort((a, b) => a - b);
  return {
    perSecond: latencies.length / ME_SECONDS,
    p50: percentile(latencies, 0.5),
    p95: percentile(latencies, 0.95),
  };
}

type Row = Record<string, string>;

async function benchmark(kind: 'pglite' | 'postgres', databaseUrl: string | null): Promise<Row> {
  const dataDir = mkdtempSync(join(tmpdir(), `vatlas-bench-${kind}-`));
  try {
    let started = performance.now();
    let server = startServer({ port: PORT, dataDir, databaseUrl });
    await waitUntilHealthy(publicUrl);
    const coldStartMs = performance.now() - started;
    await stopServer(server);

    started = performance.now();
    server = startServer({ port: PORT, dataDir, databaseUrl });
    await waitUntilHealthy(publicUrl);
    const warmStartMs = performance.now() - started;
    const pid = server.child.pid ?? 0;
    const idleRss = memoryMiB(pid, 'VmRSS');

    const exchanges = await measureExchanges(
      await signProviderToken({
        dataDir,
        publicUrl,
        subject: 'bench-subject',
        email: 'bench@vatlas.test',
        expiresIn: '10m',
      }),
    );
    const me = await measureMe(exchanges.internalToken);
    const loadedRss = memoryMiB(pid, 'VmRSS');
    await stopServer(server);

    return {
      database: kind,
      'cold start (s)': (coldStartMs / 1000).toFixed(2),
      'warm start (s)': (warmStartMs / 1000).toFixed(2),
      'exchange p50/p95 (ms)': `${exchanges.p50.toFixed(1)} / ${exchanges.p95.toFixed(1)}`,
      [`Me req/s (${ME_CONCURRENCY} conc.)`]: me.perSecond.toFixed(0),
      'Me p50/p95 (ms)': `${me.p50.toFixed(1)} / ${me.p95.toFixed(1)}`,
      'RSS idle/loaded (MiB)': `${idleRss.toFixed(0)} / ${loadedRss.toFixed(0)}`,
    };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const rows = [await benchmark('pglite', null)];
const postgresUrl = process.env.BENCH_DATABASE_URL;
if (postgresUrl) rows.push(await withThrowAwayPostgres(postgresUrl, (url) => benchmark('postgres', url)));

const commit = execSync('git rev-parse --short HEAD', { cwd: root }).toString().trim();
const heading = `## ${new Date().toISOString()} · server start and sign-in · commit ${commit} · Node ${process.version} · ${cpus().length} cores`;
const table = toMarkdown(rows);
console.info(`${heading}\n\n${table}\n`);
appendFileSync(
  join(root, 'bench', 'RESULTS.md'),
  `\n${heading}\n\n${EXCHANGES} sequential exchanges; GET /api/v1/User/Me for ${ME_SECONDS} s at ${ME_CONCURRENCY} concurrent requests; loopback HTTP.\n\n${table}\n`,
);
