import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { copyBinaryRowsAsText } from './copy-binary-test-kit';
import type { CopyEncodingOptions, EncodedBatch } from './copy-encoding';
import { type CopyChunkSource, encodeInThisThread, encodeInWorkerThread } from './copy-encoding-thread';
import { FileFormatError } from './formats/parse-types';
import { generateVtrText } from './synthetic-vtr';
import { piecesOf, withBadDate } from './upload-test-kit';

const GENERATED = generateVtrText({ rows: 2500, seed: 23, from: '2025-04-01', to: '2025-06-30' });
const OPTIONS: CopyEncodingOptions = {
  sourceFormat: 'amazon-vtr',
  fileName: 'generated.txt',
  upload: { id: '3f0c8a52-8a2b-4f5e-9a41-0c1d2e3f4a5b', companyId: '7d1c2f4e-0b6a-4c51-9d3e-5a8f1b2c3d01' },
  profile: { establishmentCountry: 'DE', ioss: null },
  encodeRows: true,
  batchRows: 200,
  chunkBytes: 50_000,
  // Written out many times over the file, in buffers that go round between the threads as the rows' do.
  maxDaySums: 200,
};

/**
 * Everything a source yields, each chunk given back as the import gives it back once loaded; the rows as COPY text
 * lines (`copyBinaryRowsAsText`), each chunk's in order.
 */
async function readAll(source: CopyChunkSource) {
  let text = '';
  let transactions = 0;
  let chunks = 0;
  let daySums = '';
  let last = { bytesRead: 0, linesRead: 0 };
  for await (const batch of source.batches) {
    transactions += batch.transactionCount;
    for (const piece of batch.daySums) {
      daySums += Buffer.from(piece).toString('utf8');
      source.release(piece);
    }
    last = { bytesRead: batch.bytesRead, linesRead: batch.linesRead };
    for (const chunk of batch.chunks) {
      text += copyBinaryRowsAsText(chunk).join('');
      chunks += 1;
      source.release(chunk);
    }
  }
  return { text, transactions, chunks, daySums, ...last };
}

/** `source`, each batch it yields also pushed to `into`. */
function recording(source: CopyChunkSource, into: EncodedBatch[]): CopyChunkSource {
  async function* batches() {
    for await (const batch of source.batches) {
      into.push(batch);
      yield batch;
    }
  }
  return { ...source, batches: batches() };
}

describe('encoding in a worker thread', () => {
  it('yields the same rows, day sums and counts as encoding in this thread', async () => {
    const inWorker = await readAll(encodeInWorkerThread(piecesOf(GENERATED.text, 65_536), OPTIONS));
    const here = await readAll(encodeInThisThread(piecesOf(GENERATED.text, 65_536), OPTIONS));
    expect(inWorker.transactions).toBe(GENERATED.expected.rowCount);
    expect(inWorker.chunks).toBeGreaterThan(10);
    expect(inWorker.daySums).not.toBe('');
    expect(inWorker).toEqual(here);
  });

  it('sends the batches that carry only counts messageRows rows at a time, and the rest as they come', async () => {
    const [header = '', ...lines] = GENERATED.text.split('\r\n');
    // A bad row on line 1502: its problem comes as it is met, and the rest of the file is read for problems only.
    const withProblem = [header, ...withBadDate(header, lines, 1500)].join('\r\n');
    for (const file of [GENERATED.text, withProblem]) {
      const sent: EncodedBatch[] = [];
      const here: EncodedBatch[] = [];
      const inWorker = encodeInWorkerThread(piecesOf(file, 65_536), OPTIONS, { messageRows: 700 });
      const inThisThread = encodeInThisThread(piecesOf(file, 65_536), OPTIONS);
      expect(await readAll(recording(inWorker, sent))).toEqual(await readAll(recording(inThisThread, here)));
      expect(sent.flatMap((batch) => batch.problems)).toEqual(here.flatMap((batch) => batch.problems));
      // Every batch of counts alone but the last carries 700 rows or more, not one message per 200-row parser batch.
      const countsOnly = (batches: EncodedBatch[]) =>
        batches.filter((batch) => batch.chunks.length + batch.daySums.length + batch.problems.length === 0);
      for (const batch of countsOnly(sent).slice(0, -1)) expect(batch.transactionCount).toBeGreaterThanOrEqual(700);
      expect(countsOnly(sent).length).toBeLessThan(countsOnly(here).length / 2);
    }
  });

  it('hands its chunks over in the few buffers it shares with this thread, the whole file long', async () => {
    const buffers = new Set<ArrayBufferLike>();
    const source = encodeInWorkerThread(piecesOf(GENERATED.text, 65_536), OPTIONS, { chunkBuffers: 4 });
    let chunks = 0;
    for await (const batch of source.batches) {
      for (const chunk of [...batch.chunks, ...batch.daySums]) {
        buffers.add(chunk.buffer);
        chunks += 1;
        source.release(chunk);
      }
    }
    expect(chunks).toBeGreaterThan(10);
    // One loading, one being filled, two waiting: the same four, never a new buffer per chunk (decision 027).
    expect(buffers.size).toBeLessThanOrEqual(4);
    for (const buffer of buffers) expect(buffer).toBeInstanceOf(SharedArrayBuffer);
  });

  it('fills a new buffer given back in the place of a shared one, as the import does after a failed load', async () => {
    const source = encodeInWorkerThread(piecesOf(GENERATED.text, 65_536), OPTIONS);
    let text = '';
    let replaced = 0;
    let isReplacedUsed = false;
    for await (const batch of source.batches) {
      for (const chunk of batch.daySums) source.release(chunk);
      for (const chunk of batch.chunks) {
        text += copyBinaryRowsAsText(chunk).join('');
        if (chunk.buffer instanceof ArrayBuffer) isReplacedUsed = true;
        if (replaced < 2 && chunk.buffer instanceof SharedArrayBuffer) {
          replaced += 1;
          source.release(new Uint8Array(new ArrayBuffer(chunk.buffer.byteLength)));
        } else {
          source.release(chunk);
        }
      }
    }
    expect(isReplacedUsed).toBe(true);
    expect(text).toBe((await readAll(encodeInThisThread(piecesOf(GENERATED.text, 65_536), OPTIONS))).text);
  });

  it('reads a local file by its path itself, with the same rows, day sums and counts', async () => {
    const directory = mkdtempSync(join(tmpdir(), 'vatlas-encode-'));
    try {
      const localPath = join(directory, 'report.txt');
      writeFileSync(localPath, GENERATED.text);
      const byPath = await readAll(encodeInWorkerThread({ localPath }, OPTIONS));
      expect(byPath.transactions).toBe(GENERATED.expected.rowCount);
      expect(byPath).toEqual(await readAll(encodeInThisThread(piecesOf(GENERATED.text, 65_536), OPTIONS)));
      // A file gone by the time the worker opens it fails the import as any read error does.
      const missing = { localPath: join(directory, 'gone.txt') };
      await expect(readAll(encodeInWorkerThread(missing, OPTIONS))).rejects.toThrow(/ENOENT/);
    } finally {
      rmSync(directory, { recursive: true, force: true });
    }
  });

  it("hands a whole-file error over as the parser's FileFormatError, with its code", async () => {
    const headerOnly = `${GENERATED.text.split('\r\n')[0]}\r\n`;
    const error = await readAll(encodeInWorkerThread(piecesOf(headerOnly), OPTIONS)).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(FileFormatError);
    expect(error).toMatchObject({ code: 'header-only' });
  });

  it('fails the batches when the file cannot be read to the end', async () => {
    async function* brokenRead() {
      yield* piecesOf(GENERATED.text.slice(0, 100_000));
      throw new Error('storage read failed');
    }
    await expect(readAll(encodeInWorkerThread(brokenRead(), OPTIONS))).rejects.toThrow('storage read failed');
  });

  it('stops reading the file when the reader stops early', async () => {
    let piecesRead = 0;
    let isInputClosed = false;
    async function* tracked() {
      try {
        for await (const piece of piecesOf(GENERATED.text, 1024)) {
          piecesRead += 1;
          yield piece;
        }
      } finally {
        isInputClosed = true;
      }
    }
    const source = encodeInWorkerThread(tracked(), OPTIONS);
    for await (const batch of source.batches) {
      if (batch.transactionCount > 0) break;
    }
    await expect.poll(() => isInputClosed).toBe(true);
    expect(piecesRead).toBeLessThan(Buffer.byteLength(GENERATED.text) / 1024);
    // Giving a buffer back after the end is harmless.
    expect(() => source.release(new Uint8Array(10))).not.toThrow();
  });
});
