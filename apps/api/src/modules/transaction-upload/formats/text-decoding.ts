import { isAscii } from 'node:buffer';
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

/**
 * Decodes a byte stream to text chunks, correct at any chunk boundary (`stream: true` keeps a split character for the
 * next chunk). A file without a byte-order mark is read as UTF-8 until a byte is not valid UTF-8: if nothing but ASCII
 * came before, the file is Windows-1252 (which agrees with UTF-8 on ASCII, so nothing decoded so far changes) and the
 * rest is decoded so; after real UTF-8 characters, the file mixes encodings and is refused.
 *
 * Chunks of pure ASCII (nearly all of an Amazon report) skip the decoder: checking and copying them as Latin-1 is some
 * forty times faster than UTF-8 decoding, and gives the same text.
 */
export async function* decodeText(
  chunks: AsyncIterable<Uint8Array>,
  encoding: TextEncodingName,
): AsyncGenerator<string> {
  // The BOM is removed below, once, at the start: a decoder first used mid-file must not eat a U+FEFF there.
  let decoder = new TextDecoder(encoding, { fatal: true, ignoreBOM: true });
  const isAsciiCompatible = encoding === 'utf-8';
  let isUtf8Probe = encoding === 'utf-8';
  let hasSeenNonAscii = false;
  /** Whether the UTF-8 decoder may be holding the start of a character (the last byte it got was not ASCII). */
  let mayHoldBytes = false;
  /** The last bytes of the input: a UTF-8 decoder may be holding the start of a character from them. */
  let tail: Uint8Array = new Uint8Array(0);
  let offset = 0;
  let isFirst = true;
  for await (const chunk of chunks) {
    let text: string;
    if (isAsciiCompatible && !mayHoldBytes && isAscii(chunk)) {
      text = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength).toString('latin1');
    } else {
      try {
        text = decoder.decode(chunk, { stream: true });
      } catch {
        // Only bytes >= 0x80 can be held back by the UTF-8 decoder, and they can only be the end of the tail.
        let held = tail.byteLength;
        while (held > 0 && (tail[held - 1] as number) >= 0x80) held--;
        const pending = tail.subarray(held);
        if (!isUtf8Probe || hasSeenNonAscii || hasValidNonAsciiBeforeError(pending, chunk)) {
          throw invalidBytes(encoding, offset);
        }
        decoder = new TextDecoder('windows-1252');
        isUtf8Probe = false;
        text = decoder.decode(pending, { stream: true }) + decoder.decode(chunk, { stream: true });
      }
      mayHoldBytes = isUtf8Probe && (chunk[chunk.byteLength - 1] as number) >= 0x80;
      if (isUtf8Probe && !hasSeenNonAscii && NON_ASCII.test(text)) hasSeenNonAscii = true;
    }
    if (isUtf8Probe) tail = keepTail(tail, chunk);
    offset += chunk.byteLength;
    if (isFirst && text.length > 0) {
      isFirst = false;
      if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    }
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
  if (isFirst && rest.charCodeAt(0) === 0xfeff) rest = rest.slice(1);
  if (rest.length > 0) yield rest;
}

/** Whether the chunk has real UTF-8 characters before its first invalid byte: then the file mixes encodings. */
function hasValidNonAsciiBeforeError(pending: Uint8Array, chunk: Uint8Array): boolean {
  const lenient = new TextDecoder('utf-8');
  const text = lenient.decode(pending, { stream: true }) + lenient.decode(chunk, { stream: true });
  const firstInvalid = text.indexOf('\ufffd');
  return NON_ASCII.test(firstInvalid === -1 ? text : text.slice(0, firstInvalid));
}

function keepTail(previous: Uint8Array, chunk: Uint8Array): Uint8Array {
  if (chunk.byteLength >= 3) return chunk.subarray(chunk.byteLength - 3);
  const joined = new Uint8Array(previous.byteLength + chunk.byteLength);
  joined.set(previous, 0);
  joined.set(chunk, previous.byteLength);
  return joined.subarray(Math.max(0, joined.byteLength - 3));
}

function invalidBytes(encoding: TextEncodingName, offset: number): FileFormatError {
  const message =
    encoding === 'utf-8'
      ? `The file is not valid UTF-8 in the part that starts at byte ${offset}, although it is UTF-8 before: it mixes encodings. Save it again as UTF-8.`
      : `The file is not valid ${encoding.toUpperCase()} in the part that starts at byte ${offset}. Save it again as UTF-8.`;
  return new FileFormatError('unsupported-encoding', message, { encoding, byteOffset: offset });
}
