/**
 * A file on this machine's disk that an upload's request is still writing, followed by the import that reads it
 * (decision 023): how many bytes are there, and whether they are all there is.
 */
export type FileGrowth = {
  /** Bytes on disk, readable. */
  bytes: number;
  /** 'growing' while the request lasts; 'whole' once the last byte is in; 'abandoned' when the request failed. */
  state: 'growing' | 'whole' | 'abandoned';
};

export type GrowingFile = {
  localPath: string;
  /** The growth now. */
  current(): FileGrowth;
  /** Calls `listener` with the growth now and at each change; answers a function that stops it. */
  follow(listener: (growth: FileGrowth) => void): () => void;
};

/** The writer's side: it says how far the file got, then that it is whole or abandoned. */
export type GrowingFileWriter = {
  file: GrowingFile;
  written(bytes: number): void;
  whole(bytes: number): void;
  abandon(): void;
};

export function createGrowingFile(localPath: string): GrowingFileWriter {
  let growth: FileGrowth = { bytes: 0, state: 'growing' };
  const listeners = new Set<(growth: FileGrowth) => void>();
  const change = (next: FileGrowth) => {
    // Once whole or abandoned the file's story is over.
    if (growth.state !== 'growing') return;
    growth = next;
    for (const listener of listeners) listener(growth);
  };
  return {
    file: {
      localPath,
      current: () => growth,
      follow(listener) {
        listeners.add(listener);
        listener(growth);
        return () => listeners.delete(listener);
      },
    },
    written: (bytes) => {
      if (bytes > growth.bytes) change({ bytes, state: 'growing' });
    },
    whole: (bytes) => change({ bytes, state: 'whole' }),
    abandon: () => change({ bytes: growth.bytes, state: 'abandoned' }),
  };
}

/** The request that was writing the file failed: the import stops and keeps nothing. */
export class UploadInterruptedError extends Error {
  constructor() {
    super('The file did not arrive whole.');
    this.name = 'UploadInterruptedError';
  }
}
