/**
 * The floor an import is measured against (issue 5): stream-parse a transaction file with the real parser and COPY
 * the normalised rows into a bare, unindexed table of a PostgreSQL database — no uploads, no duplicates check, no
 * tax engine. `bench/transaction-import.bench.ts` runs it in a process of its own (so its memory is its own) and
 * compares the server's import with it:
 *
 *   node --import tsx apps/api/src/modules/transaction-upload/synthetic-vtr/raw-import-floor.ts \
 *     --file /tmp/vtr.txt --database-url postgres://postgres@127.0.0.1:5432/some_throw_away_database
 *
 * Prints one JSON line: { seconds, rows, problems, peakRssMiB }.
 */
import { createReadStream, readFileSync } from 'node:fs';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { parseArgs } from 'node:util';
import type { NormalizedTransaction } from '@vatlas/domain';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { escapeCopyText } from '../copy-text';
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

const freeText = (value: string | null) => (value === null ? '\\N' : escapeCopyText(value));
const normalised = (value: string | null) => (value === null ? '\\N' : value);

/**
 * The same COPY encoding as the real import (`encodeTransactionCopyLine` in import-job.ts: one template, only the
 * free-text fields looked at for escapes), of the normalised row alone.
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

const { values } = parseArgs({ options: { file: { type: 'string' }, 'database-url': { type: 'string' } } });
const file = values.file;
const databaseUrl = values['database-url'];
if (file === undefined || databaseUrl === undefined) throw new Error('--file and --database-url are required');

const client = new pg.Client({ connectionString: databaseUrl });
await client.connect();
try {
  await client.query('DROP TABLE IF EXISTS raw_import_floor');
  await client.query(`CREATE TABLE raw_import_floor (${COLUMNS.join(', ')})`);
  let rows = 0;
  let problems = 0;
  const started = performance.now();
  async function* copyText() {
    for await (const batch of parseTransactionFile('amazon-vtr', createReadStream(file as string))) {
      rows += batch.transactions.length;
      problems += batch.problems.length;
      let text = '';
      for (const transaction of batch.transactions) text += copyLine(transaction);
      yield text;
    }
  }
  await pipeline(Readable.from(copyText()), client.query(copyFrom('COPY raw_import_floor FROM STDIN')));
  const seconds = (performance.now() - started) / 1000;
  console.info(JSON.stringify({ seconds, rows, problems, peakRssMiB: peakRssMiB() }));
} finally {
  await client.query('DROP TABLE IF EXISTS raw_import_floor').catch(() => undefined);
  await client.end();
}
