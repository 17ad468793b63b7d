import {
  type ColumnMapping,
  UPLOAD_FILE_ERROR_CODES,
  type UploadFileErrorCode,
  type UploadProblemCode,
} from '@vatlas/contract';
import type { NormalizedTransaction } from '@vatlas/domain';

/** A row the parser could read but not accept; the row is left out and the upload reports it. */
export type RowProblem = {
  lineNumber: number;
  /**
   * The header name of the offending column, or null when the problem is the whole row. A file's `missing-columns`
   * problem names the columns it lacks here, comma-separated (import-job.ts).
   */
  column: string | null;
  /** One of the contract's UPLOAD_PROBLEM_CODES: the web app translates the reason by it. */
  code: UploadProblemCode;
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
  /** Where goods leave from when the file does not say (Shopify, eBay, Etsy): the company's establishment country. */
  defaultDepartureCountry?: string;
};

/** The codes of a whole-file error, listed in the contract so the web app can translate each one. */
export const FILE_FORMAT_ERROR_CODES = UPLOAD_FILE_ERROR_CODES;
export type FileFormatErrorCode = UploadFileErrorCode;

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

/**
 * The file a batch spans at most, whatever its row count: its rows hold on to the text they were read from, so a
 * file of long lines (up to MAX_LINE_BYTES each) would otherwise keep hundreds of megabytes alive in one batch
 * (measured: 300 lines of 900 KB, batches of 256 rows, a 602 MB heap). A batch ends after the row that reaches it.
 */
export const MAX_BATCH_BYTES = 4 * 1024 * 1024;
