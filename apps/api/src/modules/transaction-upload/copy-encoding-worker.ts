/**
 * The body of the COPY-encoding worker thread (bundled by copy-encoding-worker-source.ts, started by
 * copy-encoding-thread.ts): parses the file (read from its path, or the bytes the server's thread sends), encodes the
 * rows into the buffers it is given, and sends each batch back with its filled chunks. Every message is in
 * `WorkerMessage` / `ServerMessage`.
 */
import { closeSync, openSync, readSync, statSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import { ChunkBufferPool, type CopyEncodingOptions, type EncodedBatch, encodeCopyChunks } from './copy-encoding';
import { FileFormatError } from './formats/parse-types';
import { type FileGrowth, UploadInterruptedError } from './growing-file';

/**
 * A chunk between the threads: a view of one of the shared chunk buffers (`CopyEncodingWorkerData.buffers`), by the
 * buffer's index, or bytes of its own, moved (a buffer made for a single long line).
 */
export type WireChunk = { buffer: number; offset: number; length: number } | Uint8Array;

/** An `EncodedBatch` between the threads. */
export type WireBatch = Omit<EncodedBatch, 'chunks' | 'daySums'> & { chunks: WireChunk[]; daySums: WireChunk[] };

/** The server's thread to the worker. */
export type ServerMessage =
  | { type: 'input'; bytes: Uint8Array }
  | { type: 'input-end' }
  | { type: 'file-growth'; growth: FileGrowth }
  /** A chunk buffer given back: a shared one by its index, or a new one in the place of one the server cannot give. */
  | { type: 'buffer'; buffer: number | ArrayBuffer };

/** The worker to the server's thread. */
export type WorkerMessage =
  | { type: 'input-consumed' }
  | { type: 'batch'; batch: WireBatch }
  | { type: 'done' }
  | { type: 'failed'; error: SerializedError };

export type SerializedError = {
  name: string;
  message: string;
  code?: string;
  details?: Record<string, unknown>;
};

export type CopyEncodingWorkerData = {
  options: CopyEncodingOptions;
  bufferBytes: number;
  /**
   * The chunk buffers, `bufferBytes` each, shared with the server's thread: a chunk crosses as its buffer's index, and
   * the thread that holds the index is the only one to touch the buffer. Moving each chunk's buffer instead made every
   * crossing a new 4 MB buffer on the receiving heap, and its full collections came that often (decision 027).
   */
  buffers: SharedArrayBuffer[];
  /** The file on this machine's disk, read here; without it the server's thread sends the file's bytes. */
  localPath?: string;
  /** Rows a batch that carries only counts waits for before it is sent (`WorkerEncoding.messageRows`). */
  messageRows: number;
  /** The file at `localPath` is still being written: it is read as far as 'file-growth' messages say (decision 023). */
  isGrowing?: boolean;
};

/**
 * Bytes read at a time from the file: the size of a read stream's pieces, which malloc's arenas hand from one read to
 * the next (decision 034).
 */
const READ_BYTES = 64 * 1024;

const port = parentPort;
if (!port) throw new Error('copy-encoding-worker runs as a worker thread only');
const { options, bufferBytes, buffers, localPath, isGrowing, messageRows } = workerData as CopyEncodingWorkerData;
const pool = new ChunkBufferPool(bufferBytes, buffers);

/** Pieces of the file the server's thread sent, in order; null once it sent the last. */
const queue: (Uint8Array | null)[] = [];
let wake: (() => void) | null = null;
/** How far the growing file at `localPath` is written, as the server's thread last said. */
let growth: FileGrowth = { bytes: 0, state: 'growing' };
port.on('message', (message: ServerMessage) => {
  if (message.type === 'buffer') {
    pool.release(typeof message.buffer === 'number' ? (buffers[message.buffer] as SharedArrayBuffer) : message.buffer);
    return;
  }
  if (message.type === 'file-growth') growth = message.growth;
  else queue.push(message.type === 'input' ? message.bytes : null);
  wake?.();
  wake = null;
});

/**
 * The file at `path`, read as far as `written` says it is written and no further: a read never meets its end before
 * the writer says the file is whole, so a file cut off mid-request is never taken for a whole one. A stored file is
 * whole from the start. Read in this thread (decision 061): the worker has nothing else to do meanwhile, and a read
 * through libuv's pool left it waiting for each of a 540 MB file's 8,240 pieces, about a second of an import in all.
 */
async function* fileAsWritten(path: string, written: () => FileGrowth): AsyncGenerator<Uint8Array> {
  let fd: number | undefined;
  let position = 0;
  try {
    for (;;) {
      const { bytes, state } = written();
      if (state === 'abandoned') throw new UploadInterruptedError();
      if (position < bytes) {
        fd ??= openSync(path, 'r');
        const piece = Buffer.allocUnsafe(Math.min(READ_BYTES, bytes - position));
        const bytesRead = readSync(fd, piece, 0, piece.length, position);
        if (bytesRead === 0) throw new Error(`${bytes} bytes were said written; ${position} could be read`);
        position += bytesRead;
        yield piece.subarray(0, bytesRead);
      } else if (state === 'whole') {
        return;
      } else {
        await new Promise<void>((resolve) => {
          wake = resolve;
        });
      }
    }
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/** The file's bytes as the server's thread sends them; each piece taken is acknowledged, so it can send the next. */
async function* sentInput(): AsyncGenerator<Uint8Array> {
  for (;;) {
    const next = queue.shift();
    if (next === undefined) {
      await new Promise<void>((resolve) => {
        wake = resolve;
      });
      continue;
    }
    if (next === null) return;
    port?.postMessage({ type: 'input-consumed' } satisfies WorkerMessage);
    yield next;
  }
}

const send = (message: WorkerMessage, transfer: ArrayBuffer[] = []) => port.postMessage(message, transfer);

/** `chunk` as it crosses to the server's thread; a buffer of its own is added to `moved`. */
function toWire(chunk: Uint8Array, moved: ArrayBuffer[]): WireChunk {
  const index = buffers.indexOf(chunk.buffer as SharedArrayBuffer);
  if (index >= 0) return { buffer: index, offset: chunk.byteOffset, length: chunk.byteLength };
  moved.push(chunk.buffer as ArrayBuffer);
  return chunk;
}

/** Sends `batch`, its chunks as shared buffers' indexes where they are views of one (`toWire`). */
function sendBatch(batch: EncodedBatch): void {
  const moved: ArrayBuffer[] = [];
  const chunks = batch.chunks.map((chunk) => toWire(chunk, moved));
  const daySums = batch.daySums.map((chunk) => toWire(chunk, moved));
  send({ type: 'batch', batch: { ...batch, chunks, daySums } }, moved);
}

try {
  // A stored file is whole at the size it has now.
  const stored =
    localPath !== undefined && !isGrowing ? ({ bytes: statSync(localPath).size, state: 'whole' } as const) : undefined;
  const input = localPath === undefined ? sentInput() : fileAsWritten(localPath, () => stored ?? growth);
  // A batch that carries only counts (no chunk, no day sums, no problem) waits, added up with the next, until they
  // carry `messageRows` rows. A message per parser batch is 4,000 for a million rows; sent 5,000 rows at a time, the
  // encoding of the 1M-row report took 0.35 s less CPU and 0.2 s less time (four alternated pairs, 8.1-9.1 s).
  let held: EncodedBatch | undefined;
  for await (const batch of encodeCopyChunks(input, options, pool)) {
    const merged = held ? { ...batch, transactionCount: held.transactionCount + batch.transactionCount } : batch;
    const isCountsOnly = batch.chunks.length === 0 && batch.daySums.length === 0 && batch.problems.length === 0;
    if (isCountsOnly && merged.transactionCount < messageRows) {
      held = merged;
      continue;
    }
    held = undefined;
    sendBatch(merged);
  }
  if (held) sendBatch(held);
  send({ type: 'done' });
} catch (error) {
  const failure: SerializedError =
    error instanceof FileFormatError
      ? { name: error.name, message: error.message, code: error.code, details: error.details }
      : {
          name: error instanceof Error ? error.name : 'Error',
          message: error instanceof Error ? error.message : String(error),
        };
  send({ type: 'failed', error: failure });
}
// The server's thread terminates this worker once it has read the last message.
