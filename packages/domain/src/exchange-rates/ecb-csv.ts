import { isIsoDate } from '../validation/field-issue';

/**
 * Parser of the ECB's `eurofxref-hist.csv` (research §5, [ECB-PAGE]): a header `Date,USD,JPY,…,` with a trailing
 * comma, one row per publication day newest first, rates as units of currency per 1 EUR with `.` decimals, and the
 * literal `N/A` where a currency was not quoted that day (retired currencies, HRK after 2022, RUB after 2022-03-01).
 * It takes the file's text rather than a path so the package stays free of I/O; the seeding command reads the file.
 */

/** One publication day; a currency quoted `N/A` that day is absent from `rates`, never a zero or a one. */
export type EcbRateRow = { date: string; rates: Readonly<Record<string, string>> };

export type EcbCsvErrorCode =
  | 'empty-file'
  | 'bad-header'
  | 'bad-currency-code'
  | 'duplicate-currency'
  | 'wrong-cell-count'
  | 'bad-date'
  | 'duplicate-date'
  | 'bad-rate';

/** A malformed file; `line` and `column` are 1-based as an editor shows them, so a data problem can be found fast. */
export class EcbCsvError extends Error {
  readonly code: EcbCsvErrorCode;
  readonly line: number;
  readonly column: number;
  constructor(code: EcbCsvErrorCode, line: number, column: number, message: string) {
    super(`ECB CSV line ${line}, column ${column}: ${message}`);
    this.name = 'EcbCsvError';
    this.code = code;
    this.line = line;
    this.column = column;
  }
}

const MISSING = 'N/A';
const CURRENCY_CODE = /^[A-Z]{3}$/;
/** A positive decimal as the ECB writes it ("0.86645", "143", "16967.41"); exponents and signs are not its format. */
const RATE = /^\d+(\.\d+)?$/;

/** Cells of one line without the trailing empty cell the ECB's trailing comma produces. */
function cellsOf(line: string): string[] {
  const cells = line.split(',').map((cell) => cell.trim());
  if (cells.length > 1 && cells.at(-1) === '') cells.pop();
  return cells;
}

export function parseEcbHistoryCsv(text: string): EcbRateRow[] {
  // A BOM appears when the file has been through a spreadsheet; CRLF when it has been through Windows.
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  const headerIndex = lines.findIndex((line) => line.trim() !== '');
  if (headerIndex === -1) throw new EcbCsvError('empty-file', 1, 1, 'the file is empty');

  const header = cellsOf(lines[headerIndex] ?? '');
  const headerLine = headerIndex + 1;
  if (header[0] !== 'Date') {
    throw new EcbCsvError(
      'bad-header',
      headerLine,
      1,
      `expected "Date" as the first header cell, found "${header[0]}"`,
    );
  }
  const currencies = header.slice(1);
  if (currencies.length === 0) throw new EcbCsvError('bad-header', headerLine, 2, 'the header names no currency');
  const seenCurrencies = new Set<string>();
  currencies.forEach((code, index) => {
    const column = index + 2;
    if (!CURRENCY_CODE.test(code)) {
      throw new EcbCsvError('bad-currency-code', headerLine, column, `"${code}" is not a three-letter currency code`);
    }
    if (seenCurrencies.has(code)) {
      throw new EcbCsvError('duplicate-currency', headerLine, column, `currency ${code} appears twice`);
    }
    seenCurrencies.add(code);
  });

  const rows: EcbRateRow[] = [];
  const seenDates = new Set<string>();
  for (let index = headerIndex + 1; index < lines.length; index += 1) {
    const raw = lines[index] ?? '';
    if (raw.trim() === '') continue;
    const line = index + 1;
    const cells = cellsOf(raw);
    if (cells.length !== header.length) {
      throw new EcbCsvError(
        'wrong-cell-count',
        line,
        Math.min(cells.length, header.length) + 1,
        `expected ${header.length} cells (Date and ${currencies.length} currencies), found ${cells.length}`,
      );
    }
    const date = cells[0] ?? '';
    if (!isIsoDate(date)) throw new EcbCsvError('bad-date', line, 1, `"${date}" is not a YYYY-MM-DD calendar date`);
    if (seenDates.has(date)) throw new EcbCsvError('duplicate-date', line, 1, `date ${date} appears twice`);
    seenDates.add(date);

    const rates: Record<string, string> = {};
    currencies.forEach((currency, position) => {
      const cell = cells[position + 1] ?? '';
      if (cell === MISSING) return;
      // A zero rate would divide by zero later; the ECB writes N/A, never 0, for a currency it did not quote.
      if (!RATE.test(cell) || /^[0.]+$/.test(cell)) {
        throw new EcbCsvError(
          'bad-rate',
          line,
          position + 2,
          `"${cell}" is not a positive rate or N/A for ${currency}`,
        );
      }
      rates[currency] = cell;
    });
    rows.push({ date, rates });
  }
  return rows;
}
