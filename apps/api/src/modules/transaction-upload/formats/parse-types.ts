import type { ColumnMapping } from '@vatlas/contract';
import type { NormalizedTransaction } from '@vatlas/domain';

/** A row the parser could read but not accept; the row is left out and the upload reports it. */
export type RowProblem = {
  lineNumber: number;
  /** The header name of the offending column, or null when the problem is the whole row. */
  column: string | null;
  code: string;
  /** English, says what is wrong and what was expected; never quotes personal data. */
  message: string;
};

export type ParseBatch = {
  transactions: NormalizedTransaction[];
  problems: RowProblem[];
  /** Cumulative bytes of the input consumed so far, for progress. */
  bytesRead: number;
  /** Cumulative data rows read so far (accepted or not; blank lines and the header excluded). */
  linesRead: number;
};

export type ParseOptions = {
  /** Required for, and only read by, `generic-csv`. */
  mapping?: ColumnMapping;
  /** Rows (transactions + problems) per batch; default 5000. */
  batchSize?: number;
  /** Used in messages only; the content decides how the file is read. */
  fileName?: string;
  /** Where goods leave from when the file does not say (Shopify): the company's establishment country. */
  defaultDepartureCountry?: string;
};

export const FILE_FORMAT_ERROR_CODES = [
  'empty-file',
  'header-only',
  'missing-columns',
  'wrong-delimiter',
  'unsupported-encoding',
  'line-too-long',
  'truncated',
  'not-xlsx',
  'unreadable-xlsx',
  'unknown-format',
  /** generic-csv only: the column mapping is missing or invalid (details.issues name the fields). */
  'invalid-mapping',
] as const;
export type FileFormatErrorCode = (typeof FILE_FORMAT_ERROR_CODES)[number];

/** A problem of the whole file: nothing after it can be read, so parsing stops. */
export class FileFormatError extends Error {
  constructor(
    readonly code: FileFormatErrorCode,
    message: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'FileFormatError';
  }
}

/**
 * The longest line (record) accepted, counted in characters of the decoded text (bytes for ASCII). A VTR line is
 * about 500 characters; anything near a megabyte is a file without line breaks, which must fail before it is buffered.
 */
export const MAX_LINE_BYTES = 1024 * 1024;

export const DEFAULT_BATCH_SIZE = 5000;
