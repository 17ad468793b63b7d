import { appendFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { money } from '@vatlas/domain';
import { afterAll, describe, expect, it } from 'vitest';
import { copyBinaryRowsAsText } from './copy-binary-test-kit';
import type { CopyEncodingOptions } from './copy-encoding';
import { type CopyChunkSource, encodeInParts, encodeInThisThread } from './copy-encoding-thread';
import { createLineCounts, type FileWindow, readFilePart } from './file-parts';
import { LineNumbering, PartNotReadableError } from './formats/file-part';
import { parseTransactionFile } from './formats/format';
import type { ParseBatch } from './formats/parse-types';
import { createGrowingFile } from './growing-file';
import { generateVtrText } from './synthetic-vtr';
import { piecesOf, withBadDate } from './upload-test-kit';

const GENERATED = generateVtrText({ rows: 2500, seed: 61, from: '2025-04-01', to: '2025-06-30' });
const [HEADER = '', ...LINES] = GENERATED.text.split('\r\n');
const column = (name: string) => HEADER.split('\t').indexOf(name);

/** The generated report's line at `index` with the column `name` set to `value`. */
function withCell(lines: readonly string[], index: number, name: string, value: string): string[] {
  return lines.map((line, at) => {
    if (at !== index) return line;
    const cells = line.split('\t');
    cells[column(name)] = value;
    return cells.join('\t');
  });
}

/** A file's bytes, read at most `pieceBytes` at a time, as a file still being written hands them out. */
function windowOf(bytes: Buffer, pieceBytes = 65_536): FileWindow {
  return {
    read: async (position, length) =>
      bytes.subarray(
        Math.min(position, bytes.length),
        Math.min(position + length, position + pieceBytes, bytes.length),
      ),
  };
}

const rowsOf = (batches: ParseBatch[]) =>
  batches.flatMap((batch) =>
    batch.transactions.map((tx) => `${tx.lineNumber}|${tx.eventId}|${tx.type}|${tx.netAmount}`),
  );

async function collect(batches: AsyncIterable<ParseBatch>): Promise<ParseBatch[]> {
  const all: ParseBatch[] = [];
  for await (const batch of batches) all.push(batch);
  return all;
}

/** The file parsed in `count` parts of `blockBytes` blocks at once: every part's batches. */
async function parseInParts(file: Buffer, count: number, blockBytes: number, pieceBytes?: number) {
  const lineCounts = createLineCounts(1024);
  return Promise.all(
    Array.from({ length: count }, (_, index) => {
      const lineNumbers = new LineNumbering();
      const part = readFilePart(windowOf(file, pieceBytes), { index, count, blockBytes, lineCounts }, lineNumbers);
      return collect(parseTransactionFile('amazon-vtr', part, { batchSize: 300, part: { lineNumbers } }));
    }),
  );
}

async function expectPartsToReadAsWhole(file: Buffer, count: number, blockBytes: number, pieceBytes?: number) {
  const whole = rowsOf(await collect(parseTransactionFile('amazon-vtr', piecesOf(file.toString('utf8')))));
  const parts = await parseInParts(file, count, blockBytes, pieceBytes);
  // Each part has rows, and together they are the file's, each row with its line number in the file.
  for (const part of parts) expect(rowsOf(part).length).toBeGreaterThan(0);
  expect(parts.flatMap(rowsOf).sort()).toEqual([...whole].sort());
  expect(whole.length).toBeGreaterThan(100);
  expect(parts.flatMap((part) => part.flatMap((batch) => batch.problems))).toEqual([]);
}

describe('reading a file in parts', () => {
  it('reads every row once, numbered as in the whole file, whatever the block and the number of parts', async () => {
    const file = Buffer.from(GENERATED.text);
    await expectPartsToReadAsWhole(file, 2, 7_001);
    await expectPartsToReadAsWhole(file, 3, 20_000, 1_000);
    await expectPartsToReadAsWhole(file, 2, 1_000_000);
  });

  it('keeps its line numbers past a byte-order mark, blank lines, lines longer than a block and a last line without a break', async () => {
    const long = withCell(LINES.slice(0, 400), 150, 'BUYER_NAME', `Åsa ${'x'.repeat(30_000)}`);
    const spaced = long.flatMap((line, at) => (at % 97 === 0 ? ['', line] : [line]));
    const text = `\ufeff\r\n${HEADER}\r\n${spaced.join('\n').replace(/\n$/, '')}`;
    await expectPartsToReadAsWhole(Buffer.from(text), 2, 7_001);
    await expectPartsToReadAsWhole(Buffer.from(text), 3, 4_096, 999);
  });

  it('refuses what a part cannot tell alone: comma-separated text, a byte that is not UTF-8, UTF-16', async () => {
    const commas = Buffer.from([HEADER, ...LINES.slice(0, 300)].map((line) => line.replaceAll('\t', ',')).join('\n'));
    // Windows-1252 (as the whole file might be, were its first line beyond ASCII), or UTF-8 with a stray byte in it.
    const latin1 = Buffer.from([HEADER, ...LINES.slice(0, 300)].join('\n'), 'latin1');
    const utf16 = Buffer.from(`\ufeff${[HEADER, ...LINES.slice(0, 300)].join('\n')}`, 'utf16le');
    const mixed = Buffer.concat([Buffer.from(GENERATED.text.slice(0, 100_000)), Buffer.from([0xe9, 0x0a])]);
    expect(latin1.some((byte) => byte >= 0x80)).toBe(true);
    for (const file of [commas, latin1, utf16, mixed]) {
      await expect(parseInParts(file, 2, 7_001)).rejects.toBeInstanceOf(PartNotReadableError);
    }
  });
});

const OPTIONS: CopyEncodingOptions = {
  sourceFormat: 'amazon-vtr',
  fileName: 'generated.txt',
  upload: { id: '3f0c8a52-8a2b-4f5e-9a41-0c1d2e3f4a5b', companyId: '7d1c2f4e-0b6a-4c51-9d3e-5a8f1b2c3d01' },
  profile: { establishmentCountry: 'DE', ioss: null },
  encodeRows: true,
  batchRows: 200,
  chunkBytes: 50_000,
  maxDaySums: 200,
};

/** Day sums (COPY text of DAY_SUM_COLUMNS) added up by their key: however they were split, the same totals. */
function addUpDaySums(text: string): Map<string, string> {
  const sums = new Map<string, string[]>();
  for (const line of text.split('\n').filter(Boolean)) {
    const cells = line.split('\t');
    const key = cells.slice(0, 11).join('|');
    const values = cells.slice(11);
    const held = sums.get(key);
    sums.set(
      key,
      held
        ? held.map((value, at) =>
            money(value)
              .plus(money(values[at] as string))
              .toString(),
          )
        : values,
    );
  }
  return new Map([...sums].map(([key, values]) => [key, values.map((value) => money(value).toFixed(2)).join('|')]));
}

/** Everything a source yields, chunks given back as loaded; rows sorted, since parts hand theirs over as they come. */
async function readAll(source: CopyChunkSource) {
  const rows: string[] = [];
  let daySums = '';
  let transactions = 0;
  let last = { bytesRead: 0, linesRead: 0 };
  for await (const batch of source.batches) {
    transactions += batch.transactionCount;
    for (const piece of batch.daySums) {
      daySums += Buffer.from(piece).toString('utf8');
      source.release(piece);
    }
    for (const chunk of batch.chunks) {
      rows.push(...copyBinaryRowsAsText(chunk));
      source.release(chunk);
    }
    last = { bytesRead: batch.bytesRead, linesRead: batch.linesRead };
  }
  return { rows: rows.sort(), daySums: addUpDaySums(daySums), transactions, ...last };
}

describe('encoding a file in parts, in two worker threads', () => {
  const directory = mkdtempSync(join(tmpdir(), 'vatlas-parts-'));
  afterAll(() => rmSync(directory, { recursive: true, force: true }));
  const fileOf = (name: string, text: string) => {
    const localPath = join(directory, name);
    writeFileSync(localPath, text);
    return { localPath };
  };

  it('yields the rows, day sums and counts of the whole file read in one thread', async () => {
    const inParts = await readAll(
      encodeInParts(fileOf('report.txt', GENERATED.text), OPTIONS, {}, { blockBytes: 50_000 }),
    );
    const whole = await readAll(encodeInThisThread(piecesOf(GENERATED.text, 65_536), OPTIONS));
    expect(inParts.transactions).toBe(GENERATED.expected.rowCount);
    expect(inParts.rows).toEqual(whole.rows);
    expect(inParts.daySums).toEqual(whole.daySums);
    expect(inParts.linesRead).toBe(whole.linesRead);
    // The second part reads the header line too.
    expect(inParts.bytesRead).toBe(whole.bytesRead + Buffer.byteLength(`${HEADER}\r\n`));
  });

  it('reads a file as it is written, each part as far as it is written', async () => {
    const localPath = join(directory, 'growing.txt');
    writeFileSync(localPath, '');
    const writer = createGrowingFile(localPath);
    const bytes = Buffer.from(GENERATED.text);
    const reading = readAll(encodeInParts(writer.file, OPTIONS, {}, { blockBytes: 30_000 }));
    for (let at = 0; at < bytes.length; at += 40_000) {
      appendFileSync(localPath, bytes.subarray(at, at + 40_000));
      writer.written(Math.min(at + 40_000, bytes.length));
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    writer.whole(bytes.length);
    const whole = await readAll(encodeInThisThread(piecesOf(GENERATED.text, 65_536), OPTIONS));
    expect((await reading).rows).toEqual(whole.rows);
  });

  it('ends with PartNotReadableError at a row problem, a whole-file error or a file without rows', async () => {
    const badRow = [HEADER, ...withBadDate(HEADER, LINES, 2000)].join('\r\n');
    const tooLong = [HEADER, ...withCell(LINES, 1800, 'BUYER_NAME', 'x'.repeat(1_100_000))].join('\r\n');
    const blankRows = `${HEADER}\r\n${'\r\n'.repeat(60_000)}`;
    for (const [name, text] of [
      ['bad-row.txt', badRow],
      ['too-long.txt', tooLong],
      ['blank.txt', blankRows],
    ] as const) {
      const source = encodeInParts(fileOf(name, text), OPTIONS, {}, { blockBytes: 50_000 });
      await expect(readAll(source)).rejects.toBeInstanceOf(PartNotReadableError);
    }
  });
});
