import { createHash } from 'node:crypto';
import { type Readable, Transform } from 'node:stream';
import {
  type ColumnMapping,
  columnMappingSchema,
  type SavedColumnMapping,
  type TransactionUpload,
  type TransactionUploadFields,
  type UploadProblem,
  type UploadProblemPage,
  uploadFormatSchema,
  uploadStatusSchema,
} from '@vatlas/contract';
import type { Db } from '../../db/client';
import { HttpError } from '../../plugins/errors';
import { findDataPeriod } from '../period-manager/repository';
import { dataPeriodNotFound } from '../period-manager/service';
import { createStorageKey, type FileStorage } from '../storage/file-storage';
import type { TaxPositionRecomputer } from './import-job';
import type { ImportLog } from './import-worker';
import {
  type ColumnMappingRecord,
  countProblems,
  deleteColumnMapping,
  deleteUploadRow,
  deleteUploadRows,
  findColumnMapping,
  findLiveUploadBySha,
  findUpload,
  insertUpload,
  listColumnMappings,
  listProblems,
  listUploadsOfCompany,
  lockUploadsOfFile,
  type ProblemRecord,
  queueValidatedUpload,
  requestCancel,
  requeueEndedUpload,
  selectTaxYearsOfUpload,
  type UploadRecord,
  upsertColumnMapping,
  vacuumTransactionsIfDead,
} from './repository';

export type TransactionUploadDeps = {
  db: Db;
  storage: FileStorage;
  recomputeTaxPosition: TaxPositionRecomputer;
};

export type StoredFile = { storageKey: string; sha256: string; sizeBytes: number };

const iso = (value: Date | null) => (value ? value.toISOString() : null);

export function toUploadAnswer(row: UploadRecord): TransactionUpload {
  // Only a received upload is answered: one whose file still arrives is its request's, answered once the file is in.
  if (row.sha256 === null) throw new Error(`upload ${row.id} answered before its file was received`);
  return {
    id: row.id,
    dataPeriodId: row.dataPeriodId,
    format: uploadFormatSchema.parse(row.sourceFormat),
    fileName: row.fileName,
    sha256: row.sha256,
    status: uploadStatusSchema.parse(row.status),
    bytesTotal: Number(row.sizeBytes),
    bytesProcessed: Number(row.bytesProcessed),
    rowsRead: row.rowsRead,
    rowsImported: row.rowsImported,
    rowsDuplicate: row.rowsDuplicate,
    problemCount: row.problemCount,
    errorCode: row.errorCode,
    errorMessage: row.errorMessage,
    isCancelRequested: row.cancelRequestedAt !== null,
    createdAt: row.createdAt.toISOString(),
    startedAt: iso(row.startedAt),
    finishedAt: iso(row.finishedAt),
  };
}

/**
 * Streams a file into storage under a new key, hashing and counting on the way: the file is never held in memory,
 * whatever its size.
 */
export async function storeFileStream(
  storage: FileStorage,
  content: Readable,
  cutOff?: AbortSignal,
): Promise<StoredFile> {
  const storageKey = createStorageKey();
  const measured = measureStream(content, cutOff);
  await storage.put(storageKey, measured.stream);
  return measured.storedAs(storageKey);
}

/**
 * `content` passed on as it is, hashed and counted: the file's sha256 and size once it has all gone through. `cutOff`
 * fails the stream: the multipart parser may leave a part's stream waiting for ever when the client goes away.
 */
export function measureStream(
  content: Readable,
  cutOff?: AbortSignal,
): { stream: Readable; storedAs(storageKey: string): StoredFile } {
  const hash = createHash('sha256');
  let sizeBytes = 0;
  const measure = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      hash.update(chunk);
      sizeBytes += chunk.length;
      callback(null, chunk);
    },
  });
  content.once('error', (error) => measure.destroy(error));
  cutOff?.addEventListener('abort', () => measure.destroy(cutOff.reason as Error), { once: true });
  return {
    stream: content.pipe(measure),
    storedAs: (storageKey) => ({ storageKey, sha256: hash.digest('hex'), sizeBytes }),
  };
}

/** A display name only (files are stored under uuids): no folders, no control characters, bounded. */
export function toSafeUploadName(original: string | undefined): string {
  const base = (original ?? '').split(/[\\/]/).pop() ?? '';
  const cleaned = base
    .normalize('NFC')
    // biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point.
    .replace(/[\u0000-\u001f\u007f"<>|*?:]/g, '')
    .trim()
    .slice(0, 200);
  return cleaned || 'upload';
}

const uploadNotFound = () => new HttpError(404, 'upload_not_found', 'There is no such upload in this company.');

/**
 * Checks an upload's data period and column mapping, and answers the mapping a generic CSV is read with (copied into
 * the upload); throws the HTTP error of the first field that is wrong.
 */
export async function resolveUploadFields(
  db: Db,
  companyId: string,
  fields: TransactionUploadFields,
): Promise<ColumnMapping | null> {
  // In the transaction that writes the upload, the period is held until then (`findDataPeriod`'s key-share lock).
  if (fields.dataPeriodId && !(await findDataPeriod(db, companyId, fields.dataPeriodId, { lock: 'key share' }))) {
    throw dataPeriodNotFound();
  }
  if (fields.format !== 'generic-csv') return null;
  if (!fields.columnMappingId) {
    throw new HttpError(400, 'validation_error', 'A generic CSV needs a saved column mapping.', [
      { field: 'columnMappingId', message: 'is required for generic-csv' },
    ]);
  }
  const saved = await findColumnMapping(db, companyId, fields.columnMappingId);
  if (!saved) throw new HttpError(404, 'column_mapping_not_found', 'There is no such column mapping.');
  return columnMappingSchema.parse(saved.mapping);
}

/**
 * Writes an upload of the file `sha256` (`write`: a new upload, one whose file has just arrived, one run again) unless
 * the company has another upload of that file queued, importing or imported: then 409 `duplicate_file` naming it, and
 * nothing written. The check and the write share a transaction holding the company's lock on that file, so of two
 * uploads of one file at once (a double submit, two tabs) the second waits for the first, finds it and is refused.
 * Without the lock both passed the check, and deleting either as the duplicate later took the rows the other had
 * counted as duplicates.
 */
export async function writeUnlessDuplicate<T>(
  db: Db,
  file: { companyId: string; sha256: string; uploadId?: string },
  write: (txDb: Db) => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) => {
    const txDb = tx as unknown as Db;
    await lockUploadsOfFile(txDb, file.companyId, file.sha256);
    const earlier = await findLiveUploadBySha(txDb, file.companyId, file.sha256);
    if (earlier && earlier.id !== file.uploadId) {
      const again = file.uploadId === undefined ? 'already' : 'again';
      throw new HttpError(409, 'duplicate_file', `This file was uploaded ${again} as "${earlier.fileName}".`, {
        uploadId: earlier.id,
        fileName: earlier.fileName,
        status: earlier.status,
      });
    }
    return write(txDb);
  });
}

/**
 * Queues a stored file for import. Whatever is refused here — an unknown period or mapping, a file already
 * uploaded — leaves nothing behind: the stored file is deleted before the error goes out.
 */
export async function queueUpload(
  deps: TransactionUploadDeps,
  input: { companyId: string; userId: string; fields: TransactionUploadFields; fileName: string; file: StoredFile },
): Promise<TransactionUpload> {
  const { companyId, fields, file } = input;
  try {
    // The fields are checked in the transaction that writes the upload, which then holds its data period.
    const row = await writeUnlessDuplicate(deps.db, { companyId, sha256: file.sha256 }, async (txDb) =>
      insertUpload(txDb, {
        companyId,
        dataPeriodId: fields.dataPeriodId ?? null,
        sourceFormat: fields.format,
        columnMapping: await resolveUploadFields(txDb, companyId, fields),
        fileName: input.fileName,
        storageKey: file.storageKey,
        sha256: file.sha256,
        sizeBytes: String(file.sizeBytes),
        status: fields.mode === 'validate' ? 'validating' : 'queued',
        uploadedBy: input.userId,
      }),
    );
    return toUploadAnswer(row);
  } catch (error) {
    await deps.storage.delete(file.storageKey).catch(() => undefined);
    throw error;
  }
}

export async function listUploads(db: Db, companyId: string): Promise<TransactionUpload[]> {
  return (await listUploadsOfCompany(db, companyId)).map(toUploadAnswer);
}

export async function getUpload(db: Db, companyId: string, uploadId: string): Promise<TransactionUpload> {
  const row = await findUpload(db, companyId, uploadId);
  if (!row) throw uploadNotFound();
  return toUploadAnswer(row);
}

export async function cancelUpload(db: Db, companyId: string, uploadId: string): Promise<TransactionUpload> {
  const row = await requestCancel(db, companyId, uploadId);
  if (row) return toUploadAnswer(row);
  const existing = await findUpload(db, companyId, uploadId);
  if (!existing) throw uploadNotFound();
  throw new HttpError(
    409,
    'upload_not_cancellable',
    `The upload is ${existing.status} already; only a queued or running import can be cancelled.`,
  );
}

/** Queues a validated upload without problems for import, from the file stored at validation. */
export async function confirmUpload(db: Db, companyId: string, uploadId: string): Promise<TransactionUpload> {
  const row = await queueValidatedUpload(db, companyId, uploadId);
  if (row) return toUploadAnswer(row);
  const existing = await findUpload(db, companyId, uploadId);
  if (!existing) throw uploadNotFound();
  if (existing.status === 'validated') {
    throw new HttpError(
      409,
      'upload_has_problems',
      `The file has ${existing.problemCount} problem(s); nothing can be imported. Fix them and upload the file again.`,
    );
  }
  throw new HttpError(
    409,
    'upload_not_validated',
    `The upload is ${existing.status}; only a validated upload can be confirmed.`,
  );
}

/** Imports a failed or cancelled upload again from its stored file, its counts and problems reset. */
export async function rerunUpload(db: Db, companyId: string, uploadId: string): Promise<TransactionUpload> {
  const existing = await findUpload(db, companyId, uploadId);
  if (!existing) throw uploadNotFound();
  // The same file may have been uploaded again meanwhile: it would be imported twice over.
  const row = await writeUnlessDuplicate(db, { companyId, sha256: existing.sha256, uploadId }, (txDb) =>
    requeueEndedUpload(txDb, companyId, uploadId),
  );
  if (row) return toUploadAnswer(row);
  throw new HttpError(
    409,
    'upload_not_rerunnable',
    `The upload is ${existing.status}; only a failed or cancelled upload can be run again.`,
  );
}

/** Where a request reports what failed after its change was committed, and so does not undo it. */
export type AfterCommitLog = Pick<ImportLog, 'warn' | 'error'>;

/**
 * Deletes an upload with its rows, problems and file; the tax position follows in the same transaction. Once that
 * transaction is committed the delete stands: a file that could not be deleted, or a vacuum that failed, is logged
 * (`log`) and the delete still answered as done. Answering it as failed would send the user to retry a delete that
 * finds nothing, and leave the file unnoticed.
 */
export async function deleteUpload(
  deps: TransactionUploadDeps,
  companyId: string,
  uploadId: string,
  log: AfterCommitLog,
): Promise<void> {
  const existing = await findUpload(deps.db, companyId, uploadId);
  if (!existing) throw uploadNotFound();
  const deleted = await deps.db.transaction(async (tx) => {
    const txDb = tx as unknown as Db;
    const row = await deleteUploadRow(txDb, companyId, uploadId);
    if (!row) return undefined;
    const changedYears = await selectTaxYearsOfUpload(txDb, uploadId);
    // Transactions have no foreign key to cascade through (COPY speed, see the schema): they go explicitly.
    await deleteUploadRows(txDb, uploadId);
    if (row.status === 'completed') await deps.recomputeTaxPosition(txDb, companyId, { changedYears });
    return row;
  });
  if (!deleted) {
    throw new HttpError(409, 'upload_processing', 'The upload is being imported; cancel it first, then delete it.');
  }
  // After the row is gone: a failed file delete leaves an unreachable file, never a row without its file. The file holds
  // the buyers' personal data, so that is an error for whoever runs the server to act on; its key names no one. A
  // completed upload's file is gone already (decision 037).
  const { storageKey } = deleted;
  if (storageKey !== null) {
    try {
      await deps.storage.delete(storageKey);
    } catch (error) {
      log.error(
        { uploadId, storageKey, errorName: (error as Error).name },
        'the file of a deleted upload could not be deleted',
      );
    }
  }
  // The deleted rows' room, once they are many: a later delete or import takes it up again if this fails.
  try {
    await vacuumTransactionsIfDead(deps.db);
  } catch (error) {
    log.warn({ uploadId, errorName: (error as Error).name }, 'vacuum after an upload delete failed');
  }
}

function toProblem(row: ProblemRecord): UploadProblem {
  return { lineNumber: row.lineNumber, column: row.columnName, code: row.code, message: row.message };
}

export async function getProblemPage(
  db: Db,
  companyId: string,
  uploadId: string,
  page: { offset: number; limit: number },
): Promise<UploadProblemPage> {
  const upload = await findUpload(db, companyId, uploadId);
  if (!upload) throw uploadNotFound();
  const [stored, rows] = await Promise.all([countProblems(db, uploadId), listProblems(db, uploadId, page)]);
  return { total: upload.problemCount, stored, offset: page.offset, limit: page.limit, items: rows.map(toProblem) };
}

/** RFC 4180: a field with a comma, quote or line break is quoted, quotes doubled; a leading =+-@ is defused so a
 * spreadsheet never runs a cell as a formula. */
export function toCsvField(value: string | number | null): string {
  if (value === null) return '';
  let text = String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export async function renderProblemsCsv(
  db: Db,
  companyId: string,
  uploadId: string,
): Promise<{ fileName: string; csv: string }> {
  const upload = await findUpload(db, companyId, uploadId);
  if (!upload) throw uploadNotFound();
  const rows = await listProblems(db, uploadId, { offset: 0, limit: null });
  const lines = [
    'line,column,code,message',
    ...rows.map((row) =>
      [row.lineNumber, row.columnName, row.code, row.message].map((value) => toCsvField(value)).join(','),
    ),
  ];
  const stem = upload.fileName.replace(/\.[^.]*$/, '') || 'upload';
  return { fileName: `${stem}-problems.csv`, csv: `${lines.join('\r\n')}\r\n` };
}

// ── Column mappings ─────────────────────────────────────────────────────────────────────────────────────────────

function toMappingAnswer(row: ColumnMappingRecord): SavedColumnMapping {
  return {
    id: row.id,
    name: row.name,
    mapping: columnMappingSchema.parse(row.mapping),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const mappingNotFound = () =>
  new HttpError(404, 'column_mapping_not_found', 'There is no column mapping of that name in this company.');

export async function listMappings(db: Db, companyId: string): Promise<SavedColumnMapping[]> {
  return (await listColumnMappings(db, companyId)).map(toMappingAnswer);
}

export async function getMapping(db: Db, companyId: string, reference: string): Promise<SavedColumnMapping> {
  const row = await findColumnMapping(db, companyId, reference);
  if (!row) throw mappingNotFound();
  return toMappingAnswer(row);
}

export async function saveMapping(
  db: Db,
  companyId: string,
  name: string,
  mapping: ColumnMapping,
): Promise<SavedColumnMapping> {
  return toMappingAnswer(await upsertColumnMapping(db, { companyId, name, mapping }));
}

export async function removeMapping(db: Db, companyId: string, reference: string): Promise<void> {
  if (!(await deleteColumnMapping(db, companyId, reference))) throw mappingNotFound();
}
