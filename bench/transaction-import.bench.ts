/**
 * Benchmark: a synthetic Amazon VTR of BENCH_ROWS rows (default 1,000,000, ~0.5 GB) uploaded over HTTP to the real
 * server and imported to committed liabilities, against the raw floor of the same run (stream-parse the same file
 * with the real parser and COPY the normalised rows into a bare table), with the server's peak memory; then the
 * transactions list (first page, keyset pages deep in the data, a filtered page) and the liabilities summary with
 * all those rows stored. On PostgreSQL (BENCH_DATABASE_URL, default the local server) and on PGlite.
 *
 *   npm run bench:import
 *   BENCH_ROWS=100000 BENCH_DATABASES=pglite npm run bench:import
 *   BENCH_VTR_FILE=/tmp/vtr-1m.txt BENCH_DATABASES=postgres npm run bench:import   (keeps the generated file)
 *   BENCH_STORED_YEARS=1 BENCH_DATABASES=postgres npm run bench:import   (the company already holds a year before)
 *   BENCH_RUNS=5 BENCH_DATABASES=postgres npm run bench:import   (five floors and imports in turn, with their medians)
 *   BENCH_KEEP_DATABASE=1 BENCH_DATABASES=postgres npm run bench:import   (keeps each PostgreSQL database, its name
 *     printed, to explain a read on a million rows with psql; drop it afterwards)
 *   BENCH_SERVER_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" BENCH_DATABASES=postgres npm run bench:import
 *     (node flags for the server, after npm start's own; its standard output is then shown)
 *
 * Issue 5 targets: PostgreSQL import ≤ 2× the floor and ≤ 15 s on 2 cores; PGlite ≤ 45 s; server peak RSS ≤ 400 MB;
 * transactions page p95 ≤ 50 ms at any depth; liabilities summary p95 ≤ 100 ms. Prints a table and appends it to
 * bench/RESULTS.md. Figures, never assertions.
 */
import { execSync } from 'node:child_process';
import { appendFileSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { openPglite, pgliteDirectory } from '@vatlas/api/db/client';
import pg from 'pg';
import {
  type BenchServer,
  backendCpu,
  benchRoot,
  generateSyntheticVtr,
  memoryMiB,
  percentile,
  processCpu,
  runScript,
  type ServerCpu,
  SYNTHETIC_VTR,
  serverCpuBetween,
  signInSeller,
  startServer,
  stopServer,
  toMarkdown,
  uploadVtrAndWait,
  waitUntilHealthy,
  withThrowAwayPostgres,
} from './bench-server';

const root = benchRoot;
const ROWS = Number(process.env.BENCH_ROWS ?? 1_000_000);
const SEED = 1;
const DATA_YEAR = 2024;
const POSTGRES_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DATABASES = (process.env.BENCH_DATABASES ?? 'postgres,pglite').split(',').map((name) => name.trim());
/**
 * Earlier years of BENCH_ROWS rows each (seeds 2, 3, …; DATA_YEAR − 1, − 2, …) imported before the timed import,
 * untimed: what an import costs once the company has history, since every completion recomputes its whole position.
 */
const STORED_YEARS = Number(process.env.BENCH_STORED_YEARS ?? 0);
if (!Number.isInteger(STORED_YEARS) || STORED_YEARS < 0) {
  throw new Error(`BENCH_STORED_YEARS must be a whole number, got ${process.env.BENCH_STORED_YEARS}`);
}
/**
 * The timed upload's pace in MB/s (BENCH_UPLOAD_MB_PER_S), as a client's link would give it; unset, as fast as
 * loopback takes it. A seller's 540 MB report over a link of 400 Mbit/s takes about 11 s.
 */
const UPLOAD_MB_PER_S = process.env.BENCH_UPLOAD_MB_PER_S ? Number(process.env.BENCH_UPLOAD_MB_PER_S) : undefined;
if (UPLOAD_MB_PER_S !== undefined && !(UPLOAD_MB_PER_S > 0)) {
  throw new Error(`BENCH_UPLOAD_MB_PER_S must be a positive number, got ${process.env.BENCH_UPLOAD_MB_PER_S}`);
}
/**
 * Runs per database (BENCH_RUNS, default 1), each a floor and an import in turn. A machine shared with others can
 * take half again as long for the same work from one minute to the next (bench/RESULTS.md, sessions 21 and 25), so a
 * ratio from one floor and one import says little there: with several runs the table also gives their medians, and
 * the median of the ratios of each run's pair.
 */
const RUNS = Number(process.env.BENCH_RUNS ?? 1);
if (!Number.isInteger(RUNS) || RUNS < 1) {
  throw new Error(`BENCH_RUNS must be a whole number of 1 or more, got ${process.env.BENCH_RUNS}`);
}
const REQUESTS = 50;
/** How often the import's status is asked while it runs. */
const POLL_MS = 200;
const PAGE_SIZE = 200;
/** Pages walked with their cursors before the deep pages are timed: 100 × 200 = 20,000 rows deep, or half the rows of
 * a smaller run, so the timed pages are never the last ones. */
const DEEP_SKIP_PAGES = Math.min(100, Math.floor(ROWS / 2 / PAGE_SIZE));
const PORT = Number(process.env.BENCH_PORT ?? 3901);
const publicUrl = `http://localhost:${PORT}`;
const SELLER_EMAIL = 'seller@vatlas.test';

// ---- signing in as the demo seller -------------------------------------------------------------------------------

/**
 * The demo seller's provider account id, which is the subject its access tokens carry. PGlite belongs to the server
 * while it runs (one process per data directory), so there the server is stopped for the look-up and started again.
 */
async function sellerSubject(
  dataDir: string,
  databaseUrl: string | null,
  server: BenchServer,
): Promise<[string, BenchServer]> {
  const query = `SELECT id FROM idp_accounts WHERE email = '${SELLER_EMAIL}'`;
  if (databaseUrl !== null) {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    const { rows } = await client.query<{ id: string }>(query);
    await client.end();
    return [rows[0]?.id ?? '', server];
  }
  await stopServer(server);
  const database = await openPglite(pgliteDirectory(dataDir));
  const { rows } = await database.query<{ id: string }>(query);
  await database.close();
  const restarted = startServer({ port: PORT, dataDir, databaseUrl: null });
  await waitUntilHealthy(publicUrl);
  return [rows[0]?.id ?? '', restarted];
}

// ---- the import ----------------------------------------------------------------------------------------------------

type ImportResult = {
  uploadSeconds: number;
  importSeconds: number;
  rowsImported: number;
  status: string;
  /** The status polls' answers from the 202 to the end (`uploadVtrAndWait`). */
  pollLatenciesMs: number[];
};

async function importFile(
  file: string,
  token: string,
  companyId: string,
  onPoll?: (upload: { status: string; rowsImported: number }) => void,
  megabytesPerSecond?: number,
): Promise<ImportResult> {
  const { uploadSeconds, importSeconds, upload, pollLatenciesMs } = await uploadVtrAndWait({
    publicUrl,
    file,
    fileName: `Sales Tax Transaction Report_M-${DATA_YEAR}.txt`,
    token,
    companyId,
    pollMs: POLL_MS,
    onPoll,
    megabytesPerSecond,
  });
  if (upload.status !== 'completed') console.error(`import ${upload.status}: ${upload.errorMessage}`);
  return { uploadSeconds, importSeconds, rowsImported: upload.rowsImported, status: upload.status, pollLatenciesMs };
}

/** Samples the server's resident memory every 100 ms; the kernel's high-water mark covers what falls between. */
function sampleMemory(pid: number): { stop(): number } {
  let peak = memoryMiB(pid, 'VmRSS');
  const timer = setInterval(() => {
    peak = Math.max(peak, memoryMiB(pid, 'VmRSS'));
  }, 100);
  return {
    stop() {
      clearInterval(timer);
      return Math.max(peak, memoryMiB(pid, 'VmHWM'));
    },
  };
}

// ---- reading with the rows stored -----------------------------------------------------------------------------------

type Latency = { p50: number; p95: number; max: number } | null;

async function timedGet(url: string, token: string): Promise<{ ms: number; body: unknown } | null> {
  const started = performance.now();
  const response = await fetch(`${publicUrl}${url}`, { headers: { authorization: `Bearer ${token}` } });
  const body: unknown = await response.json();
  const ms = performance.now() - started;
  return response.ok ? { ms, body } : null;
}

function summarise(latencies: number[]): Latency {
  if (latencies.length === 0) return null;
  const sorted = [...latencies].sort((a, b) => a - b);
  return { p50: percentile(sorted, 0.5), p95: percentile(sorted, 0.95), max: sorted.at(-1) ?? 0 };
}

async function repeat(url: string, token: string): Promise<Latency> {
  const latencies: number[] = [];
  for (let index = 0; index < REQUESTS; index += 1) {
    const answer = await timedGet(url, token);
    if (answer === null) return null; // the route is not there (yet): reported as n/a
    latencies.push(answer.ms);
  }
  return summarise(latencies);
}

/** The event id of a row deep in the list's first page of 200: what a seller would paste into the search. */
async function storedEventId(transactions: string, token: string): Promise<string> {
  const answer = await timedGet(`${transactions}?limit=200`, token);
  const items = (answer?.body as { items?: { eventId: string }[] } | undefined)?.items ?? [];
  const eventId = items.at(-1)?.eventId;
  if (!eventId) throw new Error('no stored row to search for');
  return eventId;
}

/** `measure` of each item, one after another: timings taken in parallel would time each other. */
async function sequentially<T, R>(items: readonly T[], measure: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  for (const item of items) results.push(await measure(item));
  return results;
}

/** Follows nextCursor DEEP_SKIP_PAGES pages into the data, then times the next REQUESTS pages. */
async function deepPages(companyId: string, token: string): Promise<Latency> {
  const base = `/api/v1/Transactions/${companyId}?limit=${PAGE_SIZE}`;
  let cursor: string | null = null;
  const latencies: number[] = [];
  for (let page = 0; page < DEEP_SKIP_PAGES + REQUESTS; page += 1) {
    const answer = await timedGet(cursor === null ? base : `${base}&cursor=${encodeURIComponent(cursor)}`, token);
    if (answer === null) return null;
    if (page >= DEEP_SKIP_PAGES) latencies.push(answer.ms);
    cursor = (answer.body as { nextCursor: string | null }).nextCursor;
    if (cursor === null) break;
  }
  return summarise(latencies);
}

/** The CPU seconds an import took, from its upload's first byte to its end. */
type ImportCpu = {
  server: ServerCpu;
  /** PostgreSQL's backends of the server's database still connected at the end (null on PGlite: it is the server's). */
  backends: number | null;
  /** This process: the upload's sending and the status polls. */
  client: number;
};

/**
 * A session on the server's PostgreSQL database that reads its other client backends' CPU seconds from /proc: the
 * pool's connections, which live on after the import, and with them what the COPYs and the tax position's reads cost.
 */
async function openBackendReader(databaseUrl: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  return {
    async read(): Promise<Map<number, number>> {
      const { rows } = await client.query<{ pid: number }>(
        "select pid from pg_stat_activity where datname = current_database() and backend_type = 'client backend' " +
          'and pid <> pg_backend_pid()',
      );
      return backendCpu(rows.map((row) => row.pid));
    },
    close: () => client.end(),
  };
}

/** What the processes of `after` spent since `before` (a process started meanwhile, all it spent). */
function cpuSpentBy(before: ReadonlyMap<number, number>, after: ReadonlyMap<number, number>): number {
  let spent = 0;
  for (const [pid, seconds] of after) spent += seconds - (before.get(pid) ?? 0);
  return spent;
}

type Measured = {
  database: string;
  floor: { seconds: number; rows: number; peakRssMiB: number; cpuSeconds: number };
  result: ImportResult;
  peakRssMiB: number;
  cpu: ImportCpu;
  firstPage: Latency;
  deepPage: Latency;
  filteredPage: Latency;
  summary: Latency;
  /** The other screens' reads with the rows stored (`OTHER_READS`), in its order. */
  otherReads: Latency[];
};

/** What an other read's path is built from: the company, and an event id one of its stored rows has. */
type ReadContext = { companyId: string; eventId: string };

/**
 * What the other screens of a seller with a million rows read, each timed like the summary: not targets of issue 5,
 * but a page that walks every row shows here (session 36: data health took 374 ms on PostgreSQL and 630 ms on
 * PGlite before its counts used their partial indexes). Each path is given the company's id and a stored event id.
 */
const OTHER_READS: readonly { name: string; path: (context: ReadContext) => string }[] = [
  { name: 'filing calendar', path: ({ companyId }) => `/api/v1/Filings/${companyId}` },
  { name: 'data health', path: ({ companyId }) => `/api/v1/Liabilities/${companyId}/DataHealth?year=${DATA_YEAR}` },
  {
    name: 'cross-check',
    path: ({ companyId }) => `/api/v1/Liabilities/${companyId}/CrossCheck?from=${DATA_YEAR}-01-01`,
  },
  {
    name: 'OSS return (Q2)',
    path: ({ companyId }) => `/api/v1/Liabilities/${companyId}/OssLines?period=${DATA_YEAR}-Q2`,
  },
  {
    name: 'EC Sales List (June)',
    path: ({ companyId }) => `/api/v1/Liabilities/${companyId}/EcSalesList?month=${DATA_YEAR}-06`,
  },
  {
    name: 'analytics (year)',
    path: ({ companyId }) => `/api/v1/Analytics/${companyId}?from=${DATA_YEAR}-01&to=${DATA_YEAR}-12`,
  },
  // The dashboard's drill-down: a liability's rows, the tax engine's condition checked on the month's rows (taxedIn).
  {
    name: 'drill-down page (FR, June)',
    path: ({ companyId }) => `/api/v1/Transactions/${companyId}?limit=50&month=${DATA_YEAR}-06&taxedIn=FR`,
  },
  {
    name: 'drill-down count (FR, June)',
    path: ({ companyId }) => `/api/v1/Transactions/${companyId}/Count?month=${DATA_YEAR}-06&taxedIn=FR`,
  },
  // A country without rows: the month's every row is read to find none.
  {
    name: 'drill-down page, no rows (MT, June)',
    path: ({ companyId }) => `/api/v1/Transactions/${companyId}?limit=50&month=${DATA_YEAR}-06&taxedIn=MT`,
  },
  // The search finds whole ids through the bloom indexes (decision 054): an id no row has, one that a row has, and
  // the count beside them.
  {
    name: 'search, no match (year)',
    path: ({ companyId }) => `/api/v1/Transactions/${companyId}?limit=50&search=NO-SUCH-ID`,
  },
  {
    name: 'search, an order id (year)',
    path: ({ companyId, eventId }) =>
      `/api/v1/Transactions/${companyId}?limit=50&search=${encodeURIComponent(eventId)}`,
  },
  {
    name: 'search count, no match (year)',
    path: ({ companyId }) => `/api/v1/Transactions/${companyId}/Count?search=NO-SUCH-ID`,
  },
  // The transactions screen's filter that matches nothing, over the whole year.
  {
    name: 'source without rows (Shopify, year)',
    path: ({ companyId }) => `/api/v1/Transactions/${companyId}?limit=50&source=shopify-orders`,
  },
  // The count beside the filtered page: a type is not a day sum's to count, so its rows are counted.
  {
    name: 'filtered count (PL refunds)',
    path: ({ companyId }) => `/api/v1/Transactions/${companyId}/Count?jurisdiction=PL&type=REFUND`,
  },
];

async function measureServer(
  kind: 'pglite' | 'postgres',
  databaseUrl: string | null,
  file: string,
  storedFiles: readonly string[],
) {
  const dataDir = mkdtempSync(join(tmpdir(), `vatlas-bench-import-${kind}-`));
  let server = startServer({ port: PORT, dataDir, databaseUrl });
  try {
    await waitUntilHealthy(publicUrl);
    let subject: string;
    [subject, server] = await sellerSubject(dataDir, databaseUrl, server);
    const { token, companyId } = await signInSeller({ dataDir, publicUrl, subject, email: SELLER_EMAIL });
    for (const stored of storedFiles) {
      const before = await importFile(stored, token, companyId);
      if (before.status !== 'completed') throw new Error(`the stored year ${stored} ended ${before.status}`);
      console.info(`stored ${stored}: ${before.rowsImported} rows in ${before.importSeconds.toFixed(1)} s`);
    }
    const pid = server.child.pid ?? 0;
    const memory = sampleMemory(pid);
    const traceStarted = performance.now();
    // BENCH_MEMORY_TRACE=1 prints the server's resident memory at every status poll: where in the import it peaks.
    const trace = process.env.BENCH_MEMORY_TRACE
      ? (upload: { status: string; rowsImported: number }) =>
          console.info(
            `${((performance.now() - traceStarted) / 1000).toFixed(1)} s  ${memoryMiB(pid, 'VmRSS').toFixed(0)} MiB  ` +
              `${upload.status} ${upload.rowsImported}`,
          )
      : undefined;
    // Where the import's CPU goes: the server's threads, the database's backends (PostgreSQL), this process.
    const backendsOf = databaseUrl === null ? undefined : await openBackendReader(databaseUrl);
    const backendsBefore = await backendsOf?.read();
    const serverBefore = processCpu(pid);
    const clientBefore = process.cpuUsage();
    const result = await importFile(file, token, companyId, trace, UPLOAD_MB_PER_S);
    const clientSpent = process.cpuUsage(clientBefore);
    const serverSpent = serverCpuBetween(pid, serverBefore, processCpu(pid));
    const backendsAfter = await backendsOf?.read();
    await backendsOf?.close();
    const cpu: ImportCpu = {
      server: serverSpent,
      backends: backendsBefore && backendsAfter ? cpuSpentBy(backendsBefore, backendsAfter) : null,
      client: (clientSpent.user + clientSpent.system) / 1e6,
    };
    const peakRssMiB = memory.stop();
    const transactions = `/api/v1/Transactions/${companyId}`;
    const readContext = { companyId, eventId: await storedEventId(transactions, token) };
    return {
      result,
      peakRssMiB,
      cpu,
      firstPage: await repeat(`${transactions}?limit=50`, token),
      deepPage: await deepPages(companyId, token),
      filteredPage: await repeat(`${transactions}?limit=50&jurisdiction=PL&type=REFUND`, token),
      summary: await repeat(`/api/v1/Liabilities/${companyId}/Summary?year=${DATA_YEAR}`, token),
      otherReads: await sequentially(OTHER_READS, (read) => repeat(read.path(readContext), token)),
    };
  } finally {
    await stopServer(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const FLOOR_SCRIPT = `${SYNTHETIC_VTR}/raw-import-floor.ts`;

async function measure(kind: 'pglite' | 'postgres', file: string, storedFiles: readonly string[]): Promise<Measured> {
  if (kind === 'pglite') {
    const floorDir = mkdtempSync(join(tmpdir(), 'vatlas-bench-floor-pglite-'));
    try {
      const floor = JSON.parse(runScript(FLOOR_SCRIPT, ['--file', file, '--pglite-dir', floorDir]));
      return { database: kind, floor, ...(await measureServer(kind, null, file, storedFiles)) };
    } finally {
      rmSync(floorDir, { recursive: true, force: true });
    }
  }
  const floor = await withThrowAwayPostgres(POSTGRES_URL, async (url) =>
    JSON.parse(runScript(FLOOR_SCRIPT, ['--file', file, '--database-url', url])),
  );
  const server = await withThrowAwayPostgres(POSTGRES_URL, (url) => measureServer(kind, url, file, storedFiles));
  return { database: kind, floor, ...server };
}

/** The PostgreSQL server's version and the settings a bulk load depends on most, as the benchmark found them. */
async function postgresSettings(): Promise<string> {
  const client = new pg.Client({ connectionString: POSTGRES_URL });
  await client.connect();
  try {
    const { rows } = await client.query<{ version: string; buffers: string; wal: string }>(
      "select current_setting('server_version') as version, current_setting('shared_buffers') as buffers, " +
        "current_setting('max_wal_size') as wal",
    );
    const settings = rows[0];
    return settings
      ? `PostgreSQL ${settings.version} (shared_buffers ${settings.buffers}, max_wal_size ${settings.wal})`
      : '';
  } finally {
    await client.end();
  }
}

// ---- the run -------------------------------------------------------------------------------------------------------

const workDir = mkdtempSync(join(tmpdir(), 'vatlas-bench-vtr-'));

/**
 * Generates a report of `rows` rows at `path` unless one is there already. A kept file must hold as many rows as this
 * run measures: its expected totals beside it (`<path>.expected.json`, written by the generator) say how many.
 */
function ensureSyntheticVtr(path: string, options: { rows: number; seed: number; year: number }): void {
  if (!existsSync(path)) {
    generateSyntheticVtr({ out: path, ...options });
    return;
  }
  const expectation = `${path}.expected.json`;
  const kept = existsSync(expectation) ? (JSON.parse(readFileSync(expectation, 'utf8')) as { rowCount?: number }) : {};
  if (kept.rowCount !== options.rows) {
    throw new Error(
      `${path} holds ${kept.rowCount ?? 'an unknown number of'} rows (${expectation}), not BENCH_ROWS=${options.rows}: ` +
        'remove it to have it generated again, or give BENCH_ROWS its row count.',
    );
  }
}

// BENCH_VTR_FILE keeps the generated file for the next run (generated there when missing, used as it is otherwise):
// a run of one database at a time then skips the half-minute generation. It must hold BENCH_ROWS rows of seed 1.
const keptFile = process.env.BENCH_VTR_FILE;
const file = keptFile ?? join(workDir, 'vtr.txt');
const generationStarted = performance.now();
let storedFiles: string[];
try {
  ensureSyntheticVtr(file, { rows: ROWS, seed: SEED, year: DATA_YEAR });
  // The earlier years' files are kept beside BENCH_VTR_FILE like it (and generated when missing).
  storedFiles = Array.from({ length: STORED_YEARS }, (_, index) => {
    const year = DATA_YEAR - 1 - index;
    const path = keptFile === undefined ? join(workDir, `vtr-${year}.txt`) : `${keptFile}.${year}.txt`;
    ensureSyntheticVtr(path, { rows: ROWS, seed: SEED + 1 + index, year });
    return path;
  });
} catch (error) {
  rmSync(workDir, { recursive: true, force: true });
  throw error;
}
const generationSeconds = (performance.now() - generationStarted) / 1000;
const bytes = statSync(file).size;
console.info(`${ROWS} rows, ${(bytes / 1e6).toFixed(0)} MB, ready in ${generationSeconds.toFixed(1)} s`);

/** Each measurement with its run's number among its database's (`BENCH_RUNS`). */
const measured: (Measured & { runNumber: number })[] = [];
try {
  for (const kind of DATABASES) {
    if (kind !== 'pglite' && kind !== 'postgres') throw new Error(`BENCH_DATABASES: unknown database ${kind}`);
    for (let run = 1; run <= RUNS; run += 1) {
      console.info(`measuring ${kind}${RUNS > 1 ? ` (run ${run} of ${RUNS})` : ''}…`);
      measured.push({ ...(await measure(kind, file, storedFiles)), runNumber: run });
    }
  }
} finally {
  rmSync(workDir, { recursive: true, force: true });
}

const latency = (value: Latency) => (value === null ? 'n/a' : `${value.p50.toFixed(1)} / ${value.p95.toFixed(1)}`);
/** The status polls' median and longest answer: the longest is the longest a user's request waited on the import. */
const pollLatency = (latencies: number[]) => {
  const summary = summarise(latencies);
  return summary === null ? 'n/a' : `${summary.p50.toFixed(1)} / ${summary.max.toFixed(1)}`;
};
const ratioOf = (run: Measured) => run.result.importSeconds / run.floor.seconds;
const runRows = measured.map((run) => ({
  database: RUNS > 1 ? `${run.database}, run ${run.runNumber}` : run.database,
  'floor (s)': run.floor.seconds.toFixed(1),
  'import (s)': run.result.importSeconds.toFixed(1),
  'ratio to floor': ratioOf(run).toFixed(2),
  'upload (s)': run.result.uploadSeconds.toFixed(1),
  'rows imported': `${run.result.rowsImported}${run.result.status === 'completed' ? '' : ` (${run.result.status})`}`,
  'server peak RSS (MiB)': run.peakRssMiB.toFixed(0),
  'floor peak RSS (MiB)': run.floor.peakRssMiB.toFixed(0),
  'first page p50/p95 (ms)': latency(run.firstPage),
  'deep page p50/p95 (ms)': latency(run.deepPage),
  'filtered page p50/p95 (ms)': latency(run.filteredPage),
  'summary p50/p95 (ms)': latency(run.summary),
  'status while importing p50/max (ms)': pollLatency(run.result.pollLatenciesMs),
}));

/** The middle value, or the mean of the two middle ones. */
function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}
/** Per database over its runs: the medians, the median of the runs' own ratios, the highest peaks. */
const medianRows =
  RUNS === 1
    ? []
    : DATABASES.map((database) => {
        const runs = measured.filter((run) => run.database === database);
        const of = (read: (run: Measured) => number) => runs.map(read);
        return {
          database: `${database}, median of ${runs.length}`,
          'floor (s)': median(of((run) => run.floor.seconds)).toFixed(1),
          'import (s)': median(of((run) => run.result.importSeconds)).toFixed(1),
          'ratio to floor': median(of(ratioOf)).toFixed(2),
          'upload (s)': median(of((run) => run.result.uploadSeconds)).toFixed(1),
          'rows imported': '',
          'server peak RSS (MiB)': Math.max(...of((run) => run.peakRssMiB)).toFixed(0),
          'floor peak RSS (MiB)': Math.max(...of((run) => run.floor.peakRssMiB)).toFixed(0),
          'first page p50/p95 (ms)': '',
          'deep page p50/p95 (ms)': '',
          'filtered page p50/p95 (ms)': '',
          'summary p50/p95 (ms)': '',
          'status while importing p50/max (ms)': '',
        };
      });
const rows = [...runRows, ...medianRows];

const commit = execSync('git rev-parse --short HEAD', { cwd: root }).toString().trim();
/** What the company held before the timed import (BENCH_STORED_YEARS), as a sentence of the description. */
function storedYearsSentence(): string {
  if (STORED_YEARS === 0) return '';
  const [years, rows, seeds] =
    STORED_YEARS === 1
      ? ['the year', 'as many rows', `seed ${SEED + 1}`]
      : [`the ${STORED_YEARS} years`, 'as many rows each', `seeds ${SEED + 1}–${SEED + STORED_YEARS}`];
  return `The company already held ${years} before, ${rows} (${seeds}), imported untimed first. `;
}

const postgres = DATABASES.includes('postgres') ? `; ${await postgresSettings()}` : '';
const machine = `${cpus()[0]?.model ?? 'unknown CPU'}, ${(totalmem() / 1024 ** 3).toFixed(0)} GiB${postgres}`;
const heading = `## ${new Date().toISOString()} · transaction import · commit ${commit} · Node ${process.version} · ${cpus().length} cores`;
const description =
  `${ROWS.toLocaleString('en')} rows, ${(bytes / 1e6).toFixed(0)} MB synthetic Amazon VTR (seed ${SEED}, ${DATA_YEAR}); ${machine}. ` +
  storedYearsSentence() +
  (UPLOAD_MB_PER_S === undefined ? '' : `The upload is paced at ${UPLOAD_MB_PER_S} MB/s. `) +
  'Import = first byte of the HTTP upload to status completed (liabilities committed); floor = the real parser ' +
  'streaming the same file + COPY into a bare unindexed table of the same database (PGlite: 4 MB chunks in one ' +
  'transaction). Pages: first page of 50 and filtered page (PL refunds) ' +
  `${REQUESTS}× each, deep = ${REQUESTS} keyset pages of ${PAGE_SIZE} after ${DEEP_SKIP_PAGES * PAGE_SIZE} rows; summary ${REQUESTS}×. ` +
  `Status while importing: the upload's status asked every ${POLL_MS} ms from its 202 to its end, each answer timed.` +
  (RUNS === 1 ? '' : ` ${RUNS} runs per database, each a floor and then an import; medians last, peaks the highest.`);
const otherReadRows = measured.map((run) => ({
  database: RUNS > 1 ? `${run.database}, run ${run.runNumber}` : run.database,
  ...Object.fromEntries(
    OTHER_READS.map((read, index) => [`${read.name} p50/p95 (ms)`, latency(run.otherReads[index] ?? null)]),
  ),
}));
const otherReadsText =
  `The other screens' reads after the import, ${REQUESTS}× each (the filing calendar, the year's data health and ` +
  "cross-check, a quarter's OSS return, a month's EC Sales List, the year's analytics, the dashboard's drill-down to " +
  "a month's rows taxed in France, their count, a month's rows taxed in Malta, which has none, the transactions " +
  'screen searching the year for an id no row has, for an order id one row has, and counting the first search, ' +
  'filtering it to a source no row has, and the count of the filtered page):';
const seconds = (value: number | null) => (value === null ? 'n/a' : value.toFixed(1));
const cpuRows = measured.map((run) => {
  const { server, backends, client } = run.cpu;
  const all = server.total + (backends ?? 0) + client;
  return {
    database: RUNS > 1 ? `${run.database}, run ${run.runNumber}` : run.database,
    'floor process': seconds(run.floor.cpuSeconds),
    server: seconds(server.total),
    'server: main thread': seconds(server.main),
    'server: threads that ended (the encoding worker)': seconds(server.ended),
    "server: other threads (V8's helpers, libuv's pool)": seconds(server.others),
    'database backends': seconds(backends),
    client: seconds(client),
    all: seconds(all),
    'cores busy (all ÷ import s)': (all / run.result.importSeconds).toFixed(2),
  };
});
const cpuText =
  "Where the CPU went, in CPU seconds (user + system, from /proc): the floor's process over its timed part; the " +
  "server's threads, PostgreSQL's client backends of its database still connected at the end (PGlite runs in the " +
  "server) and this benchmark's process (the upload's sending, the status polls), from the upload's first byte to " +
  'its end:';
const table =
  `${toMarkdown(rows)}\n\n${otherReadsText}\n\n${toMarkdown(otherReadRows)}\n\n` +
  `${cpuText}\n\n${toMarkdown(cpuRows)}`;
console.info(`${heading}\n\n${description}\n\n${table}\n`);
appendFileSync(join(root, 'bench', 'RESULTS.md'), `\n${heading}\n\n${description}\n\n${table}\n`);
