import { Readable } from 'node:stream';
import type { FileStorage } from '../storage/file-storage';

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
