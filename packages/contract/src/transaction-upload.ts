import { TRANSACTION_SOURCES } from '@vatlas/domain';
import { z } from 'zod';
import { columnMappingSchema } from './column-mapping';

/**
 * Transaction uploads (issue 5, Import): a file is stored at once and imported by a background worker; its rows
 * count only once the upload is `completed`. Uploads are multipart, so the upload's fields are described here and
 * checked by the route.
 */

export const uploadFormatSchema = z.enum(TRANSACTION_SOURCES);
export type UploadFormat = z.infer<typeof uploadFormatSchema>;

/**
 * `validating` and `validated` belong to a validate-first upload (`mode=validate`): the file is read completely,
 * its problems and counts stored, no transaction; `POST …/Confirm` queues the validated file for import.
 */
export const UPLOAD_STATUSES = [
  'queued',
  'processing',
  'completed',
  'failed',
  'cancelled',
  'validating',
  'validated',
] as const;
export const uploadStatusSchema = z.enum(UPLOAD_STATUSES);
export type UploadStatus = z.infer<typeof uploadStatusSchema>;

/** The multipart fields of an upload besides the one `file`. */
export const transactionUploadFieldsSchema = z.object({
  format: uploadFormatSchema,
  dataPeriodId: z.uuid().optional(),
  /** Required for `generic-csv`: the saved column mapping that says which column holds what. */
  columnMappingId: z.uuid().optional(),
  /** `validate`: read and check the file only, then wait for Confirm. Without it the file is imported at once. */
  mode: z.enum(['import', 'validate']).optional(),
});
export type TransactionUploadFields = z.infer<typeof transactionUploadFieldsSchema>;

export const transactionUploadSchema = z.object({
  id: z.string(),
  dataPeriodId: z.string().nullable(),
  format: uploadFormatSchema,
  fileName: z.string(),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  status: uploadStatusSchema,
  /** Size of the stored file; `bytesProcessed` reaches it when the whole file has been read. */
  bytesTotal: z.number().int().nonnegative(),
  bytesProcessed: z.number().int().nonnegative(),
  rowsRead: z.number().int().nonnegative(),
  rowsImported: z.number().int().nonnegative(),
  /** Rows already stored by an earlier upload, or repeated in this file: kept once, never counted twice. */
  rowsDuplicate: z.number().int().nonnegative(),
  /** Every problem found; at most MAX_STORED_UPLOAD_PROBLEMS of them are stored and listed. */
  problemCount: z.number().int().nonnegative(),
  errorCode: z.string().nullable(),
  errorMessage: z.string().nullable(),
  isCancelRequested: z.boolean(),
  createdAt: z.string().describe('ISO 8601, UTC'),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
});
export type TransactionUpload = z.infer<typeof transactionUploadSchema>;
export const transactionUploadListSchema = z.array(transactionUploadSchema);

export const MAX_STORED_UPLOAD_PROBLEMS = 10_000;

/**
 * The codes of a row the parsers could read but not accept (`UploadProblem.code` of a line > 0). The API types its
 * parsers' problems with this list and the web app translates each code, so a new code must be added here.
 */
export const UPLOAD_ROW_PROBLEM_CODES = [
  'column-count',
  /** A cell the format reads holds the character U+0000, which no text means and the database cannot store. */
  'nul-character',
  'unknown-type',
  'missing-id',
  'unknown-country',
  'bad-currency',
  'missing-currency',
  'bad-rate',
  'bad-value',
  'bad-quantity',
  'missing-date',
  'bad-date',
  'missing-amount',
  'bad-amount',
  /** An amount with more than 16 digits before its decimal point: more than an amount column (numeric(18, 2)) holds. */
  'amount-too-large',
  'amounts-mismatch',
  'cancelled-order',
  'order-split',
  'order-too-large',
] as const;
export type UploadRowProblemCode = (typeof UPLOAD_ROW_PROBLEM_CODES)[number];

/**
 * The codes of a problem of the whole file: parsing stops, the upload fails with it as `errorCode`, and it is also
 * listed as a problem (line 0, or the line where reading stopped).
 */
export const UPLOAD_FILE_ERROR_CODES = [
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
  /** generic-csv only: the column mapping is missing or invalid. */
  'invalid-mapping',
] as const;
export type UploadFileErrorCode = (typeof UPLOAD_FILE_ERROR_CODES)[number];

/** Every code an `UploadProblem` can carry. */
export const UPLOAD_PROBLEM_CODES = [...UPLOAD_ROW_PROBLEM_CODES, ...UPLOAD_FILE_ERROR_CODES] as const;
export type UploadProblemCode = (typeof UPLOAD_PROBLEM_CODES)[number];

/** The import job's own failure codes besides the file errors (`errorCode` of a failed upload). */
export const UPLOAD_JOB_FAILURE_CODES = [
  'establishment_country_missing',
  'file_missing',
  'row_problems',
  'interrupted',
  'import_error',
] as const;
/** Every `errorCode` a failed upload can carry. */
export const UPLOAD_FAILURE_CODES = [...UPLOAD_FILE_ERROR_CODES, ...UPLOAD_JOB_FAILURE_CODES] as const;
export type UploadFailureCode = (typeof UPLOAD_FAILURE_CODES)[number];

export const uploadProblemSchema = z.object({
  lineNumber: z.number().int().nonnegative(),
  column: z
    .string()
    .nullable()
    .describe(
      'The header name of the offending column; for `missing-columns` the columns the file lacks, comma-separated; ' +
        'null when the problem is the whole row or file',
    ),
  code: z.string(),
  message: z.string(),
});
export type UploadProblem = z.infer<typeof uploadProblemSchema>;

export const uploadProblemsQuerySchema = z.object({
  offset: z.coerce.number().int().nonnegative().default(0),
  limit: z.coerce.number().int().min(1).max(1000).default(100),
});

export const uploadProblemPageSchema = z.object({
  /** Problems found in all; `stored` of them can be listed. */
  total: z.number().int().nonnegative(),
  stored: z.number().int().nonnegative(),
  offset: z.number().int().nonnegative(),
  limit: z.number().int().positive(),
  items: z.array(uploadProblemSchema),
});
export type UploadProblemPage = z.infer<typeof uploadProblemPageSchema>;

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A saved mapping is addressed by its name or its id, so a name may not look like an id. */
export const columnMappingNameSchema = z
  .string()
  .trim()
  .min(1, 'a name')
  .max(100)
  .refine((name) => !UUID_PATTERN.test(name), 'a name, not an id');

export const saveColumnMappingRequestSchema = z.object({ mapping: columnMappingSchema });

export const savedColumnMappingSchema = z.object({
  id: z.string(),
  name: z.string(),
  mapping: columnMappingSchema,
  updatedAt: z.string().describe('ISO 8601, UTC'),
});
export type SavedColumnMapping = z.infer<typeof savedColumnMappingSchema>;
export const savedColumnMappingListSchema = z.array(savedColumnMappingSchema);
