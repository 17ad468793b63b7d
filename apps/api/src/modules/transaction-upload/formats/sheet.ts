import type { UploadRowProblemCode } from '@vatlas/contract';
import type { NormalizedTransaction } from '@vatlas/domain';
import { FileFormatError, type RowProblem } from './parse-types';

/**
 * A file as a table of text cells, whatever it was stored as (delimited text or an xlsx worksheet): what the
 * per-format mappers (Amazon VTR, Shopify, eBay, Etsy, generic CSV) read.
 */
export type SheetRow = {
  /** 1-based line (text) or row (xlsx) number where the record starts. */
  lineNumber: number;
  cells: readonly string[];
};

export type SheetTable = {
  /** Header names, trimmed, in file order. */
  header: readonly string[];
  headerLineNumber: number;
  /**
   * Set for xlsx: a date column may hold a spreadsheet serial number (days since the workbook's epoch) where a
   * text file has a date string. Null for text, where a bare number in a date column is an error.
   */
  serialDateSystem: 1900 | 1904 | null;
  /** Text rows must have as many cells as the header (a shifted row would put amounts in the wrong fields); xlsx
   * rows leave trailing empty cells out, so they are padded instead. */
  hasStrictColumnCount: boolean;
  /** The data rows in file order, several at a time (one await per row would dominate a million-row file). */
  rows: AsyncIterable<readonly SheetRow[]>;
  /** Tells the reader which columns the mapper reads, so it may leave the others empty (delimited text does). */
  selectColumns?: (indexes: readonly number[]) => void;
  /** Whether the text read so far held the character U+0000 (`DecodedText.holdsNul`); absent where it cannot. */
  holdsNul?: () => boolean;
};

/** Header names compared trimmed, case-insensitively and with runs of blanks as one space. */
export function normalizeHeaderName(name: string): string {
  return name.trim().replace(/\s+/g, ' ').toUpperCase();
}

/** Column indexes by normalised header name; with duplicate names the first column wins. */
export function indexHeader(header: readonly string[]): Map<string, number> {
  const indexes = new Map<string, number>();
  header.forEach((name, index) => {
    const key = normalizeHeaderName(name);
    if (!indexes.has(key)) indexes.set(key, index);
  });
  return indexes;
}

/** Where a mapper puts what it makes of rows; the driver batches it. */
export type RowOutput = { transactions: NormalizedTransaction[]; problems: RowProblem[] };

/** Turns sheet rows of one format into transactions or row problems; `finish` flushes what it holds back (Shopify
 * keeps an order's rows until the order ends). */
export type SheetMapper = {
  /** The column indexes the mapper reads. */
  columns: readonly number[];
  /** A line around the table that is not data (eBay's footer): left out, neither a row nor a problem. */
  skipsRow?(row: SheetRow): boolean;
  mapRow(row: SheetRow, output: RowOutput): void;
  finish(output: RowOutput): void;
};

/** A cell value short enough to quote in a problem message. Only ever called with non-personal columns. */
export function quoteCell(value: string): string {
  return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value);
}

/** The row's cell in column `index`, trimmed; empty where the file has no such column (-1). */
export function cellAt(row: SheetRow, index: number): string {
  return index === -1 ? '' : (row.cells[index] ?? '').trim();
}

/** Records a row problem naming its line and column; the message says what is wrong, after "Line n: ". */
export type ProblemRecorder = (row: SheetRow, index: number, code: UploadRowProblemCode, message: string) => void;

/** The problems of one record (an order spanning rows, say), and the recorder that adds to them. */
export function recordProblems(header: readonly string[]): { problems: RowProblem[]; problem: ProblemRecorder } {
  const problems: RowProblem[] = [];
  const problem: ProblemRecorder = (row, index, code, message) => {
    problems.push({
      lineNumber: row.lineNumber,
      column: header[index] ?? null,
      code,
      message: `Line ${row.lineNumber}: ${message}`,
    });
  };
  return { problems, problem };
}

/**
 * The column finder of a format read by header names (the index of a name, -1 where absent), once its required
 * columns are checked: a header with none of them is a file of another kind (`unknown-format`, saying what it is
 * not), one without some of them lacks those (`missing-columns`, naming them).
 */
export function requireColumns(
  header: readonly string[],
  required: readonly string[],
  messages: { fileName: string; notThisFormat: string },
): (name: string) => number {
  const indexes = indexHeader(header);
  const find = (name: string) => indexes.get(normalizeHeaderName(name)) ?? -1;
  const missing = required.filter((name) => find(name) === -1);
  if (missing.length === required.length) throw new FileFormatError('unknown-format', messages.notThisFormat);
  if (missing.length > 0) {
    throw new FileFormatError(
      'missing-columns',
      `The ${messages.fileName} lacks the column${missing.length > 1 ? 's' : ''} ${missing.join(', ')}.`,
      { columns: missing },
    );
  }
  return find;
}
