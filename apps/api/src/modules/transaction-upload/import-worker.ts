import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { selectRecomputeRequests } from '../tax-position/repository';
import { copyEncodingWorkerUrl } from './copy-encoding-worker-source';
import type { GrowingFile } from './growing-file';
import { type ImportJobDeps, type ImportResult, runImport } from './import-job';
import {
  claimNextUpload,
  deleteUnreceivedUpload,
  deleteUploadRows,
  findUploadById,
  finishJob,
  forgetImportedFile,
  selectAbandonedReceipts,
  selectKeptImportedFiles,
  tidyTransactionsAfterImport,
  touchHeartbeat,
  type UploadRecord,
} from './repository';

/** A job whose attempts all died (a crash mid-import each time) is failed rather than retried for ever. */
export const MAX_IMPORT_ATTEMPTS = 3;
const POLL_INTERVAL_MS = 1000;

/** What the worker logs through: the app's pino logger in the API process, a JSON console logger in src/worker.ts. */
export type ImportLog = Record<'info' | 'warn' | 'error', (details: Record<string, unknown>, message: string) => void>;

/** The worker's own settings, and the job's dependencies, which it passes to every job it runs. */
export type ImportWorkerOptions = Omit<ImportJobDeps, 'workerId' | 'signal'> & {
  log: ImportLog;
  /** A 'processing' job whose heartbeat is older is taken to be abandoned and claimed again. */
  staleAfterSeconds: number;
  workerId?: string;
  /** How long an idle worker waits before it looks for a job again, unless woken (default 1 s). */
  pollIntervalMs?: number;
};

export type ImportWorker = {
  readonly workerId: string;
  /** Whether a job runs: one claimed, or one started while its file arrives; not while a poll only looks for one. */
  readonly isBusy: boolean;
  /** Claims and runs one job; null when none was waiting. Tests drive the worker with it. */
  runOnce(): Promise<ImportResult | null>;
  /** Polls for jobs until stop(). */
  start(): void;
  /** Looks for a job now instead of at the next poll: an upload was just queued in this process. */
  wake(): void;
  /**
   * Starts importing an upload whose file is still arriving (decision 023), when this worker is idle: `insert` writes
   * the upload, held by this worker, or answers undefined (its company has a job running). Answers the upload and its
   * import's ending; undefined when nothing was started, and the file is then stored and queued as usual.
   */
  importWhileReceiving(
    insert: (workerId: string) => Promise<UploadRecord | undefined>,
    file: GrowingFile,
  ): Promise<{ upload: UploadRecord; imported: Promise<ImportResult> } | undefined>;
  /** Gives the running job back between two batches and waits for the loop to end. */
  stop(): Promise<void>;
};

/**
 * The import worker: the upload row is the job (docs/decisions/006-import-jobs-in-the-database.md). Any number of
 * workers, in the API process or in their own (src/worker.ts), share the queue through the database.
 */
export function createImportWorker(options: ImportWorkerOptions): ImportWorker {
  const { log, staleAfterSeconds, pollIntervalMs = POLL_INTERVAL_MS, workerId: givenWorkerId, ...jobDeps } = options;
  const workerId = givenWorkerId ?? `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  const { db } = jobDeps.database;
  const stopping = new AbortController();
  let loop: Promise<void> | null = null;
  let wakeUp: (() => void) | null = null;
  /** Set by wake() while a claim is under way, so a job queued meanwhile is not left to the next poll. */
  let isWakeRequested = false;
  /** One job at a time, claimed or started while its file arrives: the memory target is one import's. */
  let isBusy = false;
  /**
   * A poll's look for a job while it is under way: what a start asks first, the sweep of abandoned receipts, the
   * claim. A file arriving meanwhile waits for it (importWhileReceiving) rather than being queued because of it.
   */
  let lookingForJob: Promise<string | null> | null = null;

  /**
   * The upkeep of `transactions` once a job's outcome is committed (`tidyTransactionsAfterImport`). A failure here costs
   * the pages or the deletes speed, or the disk some room, not the import its outcome, so it is logged and the outcome
   * stands.
   */
  const tidyTransactions = async (uploadId: string, result: ImportResult) => {
    try {
      await tidyTransactionsAfterImport(db, { hasAddedRows: result === 'completed' });
    } catch (error) {
      log.warn({ uploadId, errorName: (error as Error).name }, 'upkeep after the import failed');
    }
  };

  /** What a server that stopped during an upload's request left: the upload, its rows, its file. */
  const discardAbandonedReceipts = async () => {
    for (const { id, storageKey } of await selectAbandonedReceipts(db, staleAfterSeconds)) {
      // The file first: a server stopped in between leaves the upload, which the next sweep finds again, rather than
      // a file nothing refers to any more. Once the upload is gone, so is its file.
      if (storageKey !== null) await jobDeps.storage.delete(storageKey);
      await deleteUnreceivedUpload(db, id);
      log.warn({ uploadId: id }, 'upload whose file never arrived whole deleted');
    }
  };

  /**
   * Deletes a completed upload's file (decision 037): it holds the buyers' names and addresses, and nothing reads it
   * again. The file before its key, so that a server stopped in between leaves a key whose file is gone, which the next
   * start deletes again (nothing), rather than a file nothing refers to. A failed delete leaves both for that start.
   */
  const deleteImportedFile = async (uploadId: string, storageKey: string) => {
    try {
      await jobDeps.storage.delete(storageKey);
      await forgetImportedFile(db, uploadId, storageKey);
    } catch (error) {
      log.error(
        { uploadId, storageKey, errorName: (error as Error).name },
        'the file of a completed import could not be deleted',
      );
    }
  };

  /** Companies whose requested recompute failed in this worker: tried again at the next start, not at every poll. */
  const failedRecomputes = new Set<string>();
  /**
   * Recomputes every year of the companies whose stored tax position is out of date (`selectRecomputeRequests`): a
   * migration changed a rule, or new exchange rates came. One at a time, at every poll; a failure is logged and the
   * request left for the next start.
   */
  const runRequestedRecomputes = async () => {
    for (const companyId of await selectRecomputeRequests(db)) {
      if (failedRecomputes.has(companyId)) continue;
      try {
        await jobDeps.recomputeTaxPosition(db, companyId);
        log.info({ companyId }, 'tax position recomputed as requested');
      } catch (error) {
        failedRecomputes.add(companyId);
        log.error({ companyId, errorName: (error as Error).name }, 'a requested recompute of a tax position failed');
      }
    }
  };

  /**
   * Whether this worker has yet to do what a start asks before the first job: delete the files completed imports left
   * (`selectKeptImportedFiles`).
   */
  let isStartUpkeepDue = true;

  const lookForJob = async (): Promise<string | null> => {
    if (isStartUpkeepDue) {
      isStartUpkeepDue = false;
      for (const { id, storageKey } of await selectKeptImportedFiles(db)) await deleteImportedFile(id, storageKey);
    }
    await runRequestedRecomputes();
    await discardAbandonedReceipts();
    return claimNextUpload(db, workerId, staleAfterSeconds);
  };

  const runOnce = async (): Promise<ImportResult | null> => {
    if (isBusy || lookingForJob) return null;
    lookingForJob = lookForJob();
    let uploadId: string | null;
    try {
      uploadId = await lookingForJob;
    } finally {
      lookingForJob = null;
    }
    if (!uploadId) return null;
    // Taken in the same turn as the claim's answer, before a file waiting for the poll goes on.
    isBusy = true;
    try {
      const upload = await findUploadById(db, uploadId);
      if (!upload) return null;
      return await runClaimed(upload);
    } finally {
      isBusy = false;
    }
  };

  const runClaimed = async (upload: UploadRecord, receiving?: GrowingFile): Promise<ImportResult> => {
    const uploadId = upload.id;
    if (upload.attempts > MAX_IMPORT_ATTEMPTS) {
      await deleteUploadRows(db, upload.id);
      await finishJob(db, upload.id, workerId, {
        status: 'failed',
        errorCode: 'interrupted',
        errorMessage: `The import was interrupted ${MAX_IMPORT_ATTEMPTS} times; nothing was imported. Upload the file again.`,
      });
      log.warn({ uploadId }, 'import given up after repeated interruptions');
      return 'failed';
    }
    // Between progress reports (a slow batch, a long COPY) the heartbeat keeps the job from looking abandoned.
    const heartbeat = setInterval(
      () => void touchHeartbeat(db, upload.id, workerId).catch(() => undefined),
      Math.max(1000, (staleAfterSeconds * 1000) / 3),
    );
    heartbeat.unref();
    const startedAt = performance.now();
    try {
      const result = await runImport({ ...jobDeps, workerId, signal: stopping.signal, receiving }, upload);
      if (result === 'completed' && upload.storageKey !== null) await deleteImportedFile(uploadId, upload.storageKey);
      await tidyTransactions(uploadId, result);
      // Counts and codes only: rows and problem messages may carry a buyer's data.
      log.info(
        { uploadId, result, attempt: upload.attempts, seconds: Math.round(performance.now() - startedAt) / 1000 },
        'import finished',
      );
      return result;
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      log.error({ uploadId, errorName: (error as Error).name, code }, 'import failed unexpectedly');
      await deleteUploadRows(db, upload.id);
      await finishJob(db, upload.id, workerId, {
        status: 'failed',
        errorCode: 'import_error',
        errorMessage: 'The import failed unexpectedly; nothing was imported. Try again or contact support.',
      });
      await tidyTransactions(uploadId, 'failed');
      return 'failed';
    } finally {
      clearInterval(heartbeat);
    }
  };

  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      wakeUp = () => {
        clearTimeout(timer);
        resolve();
      };
    });

  return {
    workerId,
    get isBusy() {
      return isBusy;
    },
    runOnce,
    start() {
      if (loop) return;
      // The encoding worker's module is bundled now, not when the first large file arrives and its import waits for it
      // (0.2-0.25 s at the 1M-row benchmark). Should it fail, that import tries again and reports what it met.
      copyEncodingWorkerUrl().catch((error: unknown) =>
        log.warn({ errorName: (error as Error).name }, 'the COPY encoding worker could not be bundled in advance'),
      );
      loop = (async () => {
        while (!stopping.signal.aborted) {
          let result: ImportResult | null = null;
          isWakeRequested = false;
          try {
            result = await runOnce();
          } catch (error) {
            // The database was unreachable, say: try again after a pause rather than stop importing for good.
            log.error({ errorName: (error as Error).name }, 'import worker could not claim a job');
          }
          if (result === null && !stopping.signal.aborted && !isWakeRequested) await sleep(pollIntervalMs);
        }
      })();
    },
    wake() {
      isWakeRequested = true;
      wakeUp?.();
    },
    async importWhileReceiving(insert, file) {
      // A poll under way may claim a job: its answer decides, whether it found one or none.
      while (lookingForJob) await lookingForJob.catch(() => null);
      if (isBusy || stopping.signal.aborted) return undefined;
      isBusy = true;
      let upload: UploadRecord | undefined;
      try {
        upload = await insert(workerId);
      } finally {
        if (!upload) isBusy = false;
      }
      if (!upload) return undefined;
      const imported = runClaimed(upload, file).finally(() => {
        isBusy = false;
        // Jobs queued meanwhile waited for this one.
        isWakeRequested = true;
        wakeUp?.();
      });
      return { upload, imported };
    },
    async stop() {
      stopping.abort();
      wakeUp?.();
      await loop;
    },
  };
}
