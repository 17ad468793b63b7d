import { type LineNumbering, PartNotReadableError } from './formats/file-part';
import { MAX_LINE_BYTES } from './formats/parse-types';

/**
 * A file read as interleaved parts, one per encoding worker (decision 061). The file is cut into blocks of
 * `blockBytes`; part `index` of `count` reads blocks index, index + count, … Each block holds the lines that start in
 * it: from the first line break at or after its first byte's predecessor to the same point of the next block, so any
 * two readers draw the same borders. A part starts with the file's header line (the first part has it in its first
 * block), and its lines are numbered as in the whole file: each reader counts the line breaks of its own blocks and
 * publishes them in `lineCounts`, from which the others learn where their blocks' lines begin.
 */
export type FileParts = {
  index: number;
  count: number;
  blockBytes: number;
  /** Line breaks per block, -1 until its reader has counted them (`createLineCounts`). */
  lineCounts: SharedArrayBuffer;
};

/** The block of the parts of an import: 8 MiB, about 17,000 lines of a VTR. */
export const PART_BLOCK_BYTES = 8 * 1024 * 1024;

/** Blocks a file may have (`lineCounts`'s length): 65,536 of 8 MiB are 512 GiB, far past any upload's limit. */
const MAX_BLOCKS = 65_536;

/** The counts the readers of one file's parts share. */
export function createLineCounts(blocks = MAX_BLOCKS): SharedArrayBuffer {
  const counts = new SharedArrayBuffer(blocks * Int32Array.BYTES_PER_ELEMENT);
  new Int32Array(counts).fill(-1);
  return counts;
}

/** Positioned reads of a file that may still be being written. */
export type FileWindow = {
  /** Up to `length` bytes from `position` on, once there are any; none at the end of the whole file. */
  read(position: number, length: number): Promise<Uint8Array>;
};

/** Bytes read at a time, and handed to the parser at a time: a read stream's pieces. */
const PIECE_BYTES = 64 * 1024;
const LINE_FEED = 10;
/** How far a search for a line's end reads at most: past it the line is too long for the parser anyway. */
const LINE_SEARCH_BYTES = MAX_LINE_BYTES + 2;
/** A line before the header with nothing but blanks, delimiters and quotes (`delimited-rows.ts`' EMPTY_RECORD). */
const EMPTY_RECORD = /^[\s,;"]*$/;

type AtomicsWithWaitAsync = {
  waitAsync(array: Int32Array, index: number, value: number): { async: boolean; value: Promise<string> | string };
};

/** The line breaks of `bytes`. */
function countLineFeeds(bytes: Uint8Array): number {
  let count = 0;
  for (let at = bytes.indexOf(LINE_FEED); at !== -1; at = bytes.indexOf(LINE_FEED, at + 1)) count++;
  return count;
}

/**
 * Where the line after the first line break at or after `mark` starts; the file's size when the file ends first
 * (`isEnd`). A line longer than the parser takes cannot be cut into parts.
 */
async function lineStartAfter(file: FileWindow, mark: number): Promise<{ position: number; isEnd: boolean }> {
  for (let position = mark; position < mark + LINE_SEARCH_BYTES; ) {
    const bytes = await file.read(position, PIECE_BYTES);
    if (bytes.byteLength === 0) return { position, isEnd: true };
    const at = bytes.indexOf(LINE_FEED);
    if (at !== -1) return { position: position + at + 1, isEnd: false };
    position += bytes.byteLength;
  }
  throw new PartNotReadableError(`no line ends within ${LINE_SEARCH_BYTES} bytes of byte ${mark}`);
}

/** The bytes from `start` to `end` (or to the end of the file, when `isEnd`), a piece at a time. */
async function readRange(file: FileWindow, start: number, end: number, isEnd = false): Promise<Uint8Array[]> {
  const pieces: Uint8Array[] = [];
  for (let position = start; position < end; ) {
    const bytes = await file.read(position, Math.min(PIECE_BYTES, end - position));
    if (bytes.byteLength === 0 && isEnd) break;
    if (bytes.byteLength === 0) throw new Error(`The file ended at byte ${position}, before byte ${end}`);
    pieces.push(bytes);
    position += bytes.byteLength;
  }
  return pieces;
}

/** The file's first bytes up to the end of its header line: the first line with a value in it (`delimited-rows.ts`). */
async function headerLines(file: FileWindow): Promise<Uint8Array[]> {
  for (let end = 0; end < LINE_SEARCH_BYTES; ) {
    const { position, isEnd } = await lineStartAfter(file, end);
    if (isEnd) throw new PartNotReadableError('the file has no whole header line');
    const line = Buffer.concat(await readRange(file, end, position));
    // The byte-order mark is not text (`decodeText`).
    const text = line.toString('latin1', end === 0 && line[0] === 0xef && line[1] === 0xbb && line[2] === 0xbf ? 3 : 0);
    if (!EMPTY_RECORD.test(text)) return readRange(file, 0, position);
    end = position;
  }
  throw new PartNotReadableError('no header line within the first megabyte');
}

/**
 * The bytes of one part of the file (`FileParts`), as its parser reads them: the header line (unless the part's first
 * block holds it), then its blocks in order, each announced to `lineNumbers` before its first byte is handed over.
 */
export async function* readFilePart(
  file: FileWindow,
  parts: FileParts,
  lineNumbers: LineNumbering,
): AsyncGenerator<Uint8Array> {
  const { index, count, blockBytes } = parts;
  const lineCounts = new Int32Array(parts.lineCounts);
  /** Line breaks in the blocks before `counted`. */
  let lineFeedsBefore = 0;
  let counted = 0;
  /** The line breaks of the blocks before `block`, waiting for the other readers' counts. */
  const lineFeedsBeforeBlock = async (block: number) => {
    for (; counted < block; counted++) {
      while (Atomics.load(lineCounts, counted) === -1) {
        const wait = (Atomics as unknown as AtomicsWithWaitAsync).waitAsync(lineCounts, counted, -1);
        if (wait.async) await wait.value;
      }
      lineFeedsBefore += Atomics.load(lineCounts, counted);
    }
    return lineFeedsBefore;
  };
  /** Lines this part's parser has been handed. */
  let linesHanded = 0;
  if (index > 0) {
    const header = await headerLines(file);
    const headerBytes = header.reduce((sum, piece) => sum + piece.byteLength, 0);
    // The header must end before the first block does, or the part would read it twice.
    if (headerBytes >= blockBytes) throw new PartNotReadableError('the header line ends past the first block');
    linesHanded += header.reduce((sum, piece) => sum + countLineFeeds(piece), 0);
    yield* header;
  }
  for (let block = index; ; block += count) {
    if (block >= lineCounts.length)
      throw new PartNotReadableError(`the file has more than ${lineCounts.length} blocks`);
    const start = block === 0 ? { position: 0, isEnd: false } : await lineStartAfter(file, block * blockBytes - 1);
    if (start.isEnd) return;
    const end = await lineStartAfter(file, (block + 1) * blockBytes - 1);
    const pieces = await readRange(file, start.position, end.position, end.isEnd);
    const lineFeeds = pieces.reduce((sum, piece) => sum + countLineFeeds(piece), 0);
    Atomics.store(lineCounts, block, lineFeeds);
    Atomics.notify(lineCounts, block);
    if (pieces.length > 0) {
      lineNumbers.add(linesHanded, 1 + (await lineFeedsBeforeBlock(block)));
      const last = pieces[pieces.length - 1] as Uint8Array;
      linesHanded += lineFeeds + (last[last.byteLength - 1] === LINE_FEED ? 0 : 1);
      yield* pieces;
    }
    if (end.isEnd) return;
  }
}
