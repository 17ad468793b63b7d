import { setFlagsFromString } from 'node:v8';
import { Worker } from 'node:worker_threads';
import {
  type CopyEncodingOptions,
  chunkBufferBytes,
  createChunkBufferPool,
  type EncodedBatch,
  encodeCopyChunks,
} from './copy-encoding';
import type {
  CopyEncodingWorkerData,
  SerializedError,
  ServerMessage,
  WireChunk,
  WorkerMessage,
} from './copy-encoding-worker';
import { copyEncodingWorkerUrl } from './copy-encoding-worker-source';
import { FileFormatError, type FileFormatErrorCode } from './formats/parse-types';
import { type GrowingFile, UploadInterruptedError } from './growing-file';

/**
 * Where an import's rows are parsed and encoded. In a worker thread, parsing overlaps the database's work on the
 * server's thread, which is what PGlite needs: its COPY runs on that thread, so there the two would otherwise take
 * turns (measured at 1M rows: parse 6.6 s + encode 3.9 s, COPY with the indexes 23.7 s). On PostgreSQL the worker
 * is there for its young generation (decision 018).
 */
export type CopyChunkSource = {
  batches: AsyncIterable<EncodedBatch>;
  /** Gives a chunk's buffer back once its rows are loaded: the encoder waits for one when all are out. */
  release(chunk: Uint8Array): void;
};

/** Parses and encodes in the server's thread: one buffer is filled while the other is loaded. */
export function encodeInThisThread(input: AsyncIterable<Uint8Array>, options: CopyEncodingOptions): CopyChunkSource {
  const pool = createChunkBufferPool(options.chunkBytes, 2);
  return { batches: encodeCopyChunks(input, options, pool), release: (chunk) => pool.release(chunk.buffer) };
}

/**
 * Pieces of the file (up to the stream's 64 KB each, so about 10 MB) sent to the worker ahead of its parser. The
 * server's thread cannot send while PGlite runs a COPY on it, so the worker must hold more than a chunk's worth of
 * file by then, or it would wait idle for the COPY to end.
 */
const INPUT_PIECES_AHEAD = 160;
/**
 * The worker's heap: a parser batch and its garbage, and the day sums (at most MAX_DAY_SUMS, some 4 MB of heap:
 * 146,750 took 17 MB), below the server's. Its young generation is not set here: `npm start`'s `--max-semi-space-size=4` would
 * override a worker's `maxYoungGenerationSizeMb` (decision 015); see `WorkerEncoding.semiSpaceMb`.
 */
const WORKER_HEAP_MB = 128;

function revive(error: SerializedError): Error {
  if (error.name === 'FileFormatError' && error.code) {
    return new FileFormatError(error.code as FileFormatErrorCode, error.message, error.details);
  }
  if (error.name === 'UploadInterruptedError') return new UploadInterruptedError();
  const revived = new Error(`COPY encoding failed: ${error.message}`);
  revived.name = error.name;
  return revived;
}

/** How the encoding worker is started. */
export type WorkerEncoding = {
  /**
   * The semi-spaces of the worker's young generation, in MB; the process's own (`npm start`: 4 MB) when absent. V8's
   * flags hold for the whole process and a thread's heap is sized as the thread starts, so this sets the flag for
   * every thread started from now on: a process must always pass the same value (import-job.ts: one per database).
   */
  semiSpaceMb?: number;
  /**
   * The chunk buffers shared with the worker (3 when absent): those the import loads, the one the worker fills, and the
   * filled ones waiting for their load.
   */
  chunkBuffers?: number;
  /**
   * Rows a batch that carries only counts holds at least before it is sent (1 when absent: a batch per parser batch);
   * a batch with chunks, day sums or problems goes as it comes. The import passes the rows between its progress
   * reports, until which it only adds such batches up.
   */
  messageRows?: number;
};

/**
 * What a worker encodes: the file's bytes as a storage streams them, or the path of a file on this machine's disk,
 * which the worker reads itself. Read by path, the file's bytes never reach the server's thread, whose heap (4 MB
 * semi-spaces, decision 015) collected far more often for them: measured at 1M rows on PostgreSQL, imports took
 * 15.5-16.5 s against 17.8-19.0 s (bench/RESULTS.md).
 */
export type WorkerInput = AsyncIterable<Uint8Array> | { localPath: string } | GrowingFile;

/**
 * Parses and encodes in a worker thread of its own. The worker reads a local file itself; from any other storage the
 * server's thread reads the file and sends it on, about 10 MB ahead of the parser. The chunk buffers are shared
 * between the two threads and go round by their index (decision 027): those being loaded, one being filled, and the
 * rest filled and waiting (`chunkBuffers`). The worker ends when the batches have been read to the end, or when the reader stops early
 * (cancel, failure, shutdown).
 */
export function encodeInWorkerThread(
  input: WorkerInput,
  options: CopyEncodingOptions,
  { semiSpaceMb, chunkBuffers = 3, messageRows = 1 }: WorkerEncoding = {},
): CopyChunkSource {
  const bufferBytes = chunkBufferBytes(options.chunkBytes);
  const buffers = Array.from({ length: chunkBuffers }, () => new SharedArrayBuffer(bufferBytes));
  const localPath = 'localPath' in input ? input.localPath : undefined;
  const growingFile = 'follow' in input ? input : undefined;
  const workerData: CopyEncodingWorkerData = {
    options,
    bufferBytes,
    buffers,
    localPath,
    isGrowing: growingFile !== undefined,
    messageRows,
  };
  let stopFollowing: (() => void) | undefined;
  let isClosed = false;
  let credit = INPUT_PIECES_AHEAD;
  let onCredit: (() => void) | null = null;
  const messages: WorkerMessage[] = [];
  let failure: Error | null = null;
  let onMessage: (() => void) | null = null;
  const wakeReader = () => {
    onMessage?.();
    onMessage = null;
  };
  const fail = (error: Error) => {
    failure ??= error;
    wakeReader();
  };

  // The worker starts once its module is bundled (the first time in a process); messages wait for it in order.
  const started: Promise<Worker | null> = copyEncodingWorkerUrl().then((url) => {
    if (isClosed) return null;
    if (semiSpaceMb !== undefined) setFlagsFromString(`--max-semi-space-size=${semiSpaceMb}`);
    const worker = new Worker(url, {
      workerData,
      resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB },
    });
    worker.on('message', (message: WorkerMessage) => {
      if (message.type === 'input-consumed') {
        credit += 1;
        onCredit?.();
        onCredit = null;
        return;
      }
      messages.push(message);
      wakeReader();
    });
    worker.on('error', fail);
    worker.on('exit', (code) => {
      if (!isClosed) fail(new Error(`The COPY encoding worker stopped unexpectedly (exit code ${code})`));
    });
    return worker;
  });
  started.catch((error: unknown) =>
    fail(new Error(`The COPY encoding worker could not be started: ${error instanceof Error ? error.message : error}`)),
  );
  const send = (message: ServerMessage, transfer: ArrayBuffer[] = []) =>
    void started.then(
      (worker) => worker?.postMessage(message, transfer),
      () => undefined,
    );

  const close = async () => {
    if (isClosed) return;
    isClosed = true;
    stopFollowing?.();
    onCredit?.();
    const worker = await started.catch(() => null);
    await worker?.terminate();
  };

  // The file goes to the worker a few pieces ahead of its parser; a read error fails the import.
  const sendInput = async (bytesIn: AsyncIterable<Uint8Array>) => {
    try {
      for await (const bytes of bytesIn) {
        while (credit === 0 && !isClosed) {
          await new Promise<void>((resolve) => {
            onCredit = resolve;
          });
        }
        if (isClosed) return;
        credit -= 1;
        // A copy of its own, moved rather than cloned: a stream's piece may be a view of a larger buffer.
        const piece = new Uint8Array(bytes);
        send({ type: 'input', bytes: piece }, [piece.buffer]);
      }
      if (!isClosed) send({ type: 'input-end' });
    } catch (error) {
      fail(error instanceof Error ? error : new Error(String(error)));
    }
  };
  if (growingFile) {
    // The worker reads a growing file as far as it is told it is written.
    stopFollowing = growingFile.follow((growth) => send({ type: 'file-growth', growth }));
  } else if (!('localPath' in input)) {
    void sendInput(input);
  }

  const fromWire = (chunk: WireChunk): Uint8Array =>
    chunk instanceof Uint8Array
      ? chunk
      : new Uint8Array(buffers[chunk.buffer] as SharedArrayBuffer, chunk.offset, chunk.length);

  async function* batches(): AsyncGenerator<EncodedBatch> {
    try {
      for (;;) {
        const message = messages.shift();
        if (!message) {
          if (failure) throw failure;
          await new Promise<void>((resolve) => {
            onMessage = resolve;
          });
          continue;
        }
        if (message.type === 'batch') {
          const { chunks, daySums } = message.batch;
          yield { ...message.batch, chunks: chunks.map(fromWire), daySums: daySums.map(fromWire) };
        } else if (message.type === 'failed') throw revive(message.error);
        else if (message.type === 'done') return;
      }
    } finally {
      await close();
    }
  }

  return {
    batches: batches(),
    release(chunk) {
      if (isClosed || chunk.buffer.byteLength !== bufferBytes) return;
      const index = buffers.indexOf(chunk.buffer as SharedArrayBuffer);
      if (index >= 0) send({ type: 'buffer', buffer: index });
      else send({ type: 'buffer', buffer: chunk.buffer as ArrayBuffer }, [chunk.buffer as ArrayBuffer]);
    },
  };
}
