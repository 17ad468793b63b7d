import { type ColumnMapping, columnMappingSchema, MAX_STORED_UPLOAD_PROBLEMS } from '@vatlas/contract';
import {
  type CompanyTaxProfile,
  classifyTransaction,
  computeRowVat,
  type NormalizedTransaction,
  type TransactionSource,
} from '@vatlas/domain';
import { sql } from 'drizzle-orm';
import type { BulkLoader, Database, Db } from '../../db/client';
import { FileNotFoundError, type FileStorage } from '../storage/file-storage';
import { loadCompanyTaxProfile } from '../tax-schemes/repository';
import { type CopyValue, escapeCopyText } from './copy-text';
import { parseTransactionFile } from './formats/format';
import { DEFAULT_BATCH_SIZE, FileFormatError, type RowProblem } from './formats/parse-types';
import {
  deleteImportedData,
  deleteUploadRows,
  finishJob,
  insertProblems,
  type JobOutcome,
  releaseJob,
  reportProgress,
  type UploadRecord,
} from './repository';
import { transactionIdentity } from './transaction-identity';

/**
 * Recomputes a company's tax position from its completed uploads' rows. Called inside the transaction that
 * completes or deletes an upload, so totals change together with the rows they count.
 */
export type TaxPositionRecomputer = (db: Db, companyId: string) => Promise<void>;

export type ImportJobDeps = {
  database: Database;
  storage: FileStorage;
  recomputeTaxPosition: TaxPositionRecomputer;
  workerId: string;
  /** Aborted when the process stops gracefully: the job is given back between batches, not failed. */
  signal?: AbortSignal;
  /** Rows between progress reports, each with a look at cancel. */
  batchSize?: number;
  /** COPY chunk size in bytes of text: memory stays bounded by it whatever the file's size. */
  chunkBytes?: number;
};

/** How a claimed job ended: 'released' on a graceful stop, 'lost' when another worker took it over meanwhile. */
export type ImportResult = JobOutcome['status'] | 'released' | 'lost';

/** Column order of every COPY into `transactions` (and its staging copy). */
export const COPY_COLUMNS = [
  'id',
  'company_id',
  'upload_id',
  'source',
  'line_number',
  'transaction_type',
  'event_id',
  'activity_id',
  'tax_point_date',
  'complete_date',
  'marketplace',
  'sales_channel',
  'departure_country',
  'arrival_country',
  'taxable_jurisdiction',
  'currency',
  'net_amount',
  'vat_amount',
  'gross_amount',
  'vat_rate',
  'computed_vat_amount',
  'buyer_vat_number',
  'seller_vat_number',
  'is_export',
  'tax_reporting_scheme',
  'tax_collection_responsibility',
  'quantity',
  'sku',
  'treatment',
] as const;
const COPY_COLUMN_LIST = COPY_COLUMNS.join(', ');

/** The COPY chunk of an import (and of the PGlite floor it is measured against). */
export const DEFAULT_CHUNK_BYTES = 4 * 1024 * 1024;
/** Room past `chunkBytes` in a chunk buffer, so a line that starts below the mark always fits. */
const CHUNK_SLACK_BYTES = 64 * 1024;
const UNIQUE_VIOLATION = '23505';
/**
 * Rows the parser hands over at a time, whatever the progress interval: a row's cells are slices of the text chunk
 * it was read from, so a batch spanning many chunks keeps them all alive long enough to reach V8's old space.
 */
const PARSE_BATCH_ROWS = 256;

type ClassificationProfile = Pick<CompanyTaxProfile, 'establishmentCountry' | 'ioss'>;

/** The values of one row in COPY_COLUMNS order (kept in step by the test of `toCopyValues`). */
export function toCopyValues(
  tx: NormalizedTransaction,
  upload: Pick<UploadRecord, 'id' | 'companyId'>,
  profile: ClassificationProfile,
): CopyValue[] {
  return [
    transactionIdentity(upload.companyId, tx),
    upload.companyId,
    upload.id,
    tx.source,
    tx.lineNumber,
    tx.type,
    tx.eventId,
    tx.activityId,
    tx.taxPointDate,
    tx.completeDate,
    tx.marketplace,
    tx.salesChannel,
    tx.departureCountry,
    tx.arrivalCountry,
    tx.taxableJurisdiction,
    tx.currency,
    tx.netAmount,
    tx.vatAmount,
    tx.grossAmount,
    tx.vatRate,
    computeRowVat(tx.netAmount, tx.vatRate) ?? '0.00',
    tx.buyerVatNumber,
    tx.sellerVatNumber,
    tx.isExport,
    tx.taxReportingScheme,
    tx.taxCollectionResponsibility,
    tx.quantity,
    tx.sku,
    classifyTransaction(tx, profile),
  ];
}

/** A free-text field as COPY text: `\N` for null, escaped only when it holds a backslash, tab, newline or return. */
const freeText = (value: string | null) => (value === null ? '\\N' : escapeCopyText(value));
/** A field the parsers normalised (codes, ISO dates, canonical decimals, enums): nothing in it needs escaping. */
const normalised = (value: string | null) => (value === null ? '\\N' : value);

/**
 * `encodeCopyLine(toCopyValues(…))` in one template (the test keeps the two equal): no array of values per row, and
 * only the file's free-text fields (ids, marketplace, channel, VAT numbers, scheme, SKU) are looked at for escapes —
 * the rest are codes, ISO dates, canonical decimals and enums the parsers produced, which never hold a tab, newline,
 * return or backslash. A million rows a file make the difference count.
 */
export function encodeTransactionCopyLine(
  tx: NormalizedTransaction,
  upload: Pick<UploadRecord, 'id' | 'companyId'>,
  profile: ClassificationProfile,
): string {
  const computedVat = computeRowVat(tx.netAmount, tx.vatRate) ?? '0.00';
  return (
    `${transactionIdentity(upload.companyId, tx)}\t${upload.companyId}\t${upload.id}\t${tx.source}\t${tx.lineNumber}\t` +
    `${tx.type}\t${freeText(tx.eventId)}\t${freeText(tx.activityId)}\t${tx.taxPointDate}\t${tx.completeDate}\t` +
    `${freeText(tx.marketplace)}\t${freeText(tx.salesChannel)}\t${normalised(tx.departureCountry)}\t` +
    `${normalised(tx.arrivalCountry)}\t${normalised(tx.taxableJurisdiction)}\t${normalised(tx.currency)}\t` +
    `${tx.netAmount}\t${tx.vatAmount}\t${tx.grossAmount}\t${normalised(tx.vatRate)}\t${computedVat}\t` +
    `${freeText(tx.buyerVatNumber)}\t${freeText(tx.sellerVatNumber)}\t${tx.isExport ? 't' : 'f'}\t` +
    `${freeText(tx.taxReportingScheme)}\t${normalised(tx.taxCollectionResponsibility)}\t${tx.quantity}\t` +
    `${freeText(tx.sku)}\t${classifyTransaction(tx, profile)}\n`
  );
}

export type ChunkCounts = { imported: number; duplicate: number };

/**
 * Loads one chunk. The fast path COPYs straight into `transactions`; a chunk that holds a row already stored (or
 * twice) breaks the unique index and rolls back, and is then loaded through a staging table whose INSERT … ON
 * CONFLICT DO NOTHING keeps each transaction once and tells how many were already there.
 */
export async function loadChunk(bulk: BulkLoader, data: Uint8Array): Promise<ChunkCounts> {
  try {
    const imported = await bulk.transaction((session) => session.copyFrom(`transactions (${COPY_COLUMN_LIST})`, data));
    return { imported, duplicate: 0 };
  } catch (error) {
    if ((error as { code?: string }).code !== UNIQUE_VIOLATION) throw error;
  }
  return bulk.transaction(async (session) => {
    await session.query('create temp table transaction_staging (like transactions) on commit drop');
    const staged = await session.copyFrom(`transaction_staging (${COPY_COLUMN_LIST})`, data);
    const inserted = await session.query(
      `insert into transactions (${COPY_COLUMN_LIST}) select ${COPY_COLUMN_LIST} from transaction_staging ` +
        'on conflict do nothing',
    );
    return { imported: inserted.rowCount, duplicate: staged - inserted.rowCount };
  });
}

function readMapping(upload: UploadRecord): ColumnMapping | undefined {
  return upload.columnMapping ? columnMappingSchema.parse(upload.columnMapping) : undefined;
}

/** The problems worth storing, numbered on from what is stored already; the rest are only counted. */
function toProblemRows(uploadId: string, problems: readonly RowProblem[], alreadyStored: number) {
  return problems.slice(0, Math.max(0, MAX_STORED_UPLOAD_PROBLEMS - alreadyStored)).map((problem, index) => ({
    uploadId,
    sequence: alreadyStored + index + 1,
    lineNumber: problem.lineNumber,
    columnName: problem.column,
    code: problem.code,
    message: problem.message,
  }));
}

/**
 * Imports one claimed upload from its stored file: parser batches → classified rows → COPY chunks. Each step is a
 * short statement of its own (on PGlite a long transaction would hold every request back); all or nothing comes
 * from the status instead: rows count only once the upload is 'completed', and any other ending deletes them.
 */
export async function runImport(deps: ImportJobDeps, upload: UploadRecord): Promise<ImportResult> {
  const { db } = deps.database;
  // A validate-first upload is claimed as 'validating': the whole file is read for its problems and counts, and no
  // row is loaded; it ends 'validated' (problems or not) and waits for Confirm. Whole-file errors fail it as usual.
  const isValidation = upload.status === 'validating';
  // One chunk is loaded while the next is parsed: on PostgreSQL the server's COPY and our parsing run on two cores.
  // Every ending waits for the load in flight first, so no chunk lands after the rows were deleted.
  let loading: Promise<void> = Promise.resolve();
  const drain = () => loading.catch(() => undefined);
  const finish = async (outcome: JobOutcome): Promise<ImportResult> => {
    await drain();
    if (outcome.status !== 'completed') {
      await deleteUploadRows(db, upload.id);
    }
    return (await finishJob(db, upload.id, deps.workerId, outcome)) ? outcome.status : 'lost';
  };

  // Whatever a dead attempt stored goes first: this attempt starts again from the first line.
  await deleteImportedData(db, upload.id);
  if (upload.cancelRequestedAt) return finish({ status: 'cancelled' });

  const company = await loadCompanyTaxProfile(db, upload.companyId);
  if (!company?.establishmentCountry) {
    return finish({
      status: 'failed',
      errorCode: 'establishment_country_missing',
      errorMessage: "Set the company's country of establishment before importing: every row's treatment depends on it.",
    });
  }
  const profile: ClassificationProfile = company;

  const chunkBytes = deps.chunkBytes ?? DEFAULT_CHUNK_BYTES;
  // COPY text goes straight into one of two byte buffers, reused for the whole file: one is filled while the other
  // is loaded. No string per row outlives its row, so the heap holds no more than a parser batch.
  const bufferBytes = chunkBytes + CHUNK_SLACK_BYTES;
  let filling: Buffer = Buffer.allocUnsafe(bufferBytes);
  let spare: Buffer | null = null;
  let used = 0;
  const progress = { bytesProcessed: 0, rowsRead: 0, rowsImported: 0, rowsDuplicate: 0, problemCount: 0 };
  let storedProblems = 0;
  const reportEvery = Math.max(1, deps.batchSize ?? DEFAULT_BATCH_SIZE);
  let rowsSinceReport = 0;

  /** Loads what is filled; `room` is the bytes the next line may need (a longer line gets a buffer of its own). */
  const flush = async (room = 0) => {
    if (used > 0) {
      const data = filling.subarray(0, used);
      // The buffer of the load in flight is free again once that load has ended.
      await loading;
      const free = spare;
      spare = filling.length === bufferBytes ? filling : null;
      filling = free ?? Buffer.allocUnsafe(bufferBytes);
      used = 0;
      loading = loadChunk(deps.database.bulk, data).then((counts) => {
        progress.rowsImported += counts.imported;
        progress.rowsDuplicate += counts.duplicate;
      });
      // A failed load must surface at the next await, not as an unhandled rejection meanwhile.
      loading.catch(() => undefined);
    }
    if (room > filling.length) filling = Buffer.allocUnsafe(room);
  };

  try {
    const file = await deps.storage.get(upload.storageKey);
    const batches = parseTransactionFile(upload.sourceFormat as TransactionSource, file, {
      mapping: readMapping(upload),
      batchSize: Math.min(reportEvery, PARSE_BATCH_ROWS),
      fileName: upload.fileName,
      defaultDepartureCountry: profile.establishmentCountry,
    });
    for await (const batch of batches) {
      if (batch.problems.length > 0) {
        const rows = toProblemRows(upload.id, batch.problems, storedProblems);
        await insertProblems(db, rows);
        storedProblems += rows.length;
        progress.problemCount += batch.problems.length;
      }
      // After the first problem the upload will fail: the rest is read for its problems only, not loaded.
      if (progress.problemCount === 0 && !isValidation) {
        for (const tx of batch.transactions) {
          const line = encodeTransactionCopyLine(tx, upload, profile);
          // UTF-8 takes at most 3 bytes per UTF-16 code unit: a line that might not fit starts a new chunk.
          if (used + line.length * 3 > filling.length) await flush(line.length * 3);
          used += filling.write(line, used, 'utf8');
          if (used >= chunkBytes) await flush();
        }
      }
      progress.bytesProcessed = batch.bytesRead;
      progress.rowsRead = batch.linesRead;
      rowsSinceReport += batch.transactions.length + batch.problems.length;
      if (rowsSinceReport < reportEvery && !deps.signal?.aborted) continue;
      rowsSinceReport = 0;
      const signal = await reportProgress(db, upload.id, deps.workerId, progress);
      if (!signal.isOwned) {
        await drain();
        return 'lost';
      }
      if (signal.isCancelRequested) return finish({ status: 'cancelled' });
      if (deps.signal?.aborted) {
        await drain();
        await deleteUploadRows(db, upload.id);
        await releaseJob(db, upload.id, deps.workerId);
        return 'released';
      }
    }
    if (progress.problemCount === 0 && !isValidation) {
      await flush();
      await loading;
    }
  } catch (error) {
    if (error instanceof FileFormatError) {
      // Line 0 is the whole file; an error of one line (cut short inside it, too long) names that line.
      const line = error.details?.lineNumber;
      const lineNumber = typeof line === 'number' ? line : 0;
      // Numbered after the row problems earlier batches stored, so the two never share a sequence.
      const problem = { lineNumber, column: null, code: error.code, message: error.message };
      await insertProblems(db, toProblemRows(upload.id, [problem], storedProblems));
      await reportProgress(db, upload.id, deps.workerId, { ...progress, problemCount: progress.problemCount + 1 });
      return finish({ status: 'failed', errorCode: error.code, errorMessage: error.message });
    }
    if (error instanceof FileNotFoundError) {
      return finish({
        status: 'failed',
        errorCode: 'file_missing',
        errorMessage: 'The stored file of this upload is missing; upload it again.',
      });
    }
    await drain();
    throw error;
  }

  if (isValidation) {
    progress.bytesProcessed = Number(upload.sizeBytes);
    const signal = await reportProgress(db, upload.id, deps.workerId, progress);
    if (!signal.isOwned) return 'lost';
    if (signal.isCancelRequested) return finish({ status: 'cancelled' });
    return finish({ status: 'validated' });
  }

  if (progress.problemCount > 0) {
    await reportProgress(db, upload.id, deps.workerId, progress);
    return finish({
      status: 'failed',
      errorCode: 'row_problems',
      errorMessage: `${progress.problemCount} row(s) could not be read; nothing was imported. Fix them and upload again.`,
    });
  }

  // The whole file was read: progress ends at its size even when the parser's last count fell short of it.
  progress.bytesProcessed = Number(upload.sizeBytes);
  const signal = await reportProgress(db, upload.id, deps.workerId, progress);
  if (!signal.isOwned) return 'lost';
  if (signal.isCancelRequested) return finish({ status: 'cancelled' });
  // Fresh statistics before the recompute reads the rows and the pages list them: right after a bulk load PostgreSQL
  // believes the table is empty until autovacuum runs (a minute later), and PGlite has no autovacuum at all — the
  // aggregate would not run in parallel and pages would scan instead of seek.
  await db.execute(sql`analyze transactions`);
  const isCompleted = await db.transaction(async (tx) => {
    const txDb = tx as unknown as Db;
    if (!(await finishJob(txDb, upload.id, deps.workerId, { status: 'completed' }))) return false;
    await deps.recomputeTaxPosition(txDb, upload.companyId);
    return true;
  });
  if (isCompleted) return 'completed';
  // A cancel that arrived after the last look wins over completion.
  const after = await reportProgress(db, upload.id, deps.workerId, progress);
  return after.isCancelRequested ? finish({ status: 'cancelled' }) : 'lost';
}
