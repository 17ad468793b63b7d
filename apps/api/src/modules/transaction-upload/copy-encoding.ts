import type { ColumnMapping } from '@vatlas/contract';
import {
  type CompanyTaxProfile,
  classifyTransaction,
  computeRowVat,
  type NormalizedTransaction,
  type TransactionSource,
  type TransactionTreatment,
} from '@vatlas/domain';
import { type CopyValue, copyFreeText as freeText, copyNormalised as normalised } from './copy-text';
import { UploadDaySums } from './day-sums';
import { parseTransactionFile } from './formats/format';
import type { RowProblem } from './formats/parse-types';
import { transactionIdentity } from './transaction-identity';

/**
 * From a stored transaction file to COPY text for `transactions`: the file is parsed, each row classified and written
 * as a COPY line straight into chunk buffers of about 4 MB. Runs in the server's thread or in a worker thread of its
 * own (copy-encoding-thread.ts); nothing here touches a database.
 */

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

/** The COPY chunk of an import (and of the PGlite floor it is measured against). */
export const DEFAULT_CHUNK_BYTES = 4 * 1024 * 1024;
/** Room past `chunkBytes` in a chunk buffer, so a line that starts below the mark always fits. */
const CHUNK_SLACK_BYTES = 64 * 1024;
/**
 * Rows the parser hands over at a time, whatever the progress interval: a row's cells are slices of the text chunk
 * it was read from, so a batch spanning many chunks keeps them all alive long enough to reach V8's old space.
 */
export const PARSE_BATCH_ROWS = 256;

export type ClassificationProfile = Pick<CompanyTaxProfile, 'establishmentCountry' | 'ioss'>;

/** What the import adds to a parsed row: its treatment, and the VAT its net and rate give (for the cross-check). */
export type ClassifiedRow = { treatment: TransactionTreatment; computedVatAmount: string };

export function classifyRow(tx: NormalizedTransaction, profile: ClassificationProfile): ClassifiedRow {
  return {
    treatment: classifyTransaction(tx, profile),
    computedVatAmount: computeRowVat(tx.netAmount, tx.vatRate) ?? '0.00',
  };
}

/** The values of one row in COPY_COLUMNS order (kept in step by the test of `toCopyValues`). */
export function toCopyValues(tx: NormalizedTransaction, upload: CopyTarget, classified: ClassifiedRow): CopyValue[] {
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
    classified.computedVatAmount,
    tx.buyerVatNumber,
    tx.sellerVatNumber,
    tx.isExport,
    tx.taxReportingScheme,
    tx.taxCollectionResponsibility,
    tx.quantity,
    tx.sku,
    classified.treatment,
  ];
}

/**
 * `encodeCopyLine(toCopyValues(…))` in one template (the test keeps the two equal): no array of values per row, and
 * only the file's free-text fields (ids, marketplace, channel, VAT numbers, scheme, SKU) are looked at for escapes —
 * the rest are codes, ISO dates, canonical decimals and enums the parsers produced, which never hold a tab, newline,
 * return or backslash. A million rows a file make the difference count.
 */
export function encodeTransactionCopyLine(
  tx: NormalizedTransaction,
  upload: CopyTarget,
  classified: ClassifiedRow,
): string {
  return (
    `${transactionIdentity(upload.companyId, tx)}\t${upload.companyId}\t${upload.id}\t${tx.source}\t${tx.lineNumber}\t` +
    `${tx.type}\t${freeText(tx.eventId)}\t${freeText(tx.activityId)}\t${tx.taxPointDate}\t${tx.completeDate}\t` +
    `${freeText(tx.marketplace)}\t${freeText(tx.salesChannel)}\t${normalised(tx.departureCountry)}\t` +
    `${normalised(tx.arrivalCountry)}\t${normalised(tx.taxableJurisdiction)}\t${normalised(tx.currency)}\t` +
    `${tx.netAmount}\t${tx.vatAmount}\t${tx.grossAmount}\t${normalised(tx.vatRate)}\t${classified.computedVatAmount}\t` +
    `${freeText(tx.buyerVatNumber)}\t${freeText(tx.sellerVatNumber)}\t${tx.isExport ? 't' : 'f'}\t` +
    `${freeText(tx.taxReportingScheme)}\t${normalised(tx.taxCollectionResponsibility)}\t${tx.quantity}\t` +
    `${freeText(tx.sku)}\t${classified.treatment}\n`
  );
}

/** The upload whose rows are encoded. */
export type CopyTarget = { id: string; companyId: string };

export type CopyEncodingOptions = {
  sourceFormat: TransactionSource;
  mapping?: ColumnMapping;
  fileName: string;
  upload: CopyTarget;
  profile: ClassificationProfile;
  /** False when the file is read for its problems and counts only (validate-first): no row is encoded. */
  encodeRows: boolean;
  /** Rows per parser batch (and so between progress reports at most). */
  batchRows: number;
  chunkBytes: number;
  /** Day sums held at most (MAX_DAY_SUMS by default): past it they are written out, and new ones begun. */
  maxDaySums?: number;
  /** Characters of the day sums' keys held at most (MAX_DAY_SUM_KEY_CHARS by default), likewise. */
  maxDaySumKeyChars?: number;
};

/**
 * Day sums the encoder holds at most: past them it writes them out as COPY text into the pool's buffers and begins
 * new ones, so their memory stays bounded whatever the file's size, and they are handed over by the chunk as the rows
 * are (decision 025). In a file in date order a write splits little more than the day it has reached: the 1M-row
 * synthetic report's 146,750 grains, which the encoder once held to the end (17 MB of heap, a 10 MB array, then 22 MB
 * of COPY text at once), are stored as 151,371 lines, written five times in nine chunks.
 */
const MAX_DAY_SUMS = 32_768;
/**
 * Characters of the day sums' keys the encoder holds at most, likewise: a key carries the buyer's VAT number, free
 * text as long as a line may be, so a count alone does not bound the sums' memory. The 1M-row report's keys take 53
 * characters on average; this allows 61 on average at MAX_DAY_SUMS.
 */
const MAX_DAY_SUM_KEY_CHARS = 2_000_000;

/** One parser batch: its problems and counts, and the chunks it filled (zero, one or, after long lines, more). */
export type EncodedBatch = {
  problems: RowProblem[];
  /** Transactions the batch read, encoded or not. */
  transactionCount: number;
  bytesRead: number;
  linesRead: number;
  /** COPY text for `transactions`, each a view of a buffer to give back with `release` once it is loaded. */
  chunks: Uint8Array[];
  /**
   * COPY text for `transaction_day_sums` (DAY_SUM_COLUMNS), likewise: the sums of the rows encoded since the last,
   * written out when they grow past the encoder's bound and at the end of the file, while every row is encoded.
   */
  daySums: Uint8Array[];
};

/**
 * The buffers COPY text is written into, reused for the whole file. `acquire` waits while every buffer is out being
 * loaded, which is what holds the parser back to the pace of the database: memory stays at the pool's buffers
 * whatever the file's size.
 */
export class ChunkBufferPool {
  private readonly free: ArrayBufferLike[];
  private readonly waiting: ((buffer: ArrayBufferLike) => void)[] = [];

  /** `buffers`: the pool's own, each `bufferBytes` long (an encoding worker's are shared with the server's thread). */
  constructor(
    readonly bufferBytes: number,
    buffers: readonly ArrayBufferLike[],
  ) {
    this.free = [...buffers];
  }

  acquire(): Promise<Buffer> {
    const buffer = this.free.pop();
    if (buffer) return Promise.resolve(Buffer.from(buffer));
    return new Promise((resolve) => this.waiting.push((next) => resolve(Buffer.from(next))));
  }

  /** Gives back the buffer under a loaded chunk; one made for a single long line is left to the GC. */
  release(buffer: ArrayBufferLike): void {
    if (buffer.byteLength !== this.bufferBytes) return;
    const next = this.waiting.shift();
    if (next) next(buffer);
    else this.free.push(buffer);
  }
}

/** The size of a chunk buffer: the chunk and room for the line that crosses its mark. */
export function chunkBufferBytes(chunkBytes: number): number {
  return chunkBytes + CHUNK_SLACK_BYTES;
}

/** The pool of an import: two buffers, one filled while the other is loaded. */
export function createChunkBufferPool(chunkBytes: number, count = 2): ChunkBufferPool {
  const bufferBytes = chunkBufferBytes(chunkBytes);
  return new ChunkBufferPool(
    bufferBytes,
    Array.from({ length: count }, () => new ArrayBuffer(bufferBytes)),
  );
}

/** Line index bits of a chunk line's sort key: a chunk holds fewer lines (4 MB of lines of 150 bytes and more). */
const LINE_INDEX_BITS = 21;
const LINE_INDEX_LIMIT = 2 ** LINE_INDEX_BITS;

/**
 * The lines of the chunk being filled, to hand over in the order of their ids (the primary key): the database then
 * inserts a chunk's keys into the primary key's B-tree in ascending order rather than at random. Measured at 1M rows
 * (bench/RESULTS.md): the COPYs alone took 0.7-2.0 s less of 10.5-11.7 s on PostgreSQL and about 1 s less of 23.5 s
 * on PGlite, where they run on the server's thread: a PGlite import took 39.0-40.9 s against 39.3-44.0 s. On
 * PostgreSQL, whose backend shares the two cores with the encoding, an import took no less time than before. Each
 * line's key is the first 32 bits of its id above its index in the chunk: exact in a float64, sorted natively, and
 * lines whose ids share those bits keep their file order.
 */
export class ChunkLineOrder {
  private keys = new Float64Array(16_384);
  private starts = new Uint32Array(16_384);
  private count = 0;

  get lineCount(): number {
    return this.count;
  }

  /** A chunk is handed over when its line indexes run out, whatever its bytes. */
  get isFull(): boolean {
    return this.count === LINE_INDEX_LIMIT;
  }

  /** Records the line that starts at `start` with the COPY line's text, whose first field is a UUID. */
  add(line: string, start: number): void {
    if (this.count === this.keys.length) {
      const keys = new Float64Array(this.keys.length * 2);
      keys.set(this.keys);
      this.keys = keys;
      const starts = new Uint32Array(this.starts.length * 2);
      starts.set(this.starts);
      this.starts = starts;
    }
    this.keys[this.count] = Number.parseInt(line.slice(0, 8), 16) * LINE_INDEX_LIMIT + this.count;
    this.starts[this.count] = start;
    this.count += 1;
  }

  /** Copies the `used` bytes of `source` into `target` line by line in id order; returns the bytes written. */
  copySorted(source: Buffer, used: number, target: Buffer): number {
    const keys = this.keys.subarray(0, this.count).sort();
    let written = 0;
    for (const key of keys) {
      const index = key % LINE_INDEX_LIMIT;
      const start = this.starts[index] as number;
      const end = index + 1 < this.count ? (this.starts[index + 1] as number) : used;
      written += source.copy(target, written, start, end);
    }
    return written;
  }

  clear(): void {
    this.count = 0;
  }
}

/**
 * Parses `input` and yields each parser batch with its problems and counts. A chunk is yielded the moment it is full
 * (in a batch of its own, counts unchanged) with its lines in id order (`ChunkLineOrder`), so the generator holds no
 * more than the buffer it fills and, while it hands one over, the one it copies it into: the pool needs two buffers at
 * least. The rows' day sums are written out likewise, a buffer at a time beside the one being filled, whenever they
 * pass `maxDaySums` (or their keys `maxDaySumKeyChars`) and after the last chunk. Rows are encoded until the first
 * problem: from then on the upload will fail, so the rest is read for its problems only (and no more day sums come).
 */
export async function* encodeCopyChunks(
  input: AsyncIterable<Uint8Array>,
  options: CopyEncodingOptions,
  pool: ChunkBufferPool,
): AsyncGenerator<EncodedBatch> {
  let filling: Buffer | null = null;
  let used = 0;
  let encodeRows = options.encodeRows;
  let daySums = encodeRows ? new UploadDaySums() : undefined;
  const maxDaySums = options.maxDaySums ?? MAX_DAY_SUMS;
  const maxDaySumKeyChars = options.maxDaySumKeyChars ?? MAX_DAY_SUM_KEY_CHARS;
  let counts = { bytesRead: 0, linesRead: 0 };
  const order = new ChunkLineOrder();
  /**
   * The filled part of the buffer, handed over in id order: copied into another buffer of the pool, which waits for
   * one as the encoder would have waited for the next to fill anyway, and holds no more memory. A buffer made for a
   * single long line goes as it is. An empty buffer goes back to the pool.
   */
  const take = async (): Promise<Uint8Array[]> => {
    const buffer = filling;
    const length = used;
    filling = null;
    used = 0;
    if (!buffer) return [];
    if (length === 0) {
      pool.release(buffer.buffer);
      return [];
    }
    if (order.lineCount < 2 || buffer.length !== pool.bufferBytes) return [buffer.subarray(0, length)];
    const sorted = await pool.acquire();
    const written = order.copySorted(buffer, length, sorted);
    pool.release(buffer.buffer);
    return [sorted.subarray(0, written)];
  };
  /** A batch of its own for filled buffers, the counts unchanged. */
  const handOver = (filled: Pick<EncodedBatch, 'chunks' | 'daySums'>): EncodedBatch => ({
    problems: [],
    transactionCount: 0,
    ...counts,
    ...filled,
  });
  /** A buffer of the pool to write into, or one of its own for a line of `room` bytes that no pool buffer holds. */
  const acquireFor = async (room: number): Promise<Buffer> => {
    const buffer = await pool.acquire();
    if (room <= buffer.length) return buffer;
    pool.release(buffer.buffer);
    return Buffer.allocUnsafeSlow(room);
  };
  /** The day sums held, written into buffers of the pool (each yielded in a batch of its own), then cleared. */
  const writeDaySums = async function* (sums: UploadDaySums): AsyncGenerator<EncodedBatch> {
    let buffer: Buffer | null = null;
    let length = 0;
    for (const line of sums.copyLines(options.upload)) {
      const room = line.length * 3;
      if (buffer && (length + room > buffer.length || length >= options.chunkBytes)) {
        yield handOver({ chunks: [], daySums: [buffer.subarray(0, length)] });
        buffer = null;
      }
      if (!buffer) {
        buffer = await acquireFor(room);
        length = 0;
      }
      length += buffer.write(line, length, 'utf8');
    }
    sums.clear();
    if (buffer) yield handOver({ chunks: [], daySums: [buffer.subarray(0, length)] });
  };
  const batches = parseTransactionFile(options.sourceFormat, input, {
    mapping: options.mapping,
    batchSize: options.batchRows,
    fileName: options.fileName,
    defaultDepartureCountry: options.profile.establishmentCountry,
  });
  try {
    for await (const batch of batches) {
      if (batch.problems.length > 0 && encodeRows) {
        // The upload will fail: what is encoded but not loaded yet is dropped, the rest is not encoded.
        encodeRows = false;
        daySums = undefined;
        used = 0;
        await take();
      }
      if (encodeRows) {
        for (const tx of batch.transactions) {
          const classified = classifyRow(tx, options.profile);
          if (daySums) {
            daySums.add(tx, classified.treatment, classified.computedVatAmount);
            if (daySums.size >= maxDaySums || daySums.keyChars >= maxDaySumKeyChars) yield* writeDaySums(daySums);
          }
          const line = encodeTransactionCopyLine(tx, options.upload, classified);
          // UTF-8 takes at most 3 bytes per UTF-16 code unit: a line that might not fit starts a new chunk.
          const room = line.length * 3;
          if (filling && (used + room > filling.length || order.isFull)) {
            yield handOver({ chunks: await take(), daySums: [] });
          }
          if (!filling) {
            filling = await acquireFor(room);
            order.clear(); // The order holds the lines of the buffer being filled.
          }
          order.add(line, used);
          used += filling.write(line, used, 'utf8');
          if (used >= options.chunkBytes) yield handOver({ chunks: await take(), daySums: [] });
        }
      }
      counts = { bytesRead: batch.bytesRead, linesRead: batch.linesRead };
      yield {
        problems: batch.problems,
        transactionCount: batch.transactions.length,
        ...counts,
        chunks: [],
        daySums: [],
      };
    }
    const last = await take();
    if (last.length > 0) yield handOver({ chunks: last, daySums: [] });
    if (daySums) yield* writeDaySums(daySums);
  } finally {
    const rest = filling as Buffer | null;
    if (rest) pool.release(rest.buffer);
  }
}
