import { readFile } from 'node:fs/promises';
import { EcbCsvError, parseEcbHistoryCsv } from '@vatlas/domain';
import { unzipSync } from 'fflate';
import type { Database } from '../../db/client';
import { requestRecomputesOfMissingRates } from '../tax-position/repository';
import {
  countExchangeRates,
  findExchangeRateCoverage,
  toRateValues,
  type UpsertCounts,
  upsertExchangeRates,
} from './repository';

/** The vendored ECB history (see data/README.md); the table starts from it when it is empty. */
export const VENDORED_ECB_HISTORY = new URL('./data/ecb-eurofxref-hist.csv', import.meta.url);

/** The ECB's full history as a zip, the file the daily refresh fetches ([ECB-PAGE], research §5). */
export const ECB_HISTORY_ZIP_URL = 'https://www.ecb.europa.eu/stats/eurofxref/eurofxref-hist.zip';

/** A file that is not an ECB history: nothing was written. `line`/`column` point into the CSV when known. */
export class ExchangeRateFileError extends Error {
  readonly line: number | undefined;
  readonly column: number | undefined;
  constructor(message: string, position?: { line: number; column: number }) {
    super(message);
    this.name = 'ExchangeRateFileError';
    this.line = position?.line;
    this.column = position?.column;
  }
}

export type ExchangeRateImport = UpsertCounts & {
  /** Publication days in the file. */
  days: number;
  /** Coverage of the whole table after the import. */
  coverage: { from: string; to: string } | undefined;
  /** Companies missing a rate whose tax position the import worker is to recompute, as the rates changed. */
  recomputesRequested: number;
};

const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];

function isZip(bytes: Uint8Array): boolean {
  return ZIP_MAGIC.every((byte, index) => bytes[index] === byte);
}

/** The CSV text of an ECB download: the file itself, or the one `.csv` inside `eurofxref-hist.zip`. */
function csvTextOf(bytes: Uint8Array): string {
  if (!isZip(bytes)) return new TextDecoder('utf-8', { fatal: false }).decode(bytes);
  let entries: Record<string, Uint8Array>;
  try {
    entries = unzipSync(bytes, { filter: (file) => file.name.toLowerCase().endsWith('.csv') });
  } catch (error) {
    throw new ExchangeRateFileError(`The zip file cannot be read: ${error instanceof Error ? error.message : error}`);
  }
  const csvFiles = Object.entries(entries);
  if (csvFiles.length !== 1) {
    throw new ExchangeRateFileError(`The zip file must hold exactly one .csv file; it holds ${csvFiles.length}.`);
  }
  return new TextDecoder().decode((csvFiles[0] as [string, Uint8Array])[1]);
}

/**
 * Adds the rates of an ECB history file (CSV or the ECB's zip) to the table and replaces corrected values, all in one
 * transaction. The whole file is checked before anything is written, so a bad file changes nothing.
 */
export async function importExchangeRates(database: Database, bytes: Uint8Array): Promise<ExchangeRateImport> {
  let rows: ReturnType<typeof parseEcbHistoryCsv>;
  try {
    rows = parseEcbHistoryCsv(csvTextOf(bytes));
  } catch (error) {
    if (error instanceof EcbCsvError) {
      throw new ExchangeRateFileError(`Not an ECB euro reference rate history: ${error.message}`, error);
    }
    throw error;
  }
  const counts = await upsertExchangeRates(database, toRateValues(rows));
  // New or corrected rates may complete the liabilities that missed one: their companies are recomputed by the
  // import worker (of the server, or of this command's next server start), so no upload is needed to settle them.
  const recomputesRequested =
    counts.inserted + counts.updated > 0 ? await requestRecomputesOfMissingRates(database.db) : 0;
  return { ...counts, days: rows.length, coverage: await findExchangeRateCoverage(database.db), recomputesRequested };
}

export async function importExchangeRatesFromFile(database: Database, path: string | URL): Promise<ExchangeRateImport> {
  return importExchangeRates(database, new Uint8Array(await readFile(path)));
}

/**
 * Loads the vendored history into an empty table (first start, fresh test database); a table with rates is left as
 * it is, since imports and the daily refresh may have added newer days. Answers how many rates were loaded.
 */
export async function ensureExchangeRates(database: Database): Promise<number> {
  if ((await countExchangeRates(database.db)) > 0) return 0;
  const result = await importExchangeRatesFromFile(database, VENDORED_ECB_HISTORY);
  return result.inserted;
}
