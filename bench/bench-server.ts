/**
 * What the benchmarks share: the real server as a child process (started as `npm start` starts it: the environment
 * and node flags of package.json's start script and scripts/start.mjs; development mode, its own data directory and
 * optionally PostgreSQL; polled until healthy; stopped with SIGTERM), a throw-away PostgreSQL database, provider
 * tokens signed with the embedded provider's key, memory readings and result tables.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openUpload } from '@vatlas/api/upload-test-kit';
import {
  apiPaths,
  type TransactionUpload,
  tokenExchangeResponseSchema,
  transactionUploadSchema,
  userSchema,
} from '@vatlas/contract';
import { importJWK, type JWK, SignJWT } from 'jose';
import pg from 'pg';

export const benchRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** The synthetic VTR generator and the import floor: the scripts the benchmarks run in processes of their own. */
export const SYNTHETIC_VTR = 'apps/api/src/modules/transaction-upload/synthetic-vtr';

/** Runs a TypeScript entry of the repository in a process of its own and answers its standard output. */
export function runScript(path: string, args: string[]): string {
  return execFileSync(process.execPath, ['--import', 'tsx', path, ...args], {
    cwd: benchRoot,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
    maxBuffer: 16 * 1024 * 1024,
  });
}

/** Writes a synthetic Amazon VTR of `rows` rows (deterministic by `seed`) with tax points all through `year`. */
export function generateSyntheticVtr(options: { out: string; rows: number; seed: number; year: number }): void {
  const { out, rows, seed, year } = options;
  runScript(`${SYNTHETIC_VTR}/cli.ts`, [
    '--rows',
    String(rows),
    '--seed',
    String(seed),
    '--from',
    `${year}-01-01`,
    '--to',
    `${year}-12-31`,
    '--out',
    out,
  ]);
}

export type BenchServer = { child: ChildProcess; exited: Promise<void> };

/**
 * How `npm start` runs node ("[NAME=value ...] node [flags] scripts/start.mjs" in package.json): the environment it
 * sets and the flags it gives, so the server measured here runs with the memory settings it runs with for users
 * (decisions 011, 015, 016).
 */
function npmStartCommand(): { env: Record<string, string>; nodeArgs: string[] } {
  const packageJson = JSON.parse(readFileSync(join(benchRoot, 'package.json'), 'utf8')) as {
    scripts: { start: string };
  };
  const script = packageJson.scripts.start.trim();
  const parts = /^((?:[A-Z_][A-Z0-9_]*=\S*\s+)*)node\s+((?:\S+\s+)*)scripts\/start\.mjs$/.exec(script);
  if (!parts) {
    throw new Error(`package.json's start script is not "[NAME=value ...] node [flags] scripts/start.mjs": ${script}`);
  }
  const words = (text: string | undefined) => (text ?? '').split(/\s+/).filter(Boolean);
  const env = Object.fromEntries(
    words(parts[1]).map((assignment) => {
      const [name = '', value = ''] = assignment.split(/=(.*)/s);
      return [name, value] as const;
    }),
  );
  const nodeArgs = [...words(parts[2]), 'scripts/start.mjs'];
  return { env, nodeArgs };
}

export function startServer(options: { port: number; dataDir: string; databaseUrl: string | null }): BenchServer {
  const npmStart = npmStartCommand();
  // Node flags of an exploration (BENCH_SERVER_NODE_ARGS, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof` or `--trace-gc`),
  // given after npm start's own so that they win, with the server's standard output shown for what they print.
  const extraArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(/\s+/).filter(Boolean);
  const nodeArgs = [...npmStart.nodeArgs.slice(0, -1), ...extraArgs, ...npmStart.nodeArgs.slice(-1)];
  const child = spawn(process.execPath, nodeArgs, {
    cwd: benchRoot,
    env: {
      ...process.env,
      ...npmStart.env,
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      PORT: String(options.port),
      PUBLIC_URL: `http://localhost:${options.port}`,
      DATA_DIR: options.dataDir,
      DATABASE_URL: options.databaseUrl ?? '',
      INTERNAL_TOKEN_SECRET: '',
    },
    stdio: ['ignore', extraArgs.length > 0 ? 'inherit' : 'ignore', 'inherit'],
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

/**
 * A fresh database on the server of `serverUrl` for `run`, dropped afterwards (never the server's own databases), or
 * kept and named with BENCH_KEEP_DATABASE.
 */
export async function withThrowAwayPostgres<T>(
  serverUrl: string,
  run: (databaseUrl: string) => Promise<T>,
): Promise<T> {
  const name = `vatlas_bench_${randomUUID().replaceAll('-', '')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  try {
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    return await run(url.toString());
  } finally {
    if (process.env.BENCH_KEEP_DATABASE) console.info(`kept database ${name}`);
    else await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}

/** A provider access token signed with the embedded provider's own key, as its token endpoint would issue it. */
export async function signProviderToken(options: {
  dataDir: string;
  publicUrl: string;
  subject: string;
  email: string;
  expiresIn: string;
}): Promise<string> {
  const { keys } = JSON.parse(readFileSync(join(options.dataDir, 'keys', 'idp-jwks.json'), 'utf8')) as { keys: JWK[] };
  const jwk = keys[0];
  if (!jwk?.kid) throw new Error('no provider signing key');
  const key = await importJWK(jwk, 'RS256');
  return new SignJWT({ scope: 'openid profile email', client_id: 'vatlas-web', email: options.email })
    .setProtectedHeader({ alg: 'RS256', kid: jwk.kid, typ: 'at+jwt' })
    .setIssuer(`${options.publicUrl}/idp`)
    .setAudience('vatlas-api')
    .setSubject(options.subject)
    .setIssuedAt()
    .setExpirationTime(options.expiresIn)
    .sign(key);
}

/** A memory figure of a process from /proc in MiB (VmRSS now, VmHWM its peak); 0 once the process has gone. */
export function memoryMiB(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    return Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0) / 1024;
  } catch {
    return 0; // the process has gone
  }
}

/** Clock ticks per second of the CPU times in /proc (USER_HZ), asked once: 100 on every Linux seen. */
const CLOCK_TICKS = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();

/** The user and system CPU seconds of a /proc `stat` file (a process's or a thread's); undefined once it has gone. */
function cpuSecondsOf(statPath: string): number | undefined {
  try {
    const stat = readFileSync(statPath, 'utf8');
    // After the command's closing parenthesis (the command may hold spaces), utime and stime are the 12th and 13th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
  } catch {
    return undefined;
  }
}

/** A process's CPU seconds: in all (threads that ended included) and per thread alive, by thread id. */
export type ProcessCpu = { total: number; threads: Map<number, number> };

export function processCpu(pid: number): ProcessCpu {
  const threads = new Map<number, number>();
  let tids: string[] = [];
  try {
    tids = readdirSync(`/proc/${pid}/task`);
  } catch {
    // the process has gone: no threads
  }
  for (const tid of tids) {
    const seconds = cpuSecondsOf(`/proc/${pid}/task/${tid}/stat`);
    if (seconds !== undefined) threads.set(Number(tid), seconds);
  }
  return { total: cpuSecondsOf(`/proc/${pid}/stat`) ?? 0, threads };
}

/**
 * The CPU seconds a server process spent between two readings, by thread: its main thread (whose id is the
 * process's), the threads that ended meanwhile (an import's encoding worker ends with its file), and the other threads
 * alive at the end (V8's helpers, libuv's pool).
 */
export type ServerCpu = { total: number; main: number; ended: number; others: number };

export function serverCpuBetween(pid: number, before: ProcessCpu, after: ProcessCpu): ServerCpu {
  const spent = (tid: number) => (after.threads.get(tid) ?? 0) - (before.threads.get(tid) ?? 0);
  const main = spent(pid);
  let alive = 0;
  for (const tid of after.threads.keys()) if (tid !== pid) alive += spent(tid);
  const total = after.total - before.total;
  return { total, main, ended: total - main - alive, others: alive };
}

/** The CPU seconds of PostgreSQL processes by pid, each read from /proc (the benchmark's server is local). */
export function backendCpu(pids: readonly number[]): Map<number, number> {
  const seconds = new Map<number, number>();
  for (const pid of pids) {
    const read = cpuSecondsOf(`/proc/${pid}/stat`);
    if (read !== undefined) seconds.set(pid, read);
  }
  return seconds;
}

export const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;

export function toMarkdown(table: readonly Record<string, string>[]): string {
  const headers = Object.keys(table[0] ?? {});
  const line = (cells: string[]) => `| ${cells.join(' | ')} |`;
  return [
    line(headers),
    line(headers.map(() => '---')),
    ...table.map((row) => line(headers.map((h) => row[h] ?? ''))),
  ].join('\n');
}

/** The seller's internal token and first company, through the real token exchange with a provider token for `subject`. */
export async function signInSeller(options: {
  dataDir: string;
  publicUrl: string;
  subject: string;
  email: string;
}): Promise<{ token: string; companyId: string }> {
  const { publicUrl } = options;
  const exchange = await fetch(`${publicUrl}${apiPaths.tokenExchange}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${await signProviderToken({ ...options, expiresIn: '1h' })}` },
  });
  if (!exchange.ok) throw new Error(`exchange answered ${exchange.status}`);
  const { token } = tokenExchangeResponseSchema.parse(await exchange.json());
  const me = await fetch(`${publicUrl}${apiPaths.userMe}`, { headers: { authorization: `Bearer ${token}` } });
  const companyId = userSchema.parse(await me.json()).companies[0]?.id;
  if (companyId === undefined) throw new Error('the demo seller has no company');
  return { token, companyId };
}

export type UploadedImport = {
  /** First byte of the upload to its 202. */
  uploadSeconds: number;
  /** First byte of the upload to the upload's end (completed, failed or cancelled). */
  importSeconds: number;
  upload: TransactionUpload;
  /**
   * How long each status poll took to answer, from the 202 to the end: what a user's request meets while the import
   * loads its rows and commits its totals (the completion holds PGlite, the server's one connection to it).
   */
  pollLatenciesMs: number[];
};

/**
 * Streams a VTR file to the upload endpoint and polls the upload until it ends; `onPoll` sees every status (the import
 * bench prints the server's memory with it).
 */
export async function uploadVtrAndWait(options: {
  publicUrl: string;
  file: string;
  fileName: string;
  token: string;
  companyId: string;
  pollMs: number;
  onPoll?: (upload: TransactionUpload) => void;
  /** The upload's pace; as fast as the connection takes it when absent. */
  megabytesPerSecond?: number;
}): Promise<UploadedImport> {
  const { publicUrl, token, companyId } = options;
  const started = performance.now();
  // Node's own HTTP client, as a browser or curl sends a file: fetch (undici) over a web stream cost the client 2.5-2.6 s
  // of CPU per 540 MB on loopback against 0.5-0.8 s, CPU the server's import went without on a machine of two cores.
  const upload = await openUpload({
    url: `${publicUrl}${apiPaths.transactionUploads(companyId)}`,
    token,
    fileBytes: statSync(options.file).size,
    fields: { before: { format: 'amazon-vtr' } },
    fileName: options.fileName,
  });
  // One buffer for the whole file, each piece read into it once the one before was handed to the socket: a new buffer
  // per piece (a read stream's) made this process collect its heap every few dozen megabytes, on the cores the server
  // imports with.
  const piece = Buffer.allocUnsafeSlow(1024 * 1024);
  const file = await open(options.file);
  try {
    let sent = 0;
    for (;;) {
      const { bytesRead } = await file.read(piece, 0, piece.length, null);
      if (bytesRead === 0) break;
      if (options.megabytesPerSecond !== undefined) {
        // Each piece waits until the pace allows it.
        const due = started + (sent / (options.megabytesPerSecond * 1e6)) * 1000;
        if (due > performance.now()) await new Promise((wait) => setTimeout(wait, due - performance.now()));
      }
      sent += bytesRead;
      await upload.send(piece.subarray(0, bytesRead));
    }
  } finally {
    await file.close();
  }
  const answer = await upload.finish();
  if (answer.status !== 202) throw new Error(`upload answered ${answer.status}: ${answer.body}`);
  const uploadSeconds = (performance.now() - started) / 1000;
  const { id } = transactionUploadSchema.parse(JSON.parse(answer.body));
  const pollLatenciesMs: number[] = [];
  for (;;) {
    await new Promise((wait) => setTimeout(wait, options.pollMs));
    const asked = performance.now();
    const polled = await fetch(`${publicUrl}${apiPaths.transactionUpload(companyId, id)}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const upload = transactionUploadSchema.parse(await polled.json());
    pollLatenciesMs.push(performance.now() - asked);
    options.onPoll?.(upload);
    if (upload.status === 'completed' || upload.status === 'failed' || upload.status === 'cancelled') {
      return { uploadSeconds, importSeconds: (performance.now() - started) / 1000, upload, pollLatenciesMs };
    }
  }
}
