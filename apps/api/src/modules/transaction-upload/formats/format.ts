import type { NormalizedTransaction, TransactionSource } from '@vatlas/domain';
import { createAmazonVtrMapper } from './amazon-vtr';
import { type ByteInput, openByteInput } from './byte-input';
import { readCountryCode } from './cell-values';
import { type Delimiter, readDelimitedTable } from './delimited-rows';
import { createEbayOrdersMapper } from './ebay-orders';
import { createEtsyOrdersMapper } from './etsy-orders';
import { checkColumnMapping, createGenericCsvMapper } from './generic-csv';
import {
  DEFAULT_BATCH_SIZE,
  FileFormatError,
  MAX_BATCH_BYTES,
  type ParseBatch,
  type ParseOptions,
} from './parse-types';
import type { RowOutput, SheetRow, SheetTable } from './sheet';
import { createShopifyOrdersMapper } from './shopify-orders';
import { decodeText, detectTextEncoding } from './text-decoding';
import { readXlsxTable } from './xlsx-rows';

export * from './parse-types';

/**
 * Reads an uploaded sales file of the given format and yields its rows as normalised transactions in batches, with
 * the rows it could not accept as problems. It streams: the input is pulled as batches are consumed and no more than
 * a batch, the current record and (for xlsx) the shared strings are held, whatever the file's size. A problem of the
 * whole file (empty, wrong delimiter, missing columns, bad encoding, cut short) throws `FileFormatError`, possibly
 * after earlier batches were yielded.
 */
export async function* parseTransactionFile(
  format: TransactionSource,
  input: AsyncIterable<Uint8Array>,
  options: ParseOptions = {},
): AsyncGenerator<ParseBatch> {
  const mapping = format === 'generic-csv' ? checkColumnMapping(options.mapping) : undefined;
  const bytes = await openByteInput(input);
  const delimiter = mapping === undefined || mapping.delimiter === 'auto' ? undefined : mapping.delimiter;
  const table = await openTable(bytes, delimiter);
  const departure =
    options.defaultDepartureCountry === undefined ? null : (readCountryCode(options.defaultDepartureCountry) ?? null);
  const mapper =
    mapping !== undefined
      ? createGenericCsvMapper(table, mapping)
      : format === 'shopify-orders'
        ? createShopifyOrdersMapper(table, departure)
        : format === 'ebay-orders'
          ? createEbayOrdersMapper(table, departure)
          : format === 'etsy-orders'
            ? createEtsyOrdersMapper(table, departure)
            : createAmazonVtrMapper(table);
  table.selectColumns?.(mapper.columns);
  const batchSize = Math.max(1, options.batchSize ?? DEFAULT_BATCH_SIZE);
  const width = table.header.length;
  let output: RowOutput = { transactions: [], problems: [] };
  let linesRead = 0;
  let batchStartedAt = bytes.bytesRead;
  for await (const rows of table.rows) {
    for (const row of rows) {
      if (isBlankRow(row.cells) || mapper.skipsRow?.(row)) continue;
      linesRead++;
      const nulAt = table.holdsNul?.()
        ? mapper.columns.find((index) => row.cells[index]?.includes('\u0000'))
        : undefined;
      if (table.hasStrictColumnCount && row.cells.length !== width && !hasOnlyEmptyExtraCells(row, width)) {
        output.problems.push({
          lineNumber: row.lineNumber,
          column: null,
          code: 'column-count',
          message: `Line ${row.lineNumber} has ${row.cells.length} fields where the header has ${width}.`,
        });
      } else if (nulAt !== undefined) {
        // Only the columns the mapper reads are looked at: one it leaves alone may hold anything.
        const column = table.header[nulAt] ?? null;
        output.problems.push({
          lineNumber: row.lineNumber,
          column,
          code: 'nul-character',
          message: `Line ${row.lineNumber}: ${column ?? 'a field'} holds the character U+0000 (NUL), which is not text. Export the report again from its source.`,
        });
      } else {
        mapper.mapRow(row, output);
      }
      const batchRows = output.transactions.length + output.problems.length;
      if (batchRows >= batchSize || (batchRows > 0 && bytes.bytesRead - batchStartedAt >= MAX_BATCH_BYTES)) {
        yield { ...withinAmountColumns(output), bytesRead: bytes.bytesRead, linesRead };
        output = { transactions: [], problems: [] };
        batchStartedAt = bytes.bytesRead;
      }
    }
  }
  mapper.finish(output);
  if (linesRead === 0) {
    throw new FileFormatError('header-only', `The file has a header on line ${table.headerLineNumber} but no rows.`);
  }
  yield { ...withinAmountColumns(output), bytesRead: bytes.bytesRead, linesRead };
}

/** The digits an amount may have before its decimal point: the database stores amounts as numeric(18, 2). */
const MAX_WHOLE_DIGITS = 16;

/** Whether the canonical decimal `amount` has more digits before its point than an amount column holds. */
function isBeyondAmountColumn(amount: string): boolean {
  // Sign and 16 digits fit in 17 characters whatever follows the point: nearly every amount is decided here.
  if (amount.length <= MAX_WHOLE_DIGITS + 1) return false;
  const point = amount.indexOf('.');
  const whole = point === -1 ? amount.length : point;
  return whole - (amount.charCodeAt(0) === 45 ? 1 : 0) > MAX_WHOLE_DIGITS;
}

const AMOUNTS = [
  ['net amount', 'netAmount'],
  ['VAT amount', 'vatAmount'],
  ['gross amount', 'grossAmount'],
] as const;

/** The name and value of the transaction's first amount that no amount column holds, if one is so large. */
function amountBeyondColumn(tx: NormalizedTransaction): [name: string, amount: string] | undefined {
  for (const [name, field] of AMOUNTS) if (isBeyondAmountColumn(tx[field])) return [name, tx[field]];
  return undefined;
}

/**
 * The batch with every transaction whose amount no amount column holds turned into a row problem, which names the
 * amount (the mappers read amounts each from columns of their own); before, the database refused the whole chunk and
 * the import failed without saying where.
 */
function withinAmountColumns(output: RowOutput): RowOutput {
  if (!output.transactions.some((tx) => amountBeyondColumn(tx) !== undefined)) return output;
  const within: RowOutput = { transactions: [], problems: [...output.problems] };
  for (const tx of output.transactions) {
    const beyond = amountBeyondColumn(tx);
    if (beyond === undefined) {
      within.transactions.push(tx);
      continue;
    }
    const [name, amount] = beyond;
    within.problems.push({
      lineNumber: tx.lineNumber,
      column: null,
      code: 'amount-too-large',
      message: `Line ${tx.lineNumber}: the ${name} ${amount} has more than ${MAX_WHOLE_DIGITS} digits before the decimal point, more than any amount Vatlas stores.`,
    });
  }
  within.problems.sort((a, b) => a.lineNumber - b.lineNumber);
  return within;
}

const ZIP_SIGNATURE = [0x50, 0x4b, 0x03, 0x04];
/** The compound-file signature of Excel 97–2003 .xls (and other old Office files). */
const OLE_SIGNATURE = [0xd0, 0xcf, 0x11, 0xe0];

async function openTable(bytes: ByteInput, delimiter: Delimiter | undefined): Promise<SheetTable> {
  const { head } = bytes;
  if (head.byteLength === 0) throw new FileFormatError('empty-file', 'The file is empty.');
  if (startsWith(head, OLE_SIGNATURE)) {
    throw new FileFormatError(
      'not-xlsx',
      'The file is an Excel 97–2003 workbook (.xls), which is not supported: save it as .xlsx or as CSV.',
    );
  }
  if (startsWith(head, ZIP_SIGNATURE)) return readXlsxTable(bytes.chunks);
  return readDelimitedTable(decodeText(bytes.chunks, detectTextEncoding(head)), delimiter);
}

function startsWith(bytes: Uint8Array, signature: readonly number[]): boolean {
  return signature.every((byte, index) => bytes[index] === byte);
}

function isBlankRow(cells: readonly string[]): boolean {
  for (const cell of cells) if (cell.trim() !== '') return false;
  return true;
}

function hasOnlyEmptyExtraCells(row: SheetRow, width: number): boolean {
  if (row.cells.length < width) return false;
  for (let index = width; index < row.cells.length; index++)
    if ((row.cells[index] as string).trim() !== '') return false;
  return true;
}
