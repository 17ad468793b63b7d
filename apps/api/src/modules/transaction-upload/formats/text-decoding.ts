import { isAscii, isUtf8 } from 'node:buffer';
import { FileFormatError } from './parse-types';

export type TextEncodingName = 'utf-8' | 'utf-16le' | 'utf-16be' | 'windows-1252';

/**
 * The encoding the first bytes announce: a byte-order mark decides; without one, UTF-16 shows as a zero byte beside
 * every ASCII character, and everything else starts as UTF-8 (which falls back to Windows-1252, see `decodeText`).
 */
export function detectTextEncoding(head: Uint8Array): TextEncodingName {
  if (head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf) return 'utf-8';
  if (head[0] === 0xff && head[1] === 0xfe) return 'utf-16le';
  if (head[0] === 0xfe && head[1] === 0xff) return 'utf-16be';
  if (head.byteLength >= 2 && head[0] !== 0 && head[1] === 0) return 'utf-16le';
  if (head.byteLength >= 2 && head[0] === 0 && head[1] !== 0) return 'utf-16be';
  if (head.includes(0)) {
    throw new FileFormatError(
      'unsupported-encoding',
      'The file contains binary data, not text: upload the sales report as tab-separated text, CSV or .xlsx.',
    );
  }
  return 'utf-8';
}

const NON_ASCII = /[\u0080-\uffff]/;

/** A character of Latin-1 text above ASCII: in text that holds UTF-8 bytes, a byte of a multi-byte character. */
const ABOVE_ASCII = /[\u0080-\u00ff]/;

/**
 * A byte stream's text, a chunk at a time. UTF-8 arrives as its bytes, each as the Latin-1 character of the same code,
 * while `holdsUtf8Bytes()`: a reader finds tabs, commas, quotes and line breaks in it as in the real text (UTF-8 uses
 * bytes below 0x80 for ASCII only), and restores the characters of what it takes out (`restoreUtf8`).
 *
 * Why: nearly every line of a sales report carries a name, an address or a city with a character beyond ASCII. Decoded
 * as UTF-8, the whole text, and every cell sliced from it, is then held two bytes a character. Validated (`isUtf8`)
 * and copied as Latin-1 instead, it is held one byte a character, and only the few cells a mapper reads that hold such
 * characters are decoded. Measured on 185,307 rows of the synthetic report (which, like Amazon's, has such a character
 * on nearly every line), parsed and encoded in a worker thread: 2.15-2.22 s against 2.51-2.62 s, the same COPY text.
 */
export type DecodedText = {
  chunks: AsyncIterable<string>;
  /**
   * Whether the text holds UTF-8 bytes. It turns false at most once: when a file without a byte-order mark turns out
   * to be Windows-1252, up to which its text was ASCII, where the two readings agree.
   */
  holdsUtf8Bytes(): boolean;
  /**
   * Whether a chunk yielded so far held the character U+0000, which no text of a report means and PostgreSQL's text
   * cannot store. Known for a chunk before any of its rows is read, so that only a file that holds one has its rows'
   * cells looked through for it (`parseTransactionFile`).
   */
  holdsNul(): boolean;
};

/** The characters a piece of UTF-8-bytes text (`DecodedText`) stands for. */
export function restoreUtf8(piece: string): string {
  return ABOVE_ASCII.test(piece) ? Buffer.from(piece, 'latin1').toString('utf8') : piece;
}

/**
 * Decodes a byte stream to text chunks, correct at any chunk boundary (a character split between two chunks waits for
 * the next). A file without a byte-order mark is read as UTF-8 until a byte is not valid UTF-8: if nothing but ASCII
 * came before, the file is Windows-1252 (which agrees with UTF-8 on ASCII, so nothing decoded so far changes) and the
 * rest is decoded so; after real UTF-8 characters, the file mixes encodings and is refused. UTF-8 text holds its bytes
 * (`DecodedText`).
 */
export function decodeText(chunks: AsyncIterable<Uint8Array>, encoding: TextEncodingName): DecodedText {
  const state = { holdsUtf8Bytes: encoding === 'utf-8', holdsNul: false };
  const decoded = encoding === 'utf-8' ? utf8AsBytes(chunks, state) : decodeWith(chunks, encoding);
  return {
    chunks: withoutByteOrderMark(decoded, state),
    holdsUtf8Bytes: () => state.holdsUtf8Bytes,
    holdsNul: () => state.holdsNul,
  };
}

/**
 * The byte-order mark, once, at the start (as UTF-8 bytes or as U+FEFF): a mark mid-file is text. `state.holdsNul` is
 * set before the first chunk that holds U+0000 is handed on.
 */
async function* withoutByteOrderMark(
  chunks: AsyncIterable<string>,
  state: { holdsNul: boolean },
): AsyncGenerator<string> {
  let isFirst = true;
  for await (let text of chunks) {
    if (isFirst && text.length > 0) {
      isFirst = false;
      if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
      else if (text.startsWith(UTF8_BYTE_ORDER_MARK)) text = text.slice(UTF8_BYTE_ORDER_MARK.length);
    }
    if (!state.holdsNul && text.includes('\u0000')) state.holdsNul = true;
    if (text.length > 0) yield text;
  }
}

const UTF8_BYTE_ORDER_MARK = '\u00ef\u00bb\u00bf';

/**
 * UTF-8 as its bytes (`DecodedText`): each chunk is validated up to its last whole character and copied as Latin-1;
 * the bytes of a character it cuts wait for the next chunk. The first chunk that is not valid UTF-8 turns a file
 * without a byte-order mark that was ASCII so far into Windows-1252, decoded from there on; else it is refused.
 */
async function* utf8AsBytes(
  chunks: AsyncIterable<Uint8Array>,
  state: { holdsUtf8Bytes: boolean },
): AsyncGenerator<string> {
  let held: Uint8Array = new Uint8Array(0);
  let hasSeenNonAscii = false;
  let offset = 0;
  const iterator = chunks[Symbol.asyncIterator]();
  for (let next = await iterator.next(); !next.done; next = await iterator.next()) {
    const chunk = next.value;
    const bytes = held.byteLength === 0 ? chunk : Buffer.concat([held, chunk]);
    const whole = bytes.subarray(0, wholeUtf8Length(bytes));
    if (!isUtf8(whole)) {
      // `held` is at most the start of a character: what is invalid is in this chunk, which starts at `offset`.
      if (hasSeenNonAscii || hasValidNonAsciiBeforeError(held, chunk)) throw invalidBytes('utf-8', offset);
      state.holdsUtf8Bytes = false;
      const rest = (async function* () {
        yield bytes;
        for (let more = await iterator.next(); !more.done; more = await iterator.next()) yield more.value;
      })();
      yield* decodeWith(rest, 'windows-1252');
      return;
    }
    if (!hasSeenNonAscii && !isAscii(whole)) hasSeenNonAscii = true;
    held = Uint8Array.from(bytes.subarray(whole.byteLength));
    offset += chunk.byteLength;
    if (whole.byteLength > 0) yield Buffer.from(whole.buffer, whole.byteOffset, whole.byteLength).toString('latin1');
  }
  if (held.byteLength > 0) {
    throw new FileFormatError('truncated', 'The file ends in the middle of a UTF-8 character: it was cut short.');
  }
}

/**
 * The bytes of `bytes` up to the end of its last whole UTF-8 character: a character the end cuts (a lead byte without
 * all the bytes it announces) is left out. Invalid bytes are not looked for here (`isUtf8` does).
 */
function wholeUtf8Length(bytes: Uint8Array): number {
  const length = bytes.byteLength;
  for (let back = 1; back <= Math.min(3, length); back++) {
    const byte = bytes[length - back] as number;
    if (byte < 0x80) return length;
    if (byte >= 0xc0) {
      const announced = byte >= 0xf0 ? 4 : byte >= 0xe0 ? 3 : 2;
      return back >= announced ? length : length - back;
    }
  }
  return length;
}

/** Decodes with a `TextDecoder` (UTF-16, or Windows-1252 after UTF-8 fell back), failing on invalid bytes. */
async function* decodeWith(chunks: AsyncIterable<Uint8Array>, encoding: TextEncodingName): AsyncGenerator<string> {
  // The BOM is removed once, at the start (`withoutByteOrderMark`): a decoder first used mid-file must not eat one.
  const decoder = new TextDecoder(encoding, { fatal: true, ignoreBOM: true });
  let offset = 0;
  for await (const chunk of chunks) {
    let text: string;
    try {
      text = decoder.decode(chunk, { stream: true });
    } catch {
      throw invalidBytes(encoding, offset);
    }
    offset += chunk.byteLength;
    if (text.length > 0) yield text;
  }
  let rest: string;
  try {
    rest = decoder.decode();
  } catch {
    throw new FileFormatError(
      'truncated',
      `The file ends in the middle of a ${encoding.toUpperCase()} character: it was cut short.`,
    );
  }
  if (rest.length > 0) yield rest;
}

/** Whether the chunk has real UTF-8 characters before its first invalid byte: then the file mixes encodings. */
function hasValidNonAsciiBeforeError(pending: Uint8Array, chunk: Uint8Array): boolean {
  const lenient = new TextDecoder('utf-8');
  const text = lenient.decode(pending, { stream: true }) + lenient.decode(chunk, { stream: true });
  const firstInvalid = text.indexOf('\ufffd');
  return NON_ASCII.test(firstInvalid === -1 ? text : text.slice(0, firstInvalid));
}

function invalidBytes(encoding: TextEncodingName, offset: number): FileFormatError {
  const message =
    encoding === 'utf-8'
      ? `The file is not valid UTF-8 in the part that starts at byte ${offset}, although it is UTF-8 before: it mixes encodings. Save it again as UTF-8.`
      : `The file is not valid ${encoding.toUpperCase()} in the part that starts at byte ${offset}. Save it again as UTF-8.`;
  return new FileFormatError('unsupported-encoding', message, { encoding, byteOffset: offset });
}
