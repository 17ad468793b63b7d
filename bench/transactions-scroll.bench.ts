/**
 * Benchmark: the transactions screen with 1,000,000 rows stored on PostgreSQL. A synthetic Amazon VTR of BENCH_ROWS
 * rows (default 1,000,000) is imported through the real pipeline (HTTP upload → import worker) for the demo seller;
 * then Debian's Chromium signs in, opens `/transactions` and scrolls the table continuously with wheel events for
 * BENCH_SCROLL_SECONDS (default 20) while a PerformanceObserver records long tasks (`longtask`, > 50 ms). Also timed:
 * the Count endpoint (unfiltered, which stops at its limit, and one month) and the CSV export of one month.
 *
 *   npm run bench:scroll            (or: node --import tsx bench/transactions-scroll.bench.ts)
 *   BENCH_ROWS=100000 BENCH_SCROLL_SECONDS=10 node --import tsx bench/transactions-scroll.bench.ts
 *
 * Issue 6 target: no long task over 200 ms while scrolling. The server start (scripts/start.mjs) builds the SPA first
 * when it is out of date.
 * Prints a table and appends it to bench/RESULTS.md. Figures, never assertions.
 */
import { execSync } from 'node:child_process';
import { appendFileSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { chromium } from 'playwright-core';
import {
  generateSyntheticVtr,
  memoryMiB,
  percentile,
  benchRoot as root,
  signInSeller,
  startServer,
  stopServer,
  toMarkdown,
  uploadVtrAndWait,
  waitUntilHealthy,
  withThrowAwayPostgres,
} from './bench-server';

const ROWS = Number(process.env.BENCH_ROWS ?? 1_000_000);
const SCROLL_SECONDS = Number(process.env.BENCH_SCROLL_SECONDS ?? 20);
const SEED = 1;
const DATA_YEAR = 2024;
const POSTGRES_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const PORT = Number(process.env.BENCH_PORT ?? 3906);
const publicUrl = `http://localhost:${PORT}`;
const SELLER_EMAIL = 'seller@vatlas.test';
const SELLER_PASSWORD = 'vatlas-demo';
/** Wheel events: this many pixels every WHEEL_INTERVAL_MS — about 500 rows of 44 px a second. */
const WHEEL_DELTA = 600;
const WHEEL_INTERVAL_MS = 25;

async function apiSignIn(dataDir: string, databaseUrl: string): Promise<{ token: string; companyId: string }> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const { rows } = await client.query<{ id: string }>('SELECT id FROM idp_accounts WHERE email = $1', [SELLER_EMAIL]);
  await client.end();
  return signInSeller({ dataDir, publicUrl, subject: rows[0]?.id ?? '', email: SELLER_EMAIL });
}

async function importFile(file: string, token: string, companyId: string): Promise<{ seconds: number; rows: number }> {
  const { importSeconds, upload } = await uploadVtrAndWait({
    publicUrl,
    file,
    fileName: `Sales Tax Transaction Report_M-${DATA_YEAR}.txt`,
    token,
    companyId,
    pollMs: 500,
  });
  if (upload.status !== 'completed') throw new Error(`import ${upload.status}`);
  return { seconds: importSeconds, rows: upload.rowsImported };
}

async function timed(url: string, token: string, times: number): Promise<{ p50: number; p95: number; body: unknown }> {
  const latencies: number[] = [];
  let body: unknown;
  for (let index = 0; index < times; index += 1) {
    const started = performance.now();
    const response = await fetch(`${publicUrl}${url}`, { headers: { authorization: `Bearer ${token}` } });
    body = await response.json();
    latencies.push(performance.now() - started);
    if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  }
  latencies.sort((a, b) => a - b);
  return { p50: percentile(latencies, 0.5), p95: percentile(latencies, 0.95), body };
}

/** Streams the CSV export and answers its size, rows and duration with the server's peak memory meanwhile. */
async function timedExport(url: string, token: string, pid: number) {
  let peak = memoryMiB(pid, 'VmRSS');
  const timer = setInterval(() => {
    peak = Math.max(peak, memoryMiB(pid, 'VmRSS'));
  }, 100);
  const started = performance.now();
  const response = await fetch(`${publicUrl}${url}`, { headers: { authorization: `Bearer ${token}` } });
  let bytes = 0;
  let lines = 0;
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
    bytes += chunk.byteLength;
    for (const byte of chunk) if (byte === 10) lines += 1;
  }
  clearInterval(timer);
  return { seconds: (performance.now() - started) / 1000, bytes, rows: lines - 1, peakRssMiB: peak };
}

type ScrollResult = {
  longTasks: number;
  longestMs: number;
  over200: number;
  deepestRow: number;
  firstRowsMs: number;
  heapMiB: number;
};

async function scrollInChromium(): Promise<ScrollResult> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--enable-precise-memory-info'],
  });
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(`${publicUrl}/login`);
    await page.getByRole('button', { name: 'Sign In with Microsoft' }).click();
    await page.getByLabel('Email').fill(SELLER_EMAIL);
    await page.getByLabel('Password').fill(SELLER_PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL(/\/dashboard/, { timeout: 60_000 });

    const opened = performance.now();
    await page.goto(`${publicUrl}/transactions`);
    await page.locator('tbody tr[data-row-index]').first().waitFor({ timeout: 60_000 });
    const firstRowsMs = performance.now() - opened;

    // In the page (strings: this file is compiled without the DOM library).
    await page.evaluate(`
      window.__longTasks = [];
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) window.__longTasks.push(entry.duration);
      }).observe({ type: 'longtask' });
    `);
    const box = await page.getByTestId('transactions-scroll').boundingBox();
    if (!box) throw new Error('no table');
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    const deadline = Date.now() + SCROLL_SECONDS * 1000;
    while (Date.now() < deadline) {
      await page.mouse.wheel(0, WHEEL_DELTA);
      await page.waitForTimeout(WHEEL_INTERVAL_MS);
    }
    await page.waitForTimeout(500);
    const result = (await page.evaluate(`(() => {
      const tasks = window.__longTasks;
      const rows = [...document.querySelectorAll('tbody tr[aria-rowindex]')].map((row) =>
        Number(row.getAttribute('aria-rowindex')),
      );
      return {
        longTasks: tasks.length,
        longestMs: tasks.length === 0 ? 0 : Math.max(...tasks),
        over200: tasks.filter((duration) => duration > 200).length,
        deepestRow: rows.length === 0 ? 0 : Math.max(...rows) - 1,
        heapMiB: (performance.memory?.usedJSHeapSize ?? 0) / 1024 ** 2,
      };
    })()`)) as Omit<ScrollResult, 'firstRowsMs'>;
    return { ...result, firstRowsMs };
  } finally {
    await browser.close();
  }
}

// ---- the run -------------------------------------------------------------------------------------------------------

const workDir = mkdtempSync(join(tmpdir(), 'vatlas-bench-scroll-'));
const file = join(workDir, 'vtr.txt');
generateSyntheticVtr({ out: file, rows: ROWS, seed: SEED, year: DATA_YEAR });
console.info(`generated ${ROWS} rows, ${(statSync(file).size / 1e6).toFixed(0)} MB`);

const measured = await withThrowAwayPostgres(POSTGRES_URL, async (databaseUrl) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'vatlas-bench-scroll-data-'));
  const server = startServer({ port: PORT, dataDir, databaseUrl });
  try {
    // The first start seeds the demo accounts and the seller's 12 demo months before it listens.
    await waitUntilHealthy(publicUrl, 300_000);
    const { token, companyId } = await apiSignIn(dataDir, databaseUrl);
    console.info('importing…');
    const imported = await importFile(file, token, companyId);
    rmSync(workDir, { recursive: true, force: true });
    console.info(`imported ${imported.rows} rows in ${imported.seconds.toFixed(1)} s; counting and exporting…`);
    const base = `/api/v1/Transactions/${companyId}`;
    const countAll = await timed(`${base}/Count`, token, 10);
    const countMonth = await timed(`${base}/Count?month=${DATA_YEAR}-03`, token, 10);
    const countFiltered = await timed(`${base}/Count?month=${DATA_YEAR}-03&jurisdiction=PL&type=REFUND`, token, 10);
    const monthExport = await timedExport(`${base}/Export.csv?month=${DATA_YEAR}-03`, token, server.child.pid ?? 0);
    console.info('scrolling in Chromium…');
    const scroll = await scrollInChromium();
    return { imported, countAll, countMonth, countFiltered, monthExport, scroll };
  } finally {
    await stopServer(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
}).finally(() => rmSync(workDir, { recursive: true, force: true }));

const ms = (value: number) => value.toFixed(1);
const count = (body: unknown) => {
  const { count: value, isExact } = body as { count: number; isExact: boolean };
  return `${isExact ? '' : '> '}${value.toLocaleString('en')}`;
};
const table = toMarkdown([
  {
    'rows stored': (measured.imported.rows + 0).toLocaleString('en'),
    'first rows shown (ms)': ms(measured.scroll.firstRowsMs),
    'scrolled (s)': String(SCROLL_SECONDS),
    'deepest row reached': measured.scroll.deepestRow.toLocaleString('en'),
    'long tasks': String(measured.scroll.longTasks),
    'longest task (ms)': ms(measured.scroll.longestMs),
    'tasks > 200 ms': String(measured.scroll.over200),
    'JS heap after (MiB)': measured.scroll.heapMiB.toFixed(0),
  },
]);
const apiTable = toMarkdown([
  {
    'count all p50/p95 (ms)': `${ms(measured.countAll.p50)} / ${ms(measured.countAll.p95)} (${count(measured.countAll.body)})`,
    'count month p50/p95 (ms)': `${ms(measured.countMonth.p50)} / ${ms(measured.countMonth.p95)} (${count(measured.countMonth.body)})`,
    'count month+PL+refund p50/p95 (ms)': `${ms(measured.countFiltered.p50)} / ${ms(measured.countFiltered.p95)} (${count(measured.countFiltered.body)})`,
    'export one month': `${measured.monthExport.rows.toLocaleString('en')} rows, ${(measured.monthExport.bytes / 1e6).toFixed(1)} MB in ${measured.monthExport.seconds.toFixed(1)} s`,
    'server peak RSS during export (MiB)': measured.monthExport.peakRssMiB.toFixed(0),
  },
]);

const commit = execSync('git rev-parse --short HEAD', { cwd: root }).toString().trim();
const machine = `${cpus()[0]?.model ?? 'unknown CPU'}, ${(totalmem() / 1024 ** 3).toFixed(0)} GiB`;
const heading = `## ${new Date().toISOString()} · transactions scroll · commit ${commit} · Node ${process.version} · ${cpus().length} cores`;
const description =
  `PostgreSQL; ${ROWS.toLocaleString('en')} synthetic VTR rows (seed ${SEED}, ${DATA_YEAR}) imported through the ` +
  `upload pipeline next to the seller's demo months; ${machine}. Chromium (headless, 1280×900) on /transactions, ` +
  `wheel ${WHEEL_DELTA} px every ${WHEEL_INTERVAL_MS} ms for ${SCROLL_SECONDS} s; long tasks from a PerformanceObserver ` +
  '(`longtask`). Target: no long task over 200 ms. Count and export timed over HTTP on loopback.';
const output = `\n${heading}\n\n${description}\n\n${table}\n\n${apiTable}\n`;
console.info(output);
appendFileSync(join(root, 'bench', 'RESULTS.md'), output);
