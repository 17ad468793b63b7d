/**
 * The floor an import is measured against (issue 5): stream-parse a transaction file with the real parser and COPY
 * the normalised rows into a bare, unindexed table — no uploads, no duplicates check, no tax engine. On PostgreSQL
 * one COPY streams the whole file; on PGlite, which reads COPY data only from a blob, the rows go in 4 MB chunks as
 * the import's do, all in one transaction. `bench/transaction-import.bench.ts` runs it in a process of its own (so
 * its memory is its own) and compares the server's import with it:
 *
 *   node --import tsx apps/api/src/modules/transaction-upload/synthetic-vtr/raw-import-floor.ts \
 *     --file /tmp/vtr.txt --database-url postgres://postgres@127.0.0.1:5432/some_throw_away_database
 *   node --import tsx apps/api/src/modules/transaction-upload/synthetic-vtr/raw-import-floor.ts \
 *     --file /tmp/vtr.txt --pglite-dir /tmp/some-throw-away-directory
 *
 * Prints one JSON line: { seconds, cpuSeconds, rows, problems, peakRssMiB }, `cpuSeconds` being the process's own over
 * the timed part (on PostgreSQL the backend's COPY is not in it; on PGlite it is).
 */
import { createReadStream, readFileSync } from 'node:fs';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { parseArgs } from 'node:util';
import type { NormalizedTransaction } from '@vatlas/domain';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { openDatabase } from '../../../db/client';
import { DEFAULT_CHUNK_BYTES, PARSE_BATCH_ROWS } from '../copy-encoding';
import { copyFreeText as freeText, copyNormalised as normalised } from '../copy-text';
import { parseTransactionFile } from '../formats/format';

const COLUMNS = [
  'source text',
  'line_number integer',
  'type text',
  'event_id text',
  'activity_id text',
  'tax_point_date date',
  'complete_date date',
  'marketplace text',
  'sales_channel text',
  'departure_country text',
  'arrival_country text',
  'taxable_jurisdiction text',
  'currency text',
  'net_amount numeric',
  'vat_amount numeric',
  'gross_amount numeric',
  'vat_rate numeric',
  'buyer_vat_number text',
  'seller_vat_number text',
  'is_export boolean',
  'tax_reporting_scheme text',
  'tax_collection_responsibility text',
  'quantity integer',
  'sku text',
];

/**
 * COPY text of the normalised row alone, in one template with only the free-text fields looked at for escapes, as the
 * import wrote its rows before it wrote them in COPY's binary format (decision 028, which says why the floor stays
 * text: its time is its parser's).
 */
function copyLine(row: NormalizedTransaction): string {
  return (
    `${row.source}\t${row.lineNumber}\t${row.type}\t${freeText(row.eventId)}\t${freeText(row.activityId)}\t` +
    `${row.taxPointDate}\t${row.completeDate}\t${freeText(row.marketplace)}\t${freeText(row.salesChannel)}\t` +
    `${normalised(row.departureCountry)}\t${normalised(row.arrivalCountry)}\t${normalised(row.taxableJurisdiction)}\t` +
    `${normalised(row.currency)}\t${row.netAmount}\t${row.vatAmount}\t${row.grossAmount}\t${normalised(row.vatRate)}\t` +
    `${freeText(row.buyerVatNumber)}\t${freeText(row.sellerVatNumber)}\t${row.isExport ? 't' : 'f'}\t` +
    `${freeText(row.taxReportingScheme)}\t${normalised(row.taxCollectionResponsibility)}\t${row.quantity}\t` +
    `${freeText(row.sku)}\n`
  );
}

function peakRssMiB(): number {
  const kib = Number(/VmHWM:\s+(\d+)/.exec(readFileSync('/proc/self/status', 'utf8'))?.[1] ?? 0);
  return kib / 1024;
}

const TABLE = `raw_import_floor (${COLUMNS.join(', ')})`;

type Floor = { seconds: number; cpuSeconds: number; rows: number; problems: number };

/** The seconds and this process's CPU seconds since `started` (`performance.now()`) and `cpu` (`process.cpuUsage()`). */
function timedSince(started: number, cpu: NodeJS.CpuUsage): Pick<Floor, 'seconds' | 'cpuSeconds'> {
  const spent = process.cpuUsage(cpu);
  return { seconds: (performance.now() - started) / 1000, cpuSeconds: (spent.user + spent.system) / 1e6 };
}

/**
 * The file's rows as COPY text, one string per parser batch, counting rows and problems on the way. The parser hands
 * over its rows in the import's batches (`PARSE_BATCH_ROWS`): in its default batches of 5,000 rows, each batch lived
 * through several scavenges and the floor spent 30 % of its time collecting (bench/RESULTS.md, session 41), a floor
 * slower than the parser is.
 */
async function* copyText(file: string, counts: { rows: number; problems: number }) {
  const batches = parseTransactionFile('amazon-vtr', createReadStream(file), { batchSize: PARSE_BATCH_ROWS });
  for await (const batch of batches) {
    counts.rows += batch.transactions.length;
    counts.problems += batch.problems.length;
    let text = '';
    for (const transaction of batch.transactions) text += copyLine(transaction);
    yield text;
  }
}

async function postgresFloor(file: string, databaseUrl: string): Promise<Floor> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('DROP TABLE IF EXISTS raw_import_floor');
    await client.query(`CREATE TABLE ${TABLE}`);
    const counts = { rows: 0, problems: 0 };
    const started = performance.now();
    const cpu = process.cpuUsage();
    await pipeline(Readable.from(copyText(file, counts)), client.query(copyFrom('COPY raw_import_floor FROM STDIN')));
    return { ...timedSince(started, cpu), ...counts };
  } finally {
    await client.query('DROP TABLE IF EXISTS raw_import_floor').catch(() => undefined);
    await client.end();
  }
}

async function pgliteFloor(file: string, dataDir: string): Promise<Floor> {
  const database = await openDatabase({ databaseUrl: null, dataDir });
  try {
    await database.bulk.transaction((session) => session.query(`CREATE TABLE ${TABLE}`));
    const counts = { rows: 0, problems: 0 };
    const encoder = new TextEncoder();
    const started = performance.now();
    const cpu = process.cpuUsage();
    await database.bulk.transaction(async (session) => {
      let chunk = '';
      for await (const text of copyText(file, counts)) {
        chunk += text;
        if (chunk.length < DEFAULT_CHUNK_BYTES) continue; // the import's chunk size, counted in characters here
        await session.copyFrom('raw_import_floor', encoder.encode(chunk));
        chunk = '';
      }
      if (chunk.length > 0) await session.copyFrom('raw_import_floor', encoder.encode(chunk));
    });
    return { ...timedSince(started, cpu), ...counts };
  } finally {
    await database.close();
  }
}

const { values } = parseArgs({
  options: { file: { type: 'string' }, 'database-url': { type: 'string' }, 'pglite-dir': { type: 'string' } },
});
const file = values.file;
const databaseUrl = values['database-url'];
const pgliteDir = values['pglite-dir'];
if (file === undefined || (databaseUrl === undefined) === (pgliteDir === undefined)) {
  throw new Error('--file and one of --database-url or --pglite-dir are required');
}
const floor =
  databaseUrl !== undefined ? await postgresFloor(file, databaseUrl) : await pgliteFloor(file, pgliteDir as string);
console.info(JSON.stringify({ ...floor, peakRssMiB: peakRssMiB() }));
