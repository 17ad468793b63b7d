import { type ColumnMapping, columnMappingSchema, MAX_STORED_UPLOAD_PROBLEMS } from '@vatlas/contract';
import type { TransactionSource } from '@vatlas/domain';
import type { BulkLoader, Database, Db } from '../../db/client';
import { FileNotFoundError, type FileStorage } from '../storage/file-storage';
import { prepareTaxPosition, type TaxPositionScope } from '../tax-position/service';
import { loadCompanyTaxProfile } from '../tax-schemes/repository';
import {
  type ClassificationProfile,
  COPY_COLUMNS,
  type CopyEncodingOptions,
  DEFAULT_CHUNK_BYTES,
  PARSE_BATCH_ROWS,
} from './copy-encoding';
import {
  type CopyChunkSource,
  encodeInThisThread,
  encodeInWorkerThread,
  type WorkerEncoding,
} from './copy-encoding-thread';
import { DAY_SUM_COLUMNS } from './day-sums';
import { DEFAULT_BATCH_SIZE, FileFormatError, type RowProblem } from './formats/parse-types';
import { type GrowingFile, UploadInterruptedError } from './growing-file';
import {
  deleteImportedData,
  deleteUploadRows,
  finishJob,
  insertProblems,
  type JobOutcome,
  releaseJob,
  replaceDaySumsFromRows,
  reportProgress,
  selectTaxYearsOfUpload,
  type UploadRecord,
} from './repository';

/**
 * Recomputes a company's tax position from its completed uploads' rows, for the calendar years an upload changed
 * (`selectTaxYearsOfUpload`) or, without them, every year. Called inside the transaction that completes or deletes an
 * upload, so totals change together with the rows they count; a completion hands it the position it prepared before
 * that transaction (`prepareTaxPosition`), which it stores unless something changed meanwhile.
 */
export type TaxPositionRecomputer = (db: Db, companyId: string, scope?: TaxPositionScope) => Promise<void>;

export type ImportJobDeps = {
  database: Database;
  storage: FileStorage;
  recomputeTaxPosition: TaxPositionRecomputer;
  workerId: string;
  /** Aborted when the process stops gracefully: the job is given back between batches, not failed. */
  signal?: AbortSignal;
  /** Rows between progress reports, each with a look at cancel. */
  batchSize?: number;
  /**
   * COPY chunk size in bytes (the database's `CHUNK_BYTES` by default): memory stays bounded by it whatever the file's
   * size.
   */
  chunkBytes?: number;
  /**
   * Day sums the encoder holds at most (its MAX_DAY_SUMS by default, decision 025) before it writes them out. A test
   * passes a few to have one upload's sums stored in many pieces.
   */
  maxDaySums?: number;
  /** Where rows are parsed and encoded; by default a worker thread for a large file on PGlite, else this thread. */
  encodeIn?: EncodingThread;
  /**
   * The upload's file while its request still writes it (decision 023): read by a worker thread as far as it is
   * written. Without it the stored file is read.
   */
  receiving?: GrowingFile;
};

export type EncodingThread = 'worker' | 'this-thread';

/** From this size on a file is parsed in a worker thread: below it, starting the worker costs more. */
export const WORKER_MIN_FILE_BYTES = 16 * 1024 * 1024;

/**
 * A large file is parsed in a worker thread on both databases (decision 018). On PGlite, whose COPY runs on the
 * server's thread, the two would otherwise take turns. On PostgreSQL, whose COPY runs in a process of its own, the
 * worker can have a young generation the server's thread cannot (below).
 */
function defaultEncodingThread(upload: UploadRecord): EncodingThread {
  return Number(upload.sizeBytes) >= WORKER_MIN_FILE_BYTES ? 'worker' : 'this-thread';
}

/**
 * The encoding worker's semi-spaces per database. On PostgreSQL the server peaks far below its 400 MB, and larger
 * semi-spaces let the worker collect far less: with V8's default 16 MB, 1M rows were parsed and encoded in 9.0-9.2 s
 * and 11 s of CPU, against 12.5 s and 17 s with `npm start`'s 4 MB (decision 018); with 32 MB, 7.7-7.8 s and 9.1 s of
 * CPU every time, where 16 MB gave 7.9-9.2 s and 9.4-11.4 s (decision 026). On PGlite, whose peak is close to the
 * limit, the worker keeps the process's 4 MB (decision 015).
 */
const WORKER_SEMI_SPACE_MB: Record<Database['kind'], number | undefined> = { postgres: 32, pglite: undefined };

/**
 * Chunk loads under way at once, each in a transaction of its own: one. PGlite has one session, whose transactions
 * take turns anyway. PostgreSQL once loaded two at a time, on two sessions, when with one the backend stood idle between
 * chunks while the encoder waited for a buffer (13.7-14.7 s against 14.4-15.0 s at 1M rows). With a buffer more for the
 * encoder instead (`CHUNK_BUFFERS`), one load keeps the backend as busy, and two backends inserting into the same
 * B-trees and extending the same table cost more CPU than one doing it all: a million rows' server-side COPY took 8.6-8.7
 * CPU-s on two sessions against 7.2-7.9 on one. Ten alternated pairs of the import benchmark (session 47,
 * bench/RESULTS.md): imports of 16.1-20.6 s (median 17.3) against 15.4-26.9 s (19.05), the backends 9.2-12.1 CPU-s
 * (median 10.2) against 9.8-13.9 (12.45).
 */
const LOADS_IN_FLIGHT = 1;

/**
 * The chunk buffers the encoding worker fills and the import loads, per database: the one loading, the one being filled,
 * and the filled ones waiting for their load. PostgreSQL's encoder fills a 4 MB chunk faster than a backend loads it at
 * times, and at others slower; two waiting let the encoder run ahead, so the backend never waits for a chunk.
 */
const CHUNK_BUFFERS: Record<Database['kind'], number> = { postgres: 4, pglite: 3 };

/**
 * The rows' COPY chunk per database. PGlite is the server's one connection, and a chunk's COPY holds it, and with it
 * every other request, until the chunk is in: about 0.4 s for 4 MB, about 0.1 s for 1 MB. Measured at 1M rows,
 * alternated, with and without a year stored: 1 MB chunks loaded as fast, and the benchmark's status polls answered in
 * 100-138 ms at the median against 372-566 ms (decision 030). PostgreSQL loads in processes of its own, beside the
 * requests, and keeps 4 MB.
 */
const CHUNK_BYTES: Record<Database['kind'], number> = { postgres: DEFAULT_CHUNK_BYTES, pglite: 1024 * 1024 };

/** Rows between an import's progress reports, at each of which it looks at cancel. */
const reportEveryOf = (deps: ImportJobDeps) => Math.max(1, deps.batchSize ?? DEFAULT_BATCH_SIZE);

/**
 * How the encoding worker of an import is started. Its batches that carry only counts come the rows between two
 * progress reports at a time: until a report the import only adds them up, and a graceful stop, looked at every batch,
 * is seen a few milliseconds later.
 */
const workerEncodingOf = (deps: ImportJobDeps): WorkerEncoding => ({
  semiSpaceMb: WORKER_SEMI_SPACE_MB[deps.database.kind],
  chunkBuffers: CHUNK_BUFFERS[deps.database.kind],
  messageRows: reportEveryOf(deps),
});

/**
 * How a claimed job ended: 'released' on a graceful stop, 'lost' when another worker took it over meanwhile,
 * 'abandoned' when the request writing its file failed (its rows are deleted; the upload is its request's to delete).
 */
export type ImportResult = JobOutcome['status'] | 'released' | 'lost' | 'abandoned';

const UNIQUE_VIOLATION = '23505';
const COPY_COLUMN_LIST = COPY_COLUMNS.join(', ');

export type ChunkCounts = { imported: number; duplicate: number };

/**
 * Loads one chunk. The fast path COPYs straight into `transactions`; a chunk that holds a row already stored (or
 * twice) breaks the unique index and rolls back, and is then loaded through a staging table whose INSERT … ON
 * CONFLICT DO NOTHING keeps each transaction once and tells how many were already there.
 */
export async function loadChunk(bulk: BulkLoader, data: Uint8Array): Promise<ChunkCounts> {
  try {
    const imported = await bulk.transaction((session) =>
      session.copyFrom(`transactions (${COPY_COLUMN_LIST})`, data, 'binary'),
    );
    return { imported, duplicate: 0 };
  } catch (error) {
    if ((error as { code?: string }).code !== UNIQUE_VIOLATION) throw error;
  }
  return bulk.transaction(async (session) => {
    await session.query('create temp table transaction_staging (like transactions) on commit drop');
    const staged = await session.copyFrom(`transaction_staging (${COPY_COLUMN_LIST})`, data, 'binary');
    // In the order of the ids, as the COPY inserts a chunk: the identity key takes them in order, and two loads under
    // way at once that held the same ids would wait for each other in one order, never in a circle.
    const inserted = await session.query(
      `insert into transactions (${COPY_COLUMN_LIST}) select ${COPY_COLUMN_LIST} from transaction_staging ` +
        'order by id on conflict do nothing',
    );
    return { imported: inserted.rowCount, duplicate: staged - inserted.rowCount };
  });
}

const DAY_SUM_COLUMN_LIST = DAY_SUM_COLUMNS.join(', ');

/** The import's job was claimed by another worker (its heartbeat went stale while it still ran). */
export class ImportJobLostError extends Error {
  constructor(uploadId: string) {
    super(`The import of upload ${uploadId} was taken over by another worker`);
    this.name = 'ImportJobLostError';
  }
}

/**
 * Stores a piece of the encoder's day sums of an upload (COPY text), as long as `workerId` still holds its job. Day
 * sums add up (decision 025), so sums a worker stored after another took its job over (and deleted what the first had
 * stored) would count twice: a worker that lost its job stores none, and its import ends 'lost'. Like the rows, they
 * count only once the upload is 'completed'; whether they are kept is the import's to decide (`runImport`).
 */
export async function storeDaySums(
  bulk: BulkLoader,
  uploadId: string,
  workerId: string,
  data: Uint8Array,
): Promise<void> {
  await bulk.transaction(async (session) => {
    const held = await session.query(
      "select 1 from transaction_uploads where id = $1 and locked_by = $2 and status = 'processing'",
      [uploadId, workerId],
    );
    if (held.rows.length === 0) throw new ImportJobLostError(uploadId);
    await session.copyFrom(`transaction_day_sums (${DAY_SUM_COLUMN_LIST})`, data);
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

/** Parses and encodes the stored file of `upload`, in this thread or a worker's (`ImportJobDeps.encodeIn`). */
async function encodeStoredFile(
  deps: ImportJobDeps,
  upload: UploadRecord,
  options: CopyEncodingOptions,
): Promise<CopyChunkSource> {
  const { storageKey } = upload;
  // Only a completed import's file is ever deleted (decision 037), and a completed upload is never imported again.
  if (storageKey === null) throw new FileNotFoundError(`of upload ${upload.id}`);
  const file = await deps.storage.get(storageKey);
  if ((deps.encodeIn ?? defaultEncodingThread(upload)) === 'this-thread') return encodeInThisThread(file, options);
  // A worker reads a local file by its path itself; the stream opened above has then only shown that it is there.
  const localPath = deps.storage.localPath?.(storageKey);
  if (localPath !== undefined) file.destroy();
  return encodeInWorkerThread(localPath === undefined ? file : { localPath }, options, workerEncodingOf(deps));
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
  // Chunks of rows and of day sums are loaded while the next is parsed (PostgreSQL's COPY runs in its own process,
  // PGlite's beside the encoding worker), LOADS_IN_FLIGHT at a time, oldest first. Every ending waits for the loads
  // under way first, so no chunk lands after the rows were deleted.
  const loads: Promise<void>[] = [];
  const drain = () => Promise.all(loads.map((load) => load.catch(() => undefined)));
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

  const progress = { bytesProcessed: 0, rowsRead: 0, rowsImported: 0, rowsDuplicate: 0, problemCount: 0 };
  let storedProblems = 0;
  const reportEvery = reportEveryOf(deps);
  let rowsSinceReport = 0;

  // The file's size: known at the start, or once a growing file is whole.
  const fileBytes = () => deps.receiving?.current().bytes ?? Number(upload.sizeBytes);

  try {
    const options: CopyEncodingOptions = {
      sourceFormat: upload.sourceFormat as TransactionSource,
      mapping: readMapping(upload),
      fileName: upload.fileName,
      upload,
      profile,
      encodeRows: !isValidation,
      batchRows: Math.min(reportEvery, PARSE_BATCH_ROWS),
      chunkBytes: deps.chunkBytes ?? CHUNK_BYTES[deps.database.kind],
      ...(deps.maxDaySums !== undefined && { maxDaySums: deps.maxDaySums }),
    };
    // COPY data goes straight into a few byte buffers, reused for the whole file: one is filled while another is
    // loaded. No string per row outlives its row, so the heap holds no more than a parser batch.
    const source = deps.receiving
      ? encodeInWorkerThread(deps.receiving, options, workerEncodingOf(deps))
      : await encodeStoredFile(deps, upload, options);
    /** Loads a chunk after the oldest loads under way; its buffer goes back to the encoder once it is loaded. */
    const enqueue = async (chunk: Uint8Array, load: (chunk: Uint8Array) => Promise<void>) => {
      if (loads.length >= LOADS_IN_FLIGHT) await loads.shift();
      const loaded = load(chunk).then(
        () => source.release(chunk),
        (error: unknown) => {
          // The encoder gets a new buffer in the failed chunk's place (the driver may still hold that one): otherwise it
          // could wait for a buffer forever while this loop waits for its next batch, and never meet the failure.
          source.release(new Uint8Array(new ArrayBuffer(chunk.buffer.byteLength)));
          throw error;
        },
      );
      // A failed load must surface at the next await, not as an unhandled rejection meanwhile.
      loaded.catch(() => undefined);
      loads.push(loaded);
    };
    const loadRows = async (chunk: Uint8Array) => {
      const counts = await loadChunk(deps.database.bulk, chunk);
      progress.rowsImported += counts.imported;
      progress.rowsDuplicate += counts.duplicate;
    };
    const loadDaySums = async (chunk: Uint8Array) => {
      // Once a row was already stored they will be replaced by the stored rows' sums anyway (below).
      if (progress.rowsDuplicate === 0) await storeDaySums(deps.database.bulk, upload.id, deps.workerId, chunk);
    };
    for await (const batch of source.batches) {
      if (batch.problems.length > 0) {
        const rows = toProblemRows(upload.id, batch.problems, storedProblems);
        await insertProblems(db, rows);
        storedProblems += rows.length;
        progress.problemCount += batch.problems.length;
      }
      for (const chunk of batch.chunks) await enqueue(chunk, loadRows);
      for (const chunk of batch.daySums) await enqueue(chunk, loadDaySums);
      progress.bytesProcessed = batch.bytesRead;
      progress.rowsRead = batch.linesRead;
      rowsSinceReport += batch.transactionCount + batch.problems.length;
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
    while (loads.length > 0) await loads.shift();
  } catch (error) {
    if (error instanceof ImportJobLostError) {
      await drain();
      return 'lost';
    }
    if (error instanceof FileFormatError) {
      // Line 0 is the whole file; an error of one line (cut short inside it, too long) names that line.
      const line = error.details?.lineNumber;
      const lineNumber = typeof line === 'number' ? line : 0;
      // Numbered after the row problems earlier batches stored, so the two never share a sequence.
      // Columns a file lacks are named in the problem's column, so the list can say which in any language.
      const columns = error.details?.columns;
      const column = Array.isArray(columns) && columns.length > 0 ? columns.join(', ') : null;
      const problem = { lineNumber, column, code: error.code, message: error.message };
      await insertProblems(db, toProblemRows(upload.id, [problem], storedProblems));
      await reportProgress(db, upload.id, deps.workerId, { ...progress, problemCount: progress.problemCount + 1 });
      return finish({ status: 'failed', errorCode: error.code, errorMessage: error.message });
    }
    if (error instanceof UploadInterruptedError) {
      await drain();
      await deleteUploadRows(db, upload.id);
      return 'abandoned';
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
    progress.bytesProcessed = fileBytes();
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

  // The encoder's sums stand for every row it encoded. Where some were already stored (the encoder cannot know which),
  // the stored rows are summed instead.
  if (progress.rowsDuplicate > 0) await replaceDaySumsFromRows(db, upload.id);
  // The whole file was read: progress ends at its size even when the parser's last count fell short of it.
  progress.bytesProcessed = fileBytes();
  const signal = await reportProgress(db, upload.id, deps.workerId, progress);
  if (!signal.isOwned) return 'lost';
  if (signal.isCancelRequested) return finish({ status: 'cancelled' });
  // The tax position is computed before the transaction that completes the upload, which then only writes: on PGlite
  // a transaction holds the server's one connection, and with it every other request, until it ends.
  const changedYears = await selectTaxYearsOfUpload(db, upload.id);
  const prepared = await prepareTaxPosition(deps.database, upload.companyId, { uploadId: upload.id, changedYears });
  const isCompleted = await db.transaction(async (tx) => {
    const txDb = tx as unknown as Db;
    if (!(await finishJob(txDb, upload.id, deps.workerId, { status: 'completed' }))) return false;
    await deps.recomputeTaxPosition(txDb, upload.companyId, { changedYears, prepared });
    return true;
  });
  if (isCompleted) return 'completed';
  // A cancel that arrived after the last look wins over completion.
  const after = await reportProgress(db, upload.id, deps.workerId, progress);
  return after.isCancelRequested ? finish({ status: 'cancelled' }) : 'lost';
}
