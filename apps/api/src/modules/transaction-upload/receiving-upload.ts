import type { Readable } from 'node:stream';
import type { TransactionUpload, TransactionUploadFields } from '@vatlas/contract';
import type { Db } from '../../db/client';
import { createStorageKey, type FileStorage } from '../storage/file-storage';
import { createGrowingFile } from './growing-file';
import { WORKER_MIN_FILE_BYTES } from './import-job';
import type { ImportWorker } from './import-worker';
import { deleteUnreceivedUpload, insertReceivingUpload, markUploadReceived, touchReceipt } from './repository';
import { measureStream, resolveUploadFields, type StoredFile, toUploadAnswer, writeUnlessDuplicate } from './service';

/**
 * An upload imported while its file arrives (decision 023). The upload is written, held by the process's import
 * worker, before the first byte; the file is written where the import's worker thread follows it; the request's end
 * decides: the whole file received makes the upload visible with its sha256, as a stored-then-queued upload would be,
 * and anything else (a failed request, a duplicate file) deletes the upload, its rows and its file.
 */
export type ReceivingUpload = {
  /** Stores the file part, the import reading it as it lands; `cutOff` fails it (the client went away). */
  store(content: Readable, cutOff: AbortSignal): Promise<StoredFile>;
  /** Whether the import started with `fields`: fields sent after the file may change them. */
  isStartedWith(fields: TransactionUploadFields): boolean;
  /** The whole file is in: answers the upload, or refuses a duplicate file (409) and leaves nothing. */
  complete(file: StoredFile): Promise<TransactionUpload>;
  /** Stops the import and deletes the upload and its rows; the file too, unless it is to be queued as usual. */
  abandon(options: { isFileKept: boolean }): Promise<void>;
};

export type ReceivingUploadDeps = {
  db: Db;
  storage: FileStorage;
  /** The import worker of this process; none where imports run elsewhere. */
  importWhileReceiving?: ImportWorker['importWhileReceiving'];
  staleAfterSeconds: number;
};

/**
 * Starts importing the file part about to arrive, when that can be done: a local storage, an idle worker, a file
 * large enough for a worker thread (by the request's length), fields sent before the file and valid, an import rather
 * than a validation, no other job of the company running. Otherwise undefined: the file is stored and queued as usual,
 * and whatever is wrong with the fields is answered then.
 */
export async function startReceivingUpload(
  deps: ReceivingUploadDeps,
  input: {
    companyId: string;
    userId: string;
    fields: TransactionUploadFields | undefined;
    fileName: string;
    requestBytes: number;
  },
): Promise<ReceivingUpload | undefined> {
  const { db, storage, importWhileReceiving } = deps;
  const { fields } = input;
  const putGrowing = storage.putGrowing?.bind(storage);
  if (!importWhileReceiving || !putGrowing || !storage.localPath) return undefined;
  if (!fields || fields.mode === 'validate' || !(input.requestBytes >= WORKER_MIN_FILE_BYTES)) return undefined;
  const columnMapping = await resolveUploadFields(db, input.companyId, fields).catch(() => undefined);
  if (columnMapping === undefined) return undefined;

  const storageKey = createStorageKey();
  const writer = createGrowingFile(storage.localPath(storageKey));
  const started = await importWhileReceiving(
    (workerId) =>
      insertReceivingUpload(
        db,
        {
          companyId: input.companyId,
          dataPeriodId: fields.dataPeriodId ?? null,
          sourceFormat: fields.format,
          columnMapping,
          fileName: input.fileName,
          storageKey,
          uploadedBy: input.userId,
        },
        workerId,
        deps.staleAfterSeconds,
      ),
    writer.file,
  );
  if (!started) return undefined;
  const { upload, imported } = started;
  // The request keeps its upload from looking abandoned, after the import too if that ended early (a bad header).
  const keepAlive = setInterval(
    () => void touchReceipt(db, upload.id).catch(() => undefined),
    Math.max(1000, (deps.staleAfterSeconds * 1000) / 3),
  );
  keepAlive.unref();

  const abandon = async ({ isFileKept }: { isFileKept: boolean }) => {
    clearInterval(keepAlive);
    writer.abandon();
    await imported.catch(() => undefined);
    // The file before the upload, as the sweep of abandoned receipts does (import-worker.ts).
    if (!isFileKept) await storage.delete(storageKey);
    await deleteUnreceivedUpload(db, upload.id);
  };

  return {
    async store(content, cutOff) {
      const measured = measureStream(content, cutOff);
      try {
        await putGrowing(storageKey, measured.stream, writer.written);
      } catch (error) {
        await abandon({ isFileKept: false });
        throw error;
      }
      return measured.storedAs(storageKey);
    },
    isStartedWith: (final) =>
      final.format === fields.format &&
      final.mode === fields.mode &&
      final.dataPeriodId === fields.dataPeriodId &&
      final.columnMappingId === fields.columnMappingId,
    async complete(file) {
      clearInterval(keepAlive);
      const received = await writeUnlessDuplicate(db, { companyId: input.companyId, sha256: file.sha256 }, (txDb) =>
        markUploadReceived(txDb, upload.id, file),
      ).catch(async (error: unknown) => {
        await abandon({ isFileKept: false });
        throw error;
      });
      if (!received) {
        // Taken for abandoned meanwhile (its heartbeat went stale), and deleted.
        await abandon({ isFileKept: false });
        throw new Error(`upload ${upload.id} was deleted before its file was received`);
      }
      writer.whole(file.sizeBytes);
      return toUploadAnswer(received);
    },
    abandon,
  };
}
