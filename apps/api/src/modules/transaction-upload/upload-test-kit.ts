import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../../config';
import type { Database, Db } from '../../db/client';
import { transactions } from '../../db/schema';
import { buildTestApp, createTestProvider, type TestProvider } from '../../test/test-app';
import { createLocalFileStorage, type FileStorage } from '../storage/file-storage';
import { recomputeTaxPosition } from '../tax-position/service';
import { createImportWorker, type ImportLog, type ImportWorker, type ImportWorkerOptions } from './import-worker';

/** A log that keeps nothing: the tests assert on outcomes, not on lines. */
export const SILENT_IMPORT_LOG: ImportLog = { info: () => undefined, warn: () => undefined, error: () => undefined };

/**
 * The real import worker as the tests run it: the real recompute, a silent log and a 30-second heartbeat; `options`
 * names the database and storage and may set anything else.
 */
export function createTestImportWorker(
  options: Pick<ImportWorkerOptions, 'database' | 'storage'> & Partial<ImportWorkerOptions>,
): ImportWorker {
  return createImportWorker({ recomputeTaxPosition, log: SILENT_IMPORT_LOG, staleAfterSeconds: 30, ...options });
}

export type UploadApp = { app: FastifyInstance; provider: TestProvider; storage: FileStorage; close(): Promise<void> };

/**
 * The API as an upload through it needs it: a test identity provider, the real recompute, and files stored in a
 * throw-away folder named after `label`, which `close` removes with the app.
 */
export async function startUploadApp(database: Database, config: AppConfig, label: string): Promise<UploadApp> {
  const folder = mkdtempSync(join(tmpdir(), `vatlas-${label}-`));
  const storage = createLocalFileStorage(folder);
  const provider = await createTestProvider(config);
  const app = await buildTestApp(database, { config, provider, fileStorage: storage, recomputeTaxPosition });
  return {
    app,
    provider,
    storage,
    close: async () => {
      await app.close();
      rmSync(folder, { recursive: true, force: true });
    },
  };
}

/**
 * A storage whose read of a file stops halfway until the test opens the gate: the import is caught between two
 * batches, with some rows read and the rest still to come.
 */
export function createGatedStorage(inner: FileStorage): { storage: FileStorage; open: () => void } {
  let open: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => {
    open = resolve;
  });
  // No localPath: an import's worker thread would read the file by its path, past the gate.
  const storage: FileStorage = {
    put: (key, content) => inner.put(key, content),
    delete: (key) => inner.delete(key),
    async get(key) {
      const bytes = Buffer.concat(await (await inner.get(key)).toArray());
      const half = Math.floor(bytes.length / 2);
      return Readable.from(
        (async function* () {
          yield bytes.subarray(0, half);
          await gate;
          yield bytes.subarray(half);
        })(),
      );
    },
  };
  return { storage, open: () => open() };
}

/** `text` as a stream's pieces of `pieceBytes` each. */
export async function* piecesOf(text: string, pieceBytes = 4096): AsyncGenerator<Uint8Array> {
  const bytes = Buffer.from(text);
  for (let start = 0; start < bytes.length; start += pieceBytes) yield bytes.subarray(start, start + pieceBytes);
}

/** A multipart upload being sent over a socket: its file's bytes go when the test says. */
export type OpenUpload = {
  /** Sends some of the file's bytes; resolves once they are handed to the socket. */
  send(bytes: Uint8Array): Promise<void>;
  /** Sends the fields after the file and the closing line: the server's answer. */
  finish(): Promise<{ status: number; body: string }>;
  /** Drops the connection mid-body, as a client that goes away. */
  abort(): void;
};

const formField = (boundary: string, name: string, value: string) =>
  Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`);

/**
 * Opens `POST url` with a multipart body announcing a file of `fileBytes` bytes (its `Content-Length` is the whole
 * body's, as a browser or curl sends it), and sends the fields `before` it and the file part's head at once.
 */
export async function openUpload(options: {
  url: string;
  token: string;
  fileBytes: number;
  fields: { before: Record<string, string>; after?: Record<string, string> };
  /** The file part's name; `upload.txt` when absent. */
  fileName?: string;
}): Promise<OpenUpload> {
  const boundary = `----vatlas-${randomUUID()}`;
  const head = Buffer.concat([
    ...Object.entries(options.fields.before).map(([name, value]) => formField(boundary, name, value)),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${options.fileName ?? 'upload.txt'}"\r\nContent-Type: text/plain\r\n\r\n`,
    ),
  ]);
  const tail = Buffer.concat([
    Buffer.from('\r\n'),
    ...Object.entries(options.fields.after ?? {}).map(([name, value]) => formField(boundary, name, value)),
    Buffer.from(`--${boundary}--\r\n`),
  ]);
  const request = httpRequest(options.url, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${options.token}`,
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'content-length': String(head.length + options.fileBytes + tail.length),
    },
  });
  const response = new Promise<{ status: number; body: string }>((resolve, reject) => {
    request.on('response', (incoming) => {
      const pieces: Buffer[] = [];
      incoming.on('data', (piece: Buffer) => pieces.push(piece));
      incoming.on('end', () => resolve({ status: incoming.statusCode ?? 0, body: Buffer.concat(pieces).toString() }));
    });
    request.on('error', reject);
  });
  // A test that drops the connection, or kills the server, may never ask for the answer.
  response.catch(() => undefined);
  const send = (bytes: Uint8Array) => new Promise<void>((resolve) => request.write(bytes, () => resolve()));
  await send(head);
  return {
    send,
    finish() {
      request.end(tail);
      return response;
    },
    abort() {
      request.destroy();
    },
  };
}

/** The data `lines` of a VTR whose header is `header`, with an impossible tax calculation date in the line at `index`. */
export function withBadDate(header: string, lines: readonly string[], index: number): string[] {
  const dateColumn = header.split('\t').indexOf('TAX_CALCULATION_DATE');
  return lines.map((line, at) => {
    if (at !== index) return line;
    const cells = line.split('\t');
    cells[dateColumn] = 'not a date';
    return cells.join('\t');
  });
}

/** Rows of `transactions`: of one upload, else of one company, else of every company. */
export async function countTransactionRows(db: Db, where: { uploadId?: string; companyId?: string } = {}) {
  const [row] = await db
    .select({ value: count() })
    .from(transactions)
    .where(
      where.uploadId
        ? eq(transactions.uploadId, where.uploadId)
        : where.companyId
          ? eq(transactions.companyId, where.companyId)
          : undefined,
    );
  return Number(row?.value ?? 0);
}
