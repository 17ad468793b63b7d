/**
 * Benchmark: GET analytics over 1,000,000 stored transactions (BENCH_ROWS) of one company, on PostgreSQL
 * (BENCH_DATABASE_URL, default the local server; a throw-away database) or PGlite (BENCH_DATABASE=pglite). The rows
 * are written by one INSERT … SELECT from generate_series (a year of tax points, 3 currencies, 10 countries, 5
 * channels, 4 rates), not through the import, and their day sums summed from them: this measures the read side alone.
 * Prints the p50/p95 of `getAnalytics` for 12 months.
 *
 *   BENCH_ROWS=1000000 node --import tsx apps/api/src/modules/analytics/analytics-read.bench.ts
 */

import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { type Database, openDatabase } from '../../db/client';
import { runMigrations } from '../../db/migrate';
import { companies } from '../../db/schema';
import { ensureExchangeRates } from '../exchange-rates/service';
import { ensureDefaultTenant } from '../identity/seed';
import { insertUpload } from '../tax-position/tax-position-test-kit';
import { replaceDaySumsFromRows } from '../transaction-upload/repository';
import { getAnalytics } from './service';

const ROWS = Number(process.env.BENCH_ROWS ?? 1_000_000);
const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;

async function withThrowAwayPostgres(serverUrl: string, run: (databaseUrl: string) => Promise<void>): Promise<void> {
  const name = `vatlas_bench_${randomUUID().replaceAll('-', '')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  try {
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    await run(url.toString());
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}

async function run(database: Database): Promise<void> {
  await runMigrations(database);
  await ensureExchangeRates(database);
  const db = database.db;
  const tenantId = (await ensureDefaultTenant(db)).id;
  const [company] = await db.insert(companies).values({ tenantId, legalNameOfBusiness: 'Bench GmbH' }).returning();
  const companyId = company?.id ?? '';
  const uploadId = await insertUpload(db, companyId);
  const started = performance.now();
  await db.execute(
    sql.raw(`
    insert into transactions (id, company_id, upload_id, source, line_number, transaction_type, event_id, activity_id,
      tax_point_date, complete_date, marketplace, sales_channel, departure_country, arrival_country,
      taxable_jurisdiction, currency, net_amount, vat_amount, gross_amount, vat_rate, computed_vat_amount,
      seller_vat_number, is_export, quantity, sku, treatment)
    select gen_random_uuid(), '${companyId}', '${uploadId}', 'amazon-vtr', n, 'SALE', 'e' || n, 'a' || n,
      date '2023-01-01' + (n % 365), date '2023-01-01' + (n % 365),
      (array['amazon.de','amazon.fr','amazon.it','amazon.es','amazon.pl'])[1 + n % 5], 'AFN', 'DE',
      (array['DE','FR','IT','ES','PL','NL','BE','AT','CZ','SE'])[1 + n % 10],
      (array['DE','FR','IT','ES','PL','NL','BE','AT','CZ','SE'])[1 + n % 10],
      (array['EUR','EUR','PLN','SEK'])[1 + n % 4],
      (n % 997) + 0.99, round(((n % 997) + 0.99) * 0.19, 2), round(((n % 997) + 0.99) * 1.19, 2),
      (array[0.19, 0.2, 0.07, 0.23])[1 + n % 4], round(((n % 997) + 0.99) * 0.19, 2),
      'DE123456789', false, 1, 'SKU', 'domestic'
    from generate_series(1, ${ROWS}) n
  `),
  );
  // The analytics read the uploads' day sums, which an import writes as it loads the rows: here they are summed from
  // the rows.
  await replaceDaySumsFromRows(db, uploadId);
  await db.execute(sql.raw('analyze transactions, transaction_day_sums'));
  console.info(`inserted ${ROWS} rows and their day sums in ${((performance.now() - started) / 1000).toFixed(1)} s`);

  const timings: number[] = [];
  let lastTotals = '';
  for (let attempt = 0; attempt < 7; attempt += 1) {
    const start = performance.now();
    const analytics = await getAnalytics(db, companyId, { from: '2023-01', to: '2023-12' });
    timings.push(performance.now() - start);
    lastTotals = `${analytics.totals.transactionCount} rows, net ${analytics.totals.netEur} EUR, unconverted ${analytics.totals.unconvertedCount}`;
  }
  timings.sort((a, b) => a - b);
  console.info(lastTotals);
  console.info(
    `getAnalytics 12 months over ${ROWS} rows: p50 ${percentile(timings, 50).toFixed(0)} ms, p95 ${percentile(timings, 95).toFixed(0)} ms (first ${timings[0]?.toFixed(0)} … max ${timings.at(-1)?.toFixed(0)})`,
  );
}

async function onDatabase(databaseUrl: string | null): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'vatlas-bench-analytics-'));
  const database = await openDatabase({ databaseUrl, dataDir });
  try {
    await run(database);
  } finally {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.env.BENCH_DATABASE === 'pglite') await onDatabase(null);
else await withThrowAwayPostgres(adminUrl, onDatabase);
