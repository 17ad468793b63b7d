/**
 * The upload as it arrives: counted for progress, with its first bytes available before anything is decoded, because
 * only the bytes tell an xlsx (a zip) from text and the byte-order mark tells the encoding.
 */
export type ByteInput = {
  /** The first bytes of the file (at least `SNIFF_BYTES` unless the file is shorter). */
  head: Uint8Array;
  /** Every byte of the file, the head included, each exactly once. */
  chunks: AsyncIterable<Uint8Array>;
  /** Bytes pulled from the upload so far. */
  readonly bytesRead: number;
};

const SNIFF_BYTES = 4096;

export async function openByteInput(input: AsyncIterable<Uint8Array>): Promise<ByteInput> {
  const iterator = input[Symbol.asyncIterator]();
  let bytesRead = 0;
  const headChunks: Uint8Array[] = [];
  let headLength = 0;
  let isDone = false;
  while (headLength < SNIFF_BYTES) {
    const next = await iterator.next();
    if (next.done) {
      isDone = true;
      break;
    }
    bytesRead += next.value.byteLength;
    headChunks.push(next.value);
    headLength += next.value.byteLength;
  }
  const head = concatBytes(headChunks, headLength);

  async function* chunks(): AsyncGenerator<Uint8Array> {
    if (head.byteLength > 0) yield head;
    if (isDone) return;
    for (;;) {
      const next = await iterator.next();
      if (next.done) return;
      bytesRead += next.value.byteLength;
      if (next.value.byteLength > 0) yield next.value;
    }
  }

  return {
    head: head.subarray(0, SNIFF_BYTES),
    chunks: chunks(),
    get bytesRead() {
      return bytesRead;
    },
  };
}

function concatBytes(parts: Uint8Array[], length: number): Uint8Array {
  if (parts.length === 1) return parts[0] as Uint8Array;
  const joined = new Uint8Array(length);
  let offset = 0;
  for (const part of parts) {
    joined.set(part, offset);
    offset += part.byteLength;
  }
  return joined;
}
