import type { ColumnMapping } from '@vatlas/contract';
import {
  type CompanyTaxProfile,
  classifyTransaction,
  computeRowVat,
  type NormalizedTransaction,
  type TransactionSource,
  type TransactionTreatment,
} from '@vatlas/domain';
import {
  COPY_BINARY_HEADER,
  COPY_BINARY_TRAILER_BYTES,
  CopyBinaryWriter,
  endCopyBinary,
  numericBound,
  startCopyBinary,
  uuidBytes,
} from '../../db/copy-binary';
import type { CopyValue } from './copy-text';
import { UploadDaySums } from './day-sums';
import { parseTransactionFile } from './formats/format';
import type { RowProblem } from './formats/parse-types';
import { transactionIdentity, writeTransactionIdentity } from './transaction-identity';

/**
 * From a stored transaction file to COPY data for `transactions`: the file is parsed, each row classified and written
 * as a row of COPY's binary format (decision 028) straight into chunk buffers of about 4 MB; its day sums go as COPY
 * text. Runs in the server's thread or in a worker thread of its own (copy-encoding-thread.ts); nothing here touches a
 * database.
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

/** The COPY chunk of an import on PostgreSQL (PGlite's is smaller: import-job.ts `CHUNK_BYTES`), and of the floors. */
export const DEFAULT_CHUNK_BYTES = 4 * 1024 * 1024;
/** Room past `chunkBytes` in a chunk buffer, so a row (or day sum line) that starts below the mark always fits. */
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

/** The upload whose rows are encoded. */
export type CopyTarget = { id: string; companyId: string };

/** The upload with its two uuids as bytes, written into every row. */
export type BinaryTarget = CopyTarget & { idBytes: Uint8Array; companyIdBytes: Uint8Array };

export const binaryTargetOf = (upload: CopyTarget): BinaryTarget => ({
  ...upload,
  idBytes: uuidBytes(upload.id),
  companyIdBytes: uuidBytes(upload.companyId),
});

/** Bytes of a row besides its free text: the field count, 29 length words, three uuids, ints, dates, a boolean. */
const ROW_FIXED_BYTES = 2 + 4 * COPY_COLUMNS.length + 3 * 16 + 2 * 4 + 2 * 4 + 1;

/**
 * The most bytes `writeTransactionRow` writes for the row: its fixed part, every text at three bytes a UTF-16 unit,
 * every decimal at its most.
 */
export function transactionRowBound(tx: NormalizedTransaction, classified: ClassifiedRow): number {
  return (
    ROW_FIXED_BYTES +
    3 *
      (tx.source.length +
        tx.type.length +
        tx.eventId.length +
        tx.activityId.length +
        (tx.marketplace?.length ?? 0) +
        (tx.salesChannel?.length ?? 0) +
        (tx.departureCountry?.length ?? 0) +
        (tx.arrivalCountry?.length ?? 0) +
        (tx.taxableJurisdiction?.length ?? 0) +
        (tx.currency?.length ?? 0) +
        (tx.buyerVatNumber?.length ?? 0) +
        (tx.sellerVatNumber?.length ?? 0) +
        (tx.taxReportingScheme?.length ?? 0) +
        (tx.taxCollectionResponsibility?.length ?? 0) +
        (tx.sku?.length ?? 0) +
        classified.treatment.length) +
    numericBound(tx.netAmount) +
    numericBound(tx.vatAmount) +
    numericBound(tx.grossAmount) +
    numericBound(tx.vatRate) +
    numericBound(classified.computedVatAmount)
  );
}

/**
 * Writes `toCopyValues(…)` as one row of COPY's binary format (copy-binary.ts) at the writer's position, field by field
 * in COPY_COLUMNS order (the test decodes it back and compares): no text per row, no escapes, and nothing for the
 * database to parse. A million rows a file make the difference count.
 */
export function writeTransactionRow(
  writer: CopyBinaryWriter,
  tx: NormalizedTransaction,
  upload: BinaryTarget,
  classified: ClassifiedRow,
): void {
  writer.row(COPY_COLUMNS.length);
  writeTransactionIdentity(writer.buffer, writer.uuidAt(), upload.companyId, tx, writer.dateDays(tx.taxPointDate));
  writer.uuid(upload.companyIdBytes);
  writer.uuid(upload.idBytes);
  writer.text(tx.source);
  writer.int32(tx.lineNumber);
  writer.text(tx.type);
  writer.text(tx.eventId);
  writer.text(tx.activityId);
  writer.date(tx.taxPointDate);
  writer.date(tx.completeDate);
  writer.text(tx.marketplace);
  writer.text(tx.salesChannel);
  writer.text(tx.departureCountry);
  writer.text(tx.arrivalCountry);
  writer.text(tx.taxableJurisdiction);
  writer.text(tx.currency);
  writer.numeric(tx.netAmount);
  writer.numeric(tx.vatAmount);
  writer.numeric(tx.grossAmount);
  writer.numeric(tx.vatRate);
  writer.numeric(classified.computedVatAmount);
  writer.text(tx.buyerVatNumber);
  writer.text(tx.sellerVatNumber);
  writer.boolean(tx.isExport);
  writer.text(tx.taxReportingScheme);
  writer.text(tx.taxCollectionResponsibility);
  writer.int32(tx.quantity);
  writer.text(tx.sku);
  writer.text(classified.treatment);
}

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
  /**
   * Binary COPY data for `transactions`, each a whole piece (header, rows, trailer) and a view of a buffer to give back
   * with `release` once it is loaded.
   */
  chunks: Uint8Array[];
  /**
   * COPY text for `transaction_day_sums` (DAY_SUM_COLUMNS), likewise: the sums of the rows encoded since the last,
   * written out when they grow past the encoder's bound and at the end of the file, while every row is encoded.
   */
  daySums: Uint8Array[];
};

/**
 * The buffers COPY data is written into, reused for the whole file. `acquire` waits while every buffer is out being
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

  /** Gives back the buffer under a loaded chunk; one made for a single long row is left to the GC. */
  release(buffer: ArrayBufferLike): void {
    if (buffer.byteLength !== this.bufferBytes) return;
    const next = this.waiting.shift();
    if (next) next(buffer);
    else this.free.push(buffer);
  }
}

/** The size of a chunk buffer: the chunk and room for the row that crosses its mark. */
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

/** Row index bits of a chunk row's sort key: a chunk holds fewer rows (4 MB of rows of 150 bytes and more). */
const ROW_INDEX_BITS = 21;
const ROW_INDEX_LIMIT = 2 ** ROW_INDEX_BITS;

/**
 * The rows of the chunk being filled, to hand over in the order of their ids (the identity key, decision 057): the
 * database then inserts a chunk's keys into that key's B-tree in ascending order rather than at random. Measured at
 * 1M rows, when ids were random (bench/RESULTS.md): the COPYs alone took 0.7-2.0 s less of 10.5-11.7 s on PostgreSQL
 * and about 1 s less of 23.5 s on PGlite, where they run on the server's thread: a PGlite import took 39.0-40.9 s
 * against 39.3-44.0 s. On PostgreSQL, whose backend shares the two cores with the encoding, an import took no less
 * time than before. Each row's key is the first 32 bits of its id (its date and a byte of its digest) above its index
 * in the chunk: exact in a float64, sorted natively, and rows whose ids share those bits keep their file order.
 */
export class ChunkRowOrder {
  private keys = new Float64Array(16_384);
  private starts = new Uint32Array(16_384);
  private count = 0;

  get rowCount(): number {
    return this.count;
  }

  /** A chunk is handed over when its row indexes run out, whatever its bytes. */
  get isFull(): boolean {
    return this.count === ROW_INDEX_LIMIT;
  }

  /** Records the row that starts at `start`, whose id begins with the 32 bits `idPrefix`. */
  add(idPrefix: number, start: number): void {
    if (this.count === this.keys.length) {
      const keys = new Float64Array(this.keys.length * 2);
      keys.set(this.keys);
      this.keys = keys;
      const starts = new Uint32Array(this.starts.length * 2);
      starts.set(this.starts);
      this.starts = starts;
    }
    this.keys[this.count] = idPrefix * ROW_INDEX_LIMIT + this.count;
    this.starts[this.count] = start;
    this.count += 1;
  }

  /**
   * Copies the rows of `source` (the last one ending at `used`) into `target` from `into` on, in id order; answers
   * where they end. Each row goes through a plain `Uint8Array`'s `set`, which V8 copies itself: `Buffer.copy` checks
   * and converts its arguments and calls into Node for each of a million rows, which took twice as long (0.11-0.21 s
   * against 0.08-0.10 s for a million rows of 370 bytes, and 3.8% of the encoding worker's time in an import's profile).
   */
  copySorted(source: Buffer, used: number, target: Buffer, into: number): number {
    const keys = this.keys.subarray(0, this.count).sort();
    const from = new Uint8Array(source.buffer, source.byteOffset, source.byteLength);
    const to = new Uint8Array(target.buffer, target.byteOffset, target.byteLength);
    let written = into;
    for (const key of keys) {
      const index = key % ROW_INDEX_LIMIT;
      const start = this.starts[index] as number;
      const end = index + 1 < this.count ? (this.starts[index + 1] as number) : used;
      to.set(from.subarray(start, end), written);
      written += end - start;
    }
    return written;
  }

  clear(): void {
    this.count = 0;
  }
}

/** Where a row's id begins: after the field count and the id's length word. */
const ID_OFFSET_IN_ROW = 2 + 4;

/**
 * Parses `input` and yields each parser batch with its problems and counts. A chunk is yielded the moment it is full
 * (in a batch of its own, counts unchanged) with its rows in id order (`ChunkRowOrder`), so the generator holds no
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
  const order = new ChunkRowOrder();
  const target = binaryTargetOf(options.upload);
  const writer = new CopyBinaryWriter(Buffer.alloc(0));
  /**
   * The filled part of the buffer, handed over in id order: copied into another buffer of the pool, which waits for
   * one as the encoder would have waited for the next to fill anyway, and holds no more memory. A buffer made for a
   * single long row goes as it is. An empty buffer goes back to the pool. Each chunk begins with the binary format's
   * header and ends with its trailer: a COPY of its own.
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
    if (order.rowCount < 2 || buffer.length !== pool.bufferBytes) return [endCopyBinary(buffer, length)];
    const sorted = await pool.acquire();
    const written = order.copySorted(buffer, length, sorted, startCopyBinary(sorted));
    pool.release(buffer.buffer);
    return [endCopyBinary(sorted, written)];
  };
  /** A batch of its own for filled buffers, the counts unchanged. */
  const handOver = (filled: Pick<EncodedBatch, 'chunks' | 'daySums'>): EncodedBatch => ({
    problems: [],
    transactionCount: 0,
    ...counts,
    ...filled,
  });
  /** A buffer of the pool to write into, or one of its own for a row of `room` bytes that no pool buffer holds. */
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
          // A row that might not fit, with the chunk's trailer after it, starts a new chunk.
          const room = transactionRowBound(tx, classified) + COPY_BINARY_TRAILER_BYTES;
          if (filling && (used + room > filling.length || order.isFull)) {
            yield handOver({ chunks: await take(), daySums: [] });
          }
          if (!filling) {
            filling = await acquireFor(COPY_BINARY_HEADER.length + room);
            used = startCopyBinary(filling);
            writer.buffer = filling;
            order.clear(); // The order holds the rows of the buffer being filled.
          }
          writer.position = used;
          writeTransactionRow(writer, tx, target, classified);
          order.add(filling.readUInt32BE(used + ID_OFFSET_IN_ROW), used);
          used = writer.position;
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
