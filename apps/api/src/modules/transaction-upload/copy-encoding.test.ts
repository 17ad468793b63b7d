import type { NormalizedTransaction } from '@vatlas/domain';
import { describe, expect, it } from 'vitest';
import { COPY_BINARY_HEADER, CopyBinaryWriter, endCopyBinary, startCopyBinary } from '../../db/copy-binary';
import { copyBinaryRowsAsText } from './copy-binary-test-kit';
import {
  binaryTargetOf,
  type ChunkBufferPool,
  ChunkRowOrder,
  COPY_COLUMNS,
  type CopyEncodingOptions,
  classifyRow,
  createChunkBufferPool,
  encodeCopyChunks,
  toCopyValues,
  transactionRowBound,
  writeTransactionRow,
} from './copy-encoding';
import { encodeCopyLine } from './copy-text';
import { DAY_SUM_COLUMNS } from './day-sums';
import { parseTransactionFile } from './formats/format';
import { generateVtrText } from './synthetic-vtr';
import { transactionIdentity } from './transaction-identity';
import { piecesOf } from './upload-test-kit';

const UPLOAD = { id: '3f0c8a52-8a2b-4f5e-9a41-0c1d2e3f4a5b', companyId: '7d1c2f4e-0b6a-4c51-9d3e-5a8f1b2c3d01' };

const SALE: NormalizedTransaction = {
  source: 'amazon-vtr',
  lineNumber: 7,
  type: 'SALE',
  eventId: '302-1234567-1234567',
  activityId: 'amzn1:crow:abc',
  taxPointDate: '2025-03-14',
  completeDate: '2025-03-15',
  marketplace: 'amazon.fr',
  salesChannel: 'AFN',
  departureCountry: 'DE',
  arrivalCountry: 'FR',
  taxableJurisdiction: 'FR',
  currency: 'EUR',
  netAmount: '10.05',
  vatAmount: '2.01',
  grossAmount: '12.06',
  vatRate: '0.2',
  buyerVatNumber: null,
  sellerVatNumber: 'FR12345678901',
  isExport: false,
  taxReportingScheme: 'UNION-OSS',
  taxCollectionResponsibility: 'SELLER',
  quantity: 2,
  sku: 'SKU-1',
};

describe('toCopyValues', () => {
  it('puts every field under its own column, with the identity, the row VAT and the treatment', () => {
    const values = toCopyValues(SALE, UPLOAD, classifyRow(SALE, { establishmentCountry: 'DE', ioss: null }));
    const row = Object.fromEntries(COPY_COLUMNS.map((column, index) => [column, values[index]]));
    expect(values).toHaveLength(COPY_COLUMNS.length);
    expect(row).toEqual({
      id: transactionIdentity(UPLOAD.companyId, SALE),
      company_id: UPLOAD.companyId,
      upload_id: UPLOAD.id,
      source: 'amazon-vtr',
      line_number: 7,
      transaction_type: 'SALE',
      event_id: '302-1234567-1234567',
      activity_id: 'amzn1:crow:abc',
      tax_point_date: '2025-03-14',
      complete_date: '2025-03-15',
      marketplace: 'amazon.fr',
      sales_channel: 'AFN',
      departure_country: 'DE',
      arrival_country: 'FR',
      taxable_jurisdiction: 'FR',
      currency: 'EUR',
      net_amount: '10.05',
      vat_amount: '2.01',
      gross_amount: '12.06',
      vat_rate: '0.2',
      computed_vat_amount: '2.01',
      buyer_vat_number: null,
      seller_vat_number: 'FR12345678901',
      is_export: false,
      tax_reporting_scheme: 'UNION-OSS',
      tax_collection_responsibility: 'SELLER',
      quantity: 2,
      sku: 'SKU-1',
      treatment: 'intra-eu-distance-sale',
    });
  });
});

/** One row written by `writeTransactionRow`, as a whole piece of binary COPY data. */
function binaryChunkOf(row: NormalizedTransaction, classified: ReturnType<typeof classifyRow>): Uint8Array {
  const writer = new CopyBinaryWriter(
    Buffer.alloc(COPY_BINARY_HEADER.length + transactionRowBound(row, classified) + 2),
  );
  writer.position = startCopyBinary(writer.buffer);
  writeTransactionRow(writer, row, binaryTargetOf(UPLOAD), classified);
  return endCopyBinary(writer.buffer, writer.position);
}

describe('writeTransactionRow', () => {
  const profile = { establishmentCountry: 'DE', ioss: null };
  const rows: [string, NormalizedTransaction][] = [
    ['a sale', SALE],
    [
      'a movement with every optional field empty',
      {
        ...SALE,
        type: 'FC_TRANSFER',
        marketplace: null,
        salesChannel: null,
        arrivalCountry: null,
        taxableJurisdiction: null,
        currency: null,
        vatRate: null,
        sellerVatNumber: null,
        taxReportingScheme: null,
        taxCollectionResponsibility: null,
        sku: null,
        isExport: true,
      },
    ],
    [
      'free text with a backslash, a tab, a newline and a return',
      {
        ...SALE,
        eventId: 'a\\b',
        activityId: 'tab\there',
        marketplace: 'line\nbreak',
        salesChannel: 'carriage\rreturn',
        buyerVatNumber: 'FR\\12',
        sellerVatNumber: 'x\ty',
        taxReportingScheme: 'a\r\nb',
        sku: 'SKU\\\t\n\r',
      },
    ],
  ];

  it.each(rows)('writes %s as one binary row of the values toCopyValues gives, within its bound', (_name, row) => {
    const classified = classifyRow(row, profile);
    const chunk = binaryChunkOf(row, classified);
    expect(copyBinaryRowsAsText(chunk)).toEqual([encodeCopyLine(toCopyValues(row, UPLOAD, classified))]);
    expect(chunk.length).toBeLessThanOrEqual(COPY_BINARY_HEADER.length + transactionRowBound(row, classified) + 2);
  });
});

const GENERATED = generateVtrText({ rows: 1200, seed: 11, from: '2025-01-01', to: '2025-03-31' });
const ENCODING: CopyEncodingOptions = {
  sourceFormat: 'amazon-vtr',
  fileName: 'generated.txt',
  upload: UPLOAD,
  profile: { establishmentCountry: 'DE', ioss: null },
  encodeRows: true,
  batchRows: 100,
  chunkBytes: 20_000,
};

/** The file's rows as COPY text lines, in file order, from the parser and `toCopyValues` directly. */
async function expectedCopyLines(text: string): Promise<string[]> {
  const expected: string[] = [];
  for await (const batch of parseTransactionFile('amazon-vtr', piecesOf(text))) {
    for (const row of batch.transactions) {
      expected.push(encodeCopyLine(toCopyValues(row, UPLOAD, classifyRow(row, ENCODING.profile))));
    }
  }
  return expected;
}

/** A piece of day sums, and how many chunks of rows came before it. */
type DaySumPiece = { text: string; after: number };

/**
 * Everything `encodeCopyChunks` yields for `text`, each buffer given back as the import gives it back once loaded: the
 * chunks of rows as their rows' COPY text lines (`copyBinaryRowsAsText`) with their sizes in bytes.
 */
async function encodeAll(text: string, options: CopyEncodingOptions, pool: ChunkBufferPool) {
  const chunks: string[][] = [];
  const chunkBytes: number[] = [];
  const daySums: DaySumPiece[] = [];
  let transactions = 0;
  let last = { bytesRead: 0, linesRead: 0 };
  for await (const batch of encodeCopyChunks(piecesOf(text), options, pool)) {
    expect(batch.problems).toEqual([]);
    transactions += batch.transactionCount;
    expect(batch.bytesRead).toBeGreaterThanOrEqual(last.bytesRead);
    last = { bytesRead: batch.bytesRead, linesRead: batch.linesRead };
    for (const chunk of batch.chunks) {
      chunks.push(copyBinaryRowsAsText(chunk));
      chunkBytes.push(chunk.length);
      pool.release(chunk.buffer);
    }
    for (const piece of batch.daySums) {
      daySums.push({ text: Buffer.from(piece).toString('utf8'), after: chunks.length });
      pool.release(piece.buffer);
    }
  }
  return { chunks, chunkBytes, daySums, transactions, ...last };
}

/** The day sums' COPY lines, each as its cells; every piece holds whole lines. */
function daySumLinesOf(pieces: readonly DaySumPiece[]): string[][] {
  return pieces.flatMap((piece) => {
    expect(piece.text.endsWith('\n')).toBe(true);
    return piece.text
      .slice(0, -1)
      .split('\n')
      .map((line) => line.split('\t'));
  });
}

/** A day sum's grain: its cells before the sums (upload, company, and the key `UploadDaySums` holds). */
const daySumKeyOf = (cells: readonly string[]) => cells.slice(0, DAY_SUM_COLUMNS.indexOf('net_amount')).join('\t');
/** Characters of the keys `UploadDaySums` holds for these sums (their grain without the upload and the company). */
const keyCharsOf = (lines: readonly string[][]) =>
  lines.reduce((total, cells) => total + cells.slice(2, DAY_SUM_COLUMNS.indexOf('net_amount')).join('\t').length, 0);

/** The sums of each grain added up (amounts in whole cents: every one has two decimals), in the grains' order. */
function addedUpByGrain(lines: readonly string[][]): [string, string][] {
  const sums = new Map<string, bigint[]>();
  const firstSum = DAY_SUM_COLUMNS.indexOf('net_amount');
  for (const cells of lines) {
    const values = cells.slice(firstSum).map((value) => BigInt(value.replace('.', '')));
    const key = daySumKeyOf(cells);
    const sum = sums.get(key);
    sums.set(key, sum ? sum.map((total, index) => total + (values[index] ?? 0n)) : values);
  }
  return [...sums]
    .map(([key, values]) => [key, values.join(',')] as [string, string])
    .sort(([a], [b]) => a.localeCompare(b));
}

/** The first 32 bits of a line's id, which order the rows of a chunk. */
const idPrefixOf = (line: string) => line.slice(0, 8);

/**
 * Every chunk in id order, and together every row once: each chunk holds a run of the file's rows (the next ones in
 * file order), reordered by id.
 */
function expectChunksOfLinesInIdOrder(chunks: readonly string[][], expected: readonly string[]) {
  let next = 0;
  for (const lines of chunks) {
    const prefixes = lines.map(idPrefixOf);
    expect(prefixes).toEqual(prefixes.toSorted());
    const run = expected.slice(next, next + lines.length);
    expect(lines.toSorted()).toEqual(run.toSorted());
    next += lines.length;
  }
  expect(next).toBe(expected.length);
}

describe('ChunkRowOrder', () => {
  const line = (id: string, text: string) => `${id}\t${text}\n`;
  /** The first 32 bits of a line's id, as the encoder reads them from a row's bytes. */
  const prefixOf = (text: string) => Number.parseInt(text.slice(0, 8), 16);

  it('copies the lines of a chunk byte for byte, ordered by the first 32 bits of their ids, ties in the order they came', () => {
    const lines = [
      line('c0000000-0000-8000-8000-000000000001', 'Zürich'),
      line('0a000000-0000-8000-8000-000000000002', 'first of two with the same leading bits'),
      line('ffffffff-0000-8000-8000-000000000003', '€ and 😀, multi-byte'),
      line('0a000000-0000-8000-8000-000000000001', 'second of two with the same leading bits'),
      line('1B000000-0000-8000-8000-000000000004', 'upper-case hex'),
      line('00000000-0000-8000-8000-000000000005', 'the smallest'),
    ];
    const order = new ChunkRowOrder();
    const source = Buffer.alloc(1024);
    let used = 0;
    for (const text of lines) {
      order.add(prefixOf(text), used);
      used += source.write(text, used, 'utf8');
    }
    expect(order.rowCount).toBe(lines.length);
    const target = Buffer.alloc(1024);
    const written = order.copySorted(source, used, target, 0);
    expect(written).toBe(used);
    expect(target.subarray(0, written).toString('utf8')).toBe(
      [lines[5], lines[1], lines[3], lines[4], lines[0], lines[2]].join(''),
    );
    order.clear();
    expect(order.rowCount).toBe(0);
  });

  it('takes more lines than it first has room for', () => {
    const order = new ChunkRowOrder();
    const count = 40_000;
    const texts = Array.from({ length: count }, (_, index) =>
      line(`${(count - index).toString(16).padStart(8, '0')}-0000-8000-8000-000000000000`, String(index)),
    );
    const source = Buffer.from(texts.join(''));
    let start = 0;
    for (const text of texts) {
      order.add(prefixOf(text), start);
      start += Buffer.byteLength(text);
    }
    // After what the target already holds (a chunk's header).
    const target = Buffer.alloc(source.length + 3, '!');
    expect(order.copySorted(source, source.length, target, 3)).toBe(target.length);
    expect(target.toString('utf8')).toBe(`!!!${texts.toReversed().join('')}`);
  });
});

describe('encodeCopyChunks', () => {
  it('yields every row once, in whole lines in id order, in chunks near the chunk size, holding two buffers at most', async () => {
    // Two buffers in the pool (one filled, one its lines are copied into in id order): were a third one needed before
    // one came back, the generator would wait forever.
    const pool = createChunkBufferPool(ENCODING.chunkBytes, 2);
    const { chunks, chunkBytes, daySums, transactions, linesRead } = await encodeAll(GENERATED.text, ENCODING, pool);
    expect(transactions).toBe(GENERATED.expected.rowCount);
    expect(linesRead).toBe(GENERATED.expected.rowCount);
    expect(chunks.length).toBeGreaterThan(10);
    for (const bytes of chunkBytes.slice(0, -1)) expect(bytes).toBeGreaterThanOrEqual(ENCODING.chunkBytes - 2000);
    expectChunksOfLinesInIdOrder(chunks, await expectedCopyLines(GENERATED.text));
    // Fewer sums than the encoder holds: all of them come after the last chunk of rows, each grain once, and every
    // row is in one of them.
    expect(daySums.every((piece) => piece.after === chunks.length)).toBe(true);
    const sums = daySumLinesOf(daySums);
    expect(sums.length).toBeGreaterThan(50);
    expect(new Set(sums.map(daySumKeyOf)).size).toBe(sums.length);
    expect(sums.reduce((total, line) => total + Number(line.at(-1)), 0)).toBe(GENERATED.expected.rowCount);
  });

  it.each([
    ['sums', { maxDaySums: 50 }, (lines: string[][]) => lines.length, 50],
    ["characters of the sums' keys", { maxDaySumKeyChars: 2_000 }, (lines: string[][]) => keyCharsOf(lines), 2_000],
  ])(
    'writes the day sums out as the rows come whenever they pass the most %s it holds, adding up to the same',
    async (_limit, most, measure, limit) => {
      const pool = createChunkBufferPool(ENCODING.chunkBytes, 2);
      const bounded = await encodeAll(GENERATED.text, { ...ENCODING, ...most }, pool);
      const whole = await encodeAll(GENERATED.text, ENCODING, createChunkBufferPool(ENCODING.chunkBytes, 2));
      // The rows are as they were; the sums came in many pieces, most of them before the last chunk of rows.
      expect(bounded.chunks).toEqual(whole.chunks);
      expect(bounded.daySums.length).toBeGreaterThan(5);
      expect(bounded.daySums.filter((piece) => piece.after < bounded.chunks.length).length).toBeGreaterThan(3);
      for (const piece of bounded.daySums) {
        // A piece is what the encoder held when the limit was reached: below it until its last sum.
        const lines = daySumLinesOf([piece]);
        expect(measure(lines.slice(0, -1))).toBeLessThan(limit);
      }
      // A grain split between two pieces adds up to what it is in one.
      expect(addedUpByGrain(daySumLinesOf(bounded.daySums))).toEqual(addedUpByGrain(daySumLinesOf(whole.daySums)));
    },
  );

  it('encodes nothing (rows or day sums) once a row has a problem, and nothing at all when asked for the counts only', async () => {
    const lines = GENERATED.text.split('\r\n');
    const header = (lines[0] ?? '').split('\t');
    const broken = (lines[3] ?? '').split('\t');
    broken[header.indexOf('TRANSACTION_COMPLETE_DATE')] = '31-02-2025';
    lines[3] = broken.join('\t');
    const withProblem = lines.join('\r\n');

    for (const [text, options] of [
      [withProblem, ENCODING],
      [GENERATED.text, { ...ENCODING, encodeRows: false }],
    ] as const) {
      const pool = createChunkBufferPool(options.chunkBytes, 2);
      let chunkCount = 0;
      let problems = 0;
      let linesRead = 0;
      for await (const batch of encodeCopyChunks(piecesOf(text), options, pool)) {
        expect(batch.daySums).toEqual([]);
        chunkCount += batch.chunks.length;
        problems += batch.problems.length;
        linesRead = batch.linesRead;
      }
      expect(chunkCount).toBe(0);
      expect(problems).toBe(text === withProblem ? 1 : 0);
      // The rest is still read to the end, for its problems and counts.
      expect(linesRead).toBe(GENERATED.expected.rowCount);
    }
  });
});
