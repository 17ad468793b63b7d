import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  PutObjectCommand,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import { afterEach, describe, expect, it } from 'vitest';
import { parseConfig } from '../../config';
import {
  assertStorageKey,
  createFileStorage,
  createLocalFileStorage,
  createS3FileStorage,
  createStorageKey,
  FileNotFoundError,
  localPathFor,
  readStoredFile,
  s3ObjectKey,
  toS3ClientConfig,
} from './file-storage';

const directories: string[] = [];
function temporaryDirectory(): string {
  const directory = mkdtempSync(join(tmpdir(), 'vatlas-storage-'));
  directories.push(directory);
  return directory;
}
afterEach(() => {
  for (const directory of directories.splice(0)) rmSync(directory, { recursive: true, force: true });
});

describe('storage keys', () => {
  it('are uuids', () => {
    expect(assertStorageKey(createStorageKey())).toMatch(/^[0-9a-f-]{36}$/);
  });

  it.each([
    '../etc/passwd',
    'invoice.pdf',
    '',
    '00000000-0000-0000-0000-000000000000/../x',
    'ABCDEF00-0000-0000-0000-000000000000',
  ])('refuses %j', (key) => {
    expect(() => assertStorageKey(key)).toThrow(/Invalid storage key/);
    expect(() => localPathFor('/data/files', key)).toThrow(/Invalid storage key/);
    expect(() => s3ObjectKey(key)).toThrow(/Invalid storage key/);
  });

  it('fan out into a folder named by the first two characters', () => {
    const key = '3f2b8c1e-0000-4000-8000-000000000001';
    expect(localPathFor('/data/files', key)).toBe(`/data/files/3f/${key}`);
    expect(s3ObjectKey(key)).toBe(`files/${key}`);
  });
});

describe('local file storage', () => {
  it('stores bytes and streams, readable back, with mode 0600 and no other names on disk', async () => {
    const directory = temporaryDirectory();
    const storage = createLocalFileStorage(directory);
    const first = createStorageKey();
    const second = createStorageKey();
    await storage.put(first, new Uint8Array([1, 2, 3]));
    await storage.put(second, Readable.from([Buffer.from('streamed')]));

    expect([...(await readStoredFile(storage, first))]).toEqual([1, 2, 3]);
    expect((await readStoredFile(storage, second)).toString()).toBe('streamed');
    expect(statSync(localPathFor(directory, first)).mode & 0o777).toBe(0o600);
    const names = readdirSync(directory, { recursive: true }).map(String);
    expect(names.every((name) => /^[0-9a-f]{2}(\/[0-9a-f-]{36})?$/.test(name))).toBe(true);
    expect(readFileSync(storage.localPath?.(second) ?? '', 'utf8')).toBe('streamed');
  });

  it('answers FileNotFoundError for a missing file and deletes idempotently', async () => {
    const storage = createLocalFileStorage(temporaryDirectory());
    const key = createStorageKey();
    await expect(storage.get(key)).rejects.toBeInstanceOf(FileNotFoundError);
    await storage.put(key, new Uint8Array([9]));
    await storage.delete(key);
    await storage.delete(key);
    await expect(storage.get(key)).rejects.toBeInstanceOf(FileNotFoundError);
  });
});

describe('S3 file storage', () => {
  const settings = {
    bucket: 'vatlas-files',
    endpoint: 'http://minio.internal:9000',
    region: 'eu-central-1',
    credentials: { accessKeyId: 'id', secretAccessKey: 'secret' },
    forcePathStyle: true,
  };

  it('sends a stream shorter than a part as one put; get and delete for the bucket and the prefixed key', async () => {
    const sent: unknown[] = [];
    const storage = createS3FileStorage(settings, {
      async send(command) {
        sent.push(command);
        if (command instanceof GetObjectCommand) return { Body: Readable.from([Buffer.from('from s3')]) };
        return {};
      },
    });
    const key = createStorageKey();
    await storage.put(key, Readable.from([Buffer.from('ab'), Buffer.from('c')]));
    expect((await readStoredFile(storage, key)).toString()).toBe('from s3');
    await storage.delete(key);

    const [put, get, remove] = sent as [PutObjectCommand, GetObjectCommand, DeleteObjectCommand];
    expect(put).toBeInstanceOf(PutObjectCommand);
    expect(put.input).toMatchObject({ Bucket: 'vatlas-files', Key: `files/${key}`, ContentLength: 3 });
    expect(Buffer.from(put.input.Body as Uint8Array).toString()).toBe('abc');
    expect(get.input).toEqual({ Bucket: 'vatlas-files', Key: `files/${key}` });
    expect(remove).toBeInstanceOf(DeleteObjectCommand);
    expect(remove.input).toEqual({ Bucket: 'vatlas-files', Key: `files/${key}` });
    // An object has no path on this machine: an import reads it through the server's thread.
    expect(storage.localPath).toBeUndefined();
  });

  /** A stream of `total` bytes (byte i is i % 251) in chunks of `chunkBytes`, counting what has been read from it. */
  function countedStream(total: number, chunkBytes: number, failAfter = Number.POSITIVE_INFINITY) {
    const counter = { produced: 0 };
    async function* chunks() {
      for (let start = 0; start < total; start += chunkBytes) {
        if (start >= failAfter) throw new Error('the client went away');
        const chunk = Buffer.alloc(Math.min(chunkBytes, total - start));
        for (let index = 0; index < chunk.length; index++) chunk[index] = (start + index) % 251;
        counter.produced += chunk.length;
        yield chunk;
      }
    }
    return { stream: Readable.from(chunks()), counter };
  }

  /** Records every command; a part is answered a tick later (so a reader that did not wait would run ahead). */
  function multipartRecorder(counter: { produced: number }, failPart?: number) {
    const sent: unknown[] = [];
    const producedAtPart: number[] = [];
    let inFlight = 0;
    let mostInFlight = 0;
    const sender = {
      async send(command: unknown) {
        sent.push(command);
        if (command instanceof CreateMultipartUploadCommand) return { UploadId: 'upload-1' };
        if (command instanceof UploadPartCommand) {
          const number = command.input.PartNumber as number;
          producedAtPart.push(counter.produced);
          inFlight += 1;
          mostInFlight = Math.max(mostInFlight, inFlight);
          await new Promise((resolve) => setImmediate(resolve));
          inFlight -= 1;
          if (number === failPart) throw new Error('part refused');
          return { ETag: `"etag-${number}"` };
        }
        return {};
      },
    };
    return { sender, sent, producedAtPart, mostInFlight: () => mostInFlight };
  }

  it('streams a longer file as a multipart upload, one part in flight, never reading far ahead of the parts sent', async () => {
    const partBytes = 64 * 1024;
    const chunkBytes = 16 * 1024;
    const total = 4 * 1024 * 1024 + 1000;
    const { stream, counter } = countedStream(total, chunkBytes);
    const recorder = multipartRecorder(counter);
    const key = createStorageKey();
    await createS3FileStorage(settings, recorder.sender, partBytes).put(key, stream);

    const [create, ...rest] = recorder.sent;
    const complete = rest.pop() as CompleteMultipartUploadCommand;
    const parts = rest as UploadPartCommand[];
    expect(create).toBeInstanceOf(CreateMultipartUploadCommand);
    expect((create as CreateMultipartUploadCommand).input).toEqual({ Bucket: 'vatlas-files', Key: `files/${key}` });
    expect(parts).toHaveLength(65);
    expect(parts.every((part) => part instanceof UploadPartCommand)).toBe(true);
    expect(parts.map((part) => part.input.PartNumber)).toEqual(Array.from({ length: 65 }, (_, index) => index + 1));
    expect(parts.map((part) => part.input.ContentLength)).toEqual([...Array(64).fill(partBytes), 1000]);
    const stored = Buffer.concat(parts.map((part) => part.input.Body as Buffer));
    expect(stored.equals(Buffer.concat(await countedStream(total, chunkBytes).stream.toArray()))).toBe(true);
    expect(complete).toBeInstanceOf(CompleteMultipartUploadCommand);
    expect(complete.input).toEqual({
      Bucket: 'vatlas-files',
      Key: `files/${key}`,
      UploadId: 'upload-1',
      MultipartUpload: {
        Parts: Array.from({ length: 65 }, (_, index) => ({ ETag: `"etag-${index + 1}"`, PartNumber: index + 1 })),
      },
    });
    expect(recorder.mostInFlight()).toBe(1);
    // When part n goes out, the store has read its n parts, the next one and at most a stream buffer's worth (16
    // chunks) beyond: two parts' memory, not the file's.
    const readAhead = 16 * chunkBytes;
    recorder.producedAtPart.forEach((produced, index) => {
      expect(produced).toBeLessThanOrEqual((index + 2) * partBytes + readAhead);
    });
  });

  it('aborts the multipart upload when a part is refused, and reads the stream no further', async () => {
    const partBytes = 64 * 1024;
    const { stream, counter } = countedStream(4 * 1024 * 1024, 16 * 1024);
    const recorder = multipartRecorder(counter, 3);
    await expect(
      createS3FileStorage(settings, recorder.sender, partBytes).put(createStorageKey(), stream),
    ).rejects.toThrow('part refused');
    const last = recorder.sent.at(-1) as AbortMultipartUploadCommand;
    expect(last).toBeInstanceOf(AbortMultipartUploadCommand);
    expect(last.input).toMatchObject({ Bucket: 'vatlas-files', UploadId: 'upload-1' });
    expect(recorder.sent.some((command) => command instanceof CompleteMultipartUploadCommand)).toBe(false);
    expect(recorder.sent.filter((command) => command instanceof UploadPartCommand)).toHaveLength(3);
    expect(counter.produced).toBeLessThan(1024 * 1024);
    expect(stream.destroyed).toBe(true);
  });

  it('aborts the multipart upload when the stream fails half-way (the client went away)', async () => {
    const { stream, counter } = countedStream(4 * 1024 * 1024, 16 * 1024, 300 * 1024);
    const recorder = multipartRecorder(counter);
    await expect(
      createS3FileStorage(settings, recorder.sender, 64 * 1024).put(createStorageKey(), stream),
    ).rejects.toThrow('the client went away');
    expect(recorder.sent.at(-1)).toBeInstanceOf(AbortMultipartUploadCommand);
    expect(recorder.sent.some((command) => command instanceof CompleteMultipartUploadCommand)).toBe(false);
  });

  it('stores an empty stream as an empty object', async () => {
    const sent: unknown[] = [];
    const storage = createS3FileStorage(settings, {
      async send(command) {
        sent.push(command);
        return {};
      },
    });
    await storage.put(createStorageKey(), Readable.from([]));
    expect(sent).toHaveLength(1);
    expect(sent[0]).toBeInstanceOf(PutObjectCommand);
    expect((sent[0] as PutObjectCommand).input).toMatchObject({ ContentLength: 0 });
  });

  it('turns NoSuchKey into FileNotFoundError', async () => {
    const storage = createS3FileStorage(settings, {
      async send() {
        throw Object.assign(new Error('The specified key does not exist.'), { name: 'NoSuchKey' });
      },
    });
    await expect(storage.get(createStorageKey())).rejects.toBeInstanceOf(FileNotFoundError);
  });

  it('builds the client configuration from the settings', () => {
    expect(toS3ClientConfig(settings)).toEqual({
      region: 'eu-central-1',
      endpoint: 'http://minio.internal:9000',
      forcePathStyle: true,
      credentials: { accessKeyId: 'id', secretAccessKey: 'secret' },
    });
    expect(toS3ClientConfig({ ...settings, endpoint: null, credentials: null, forcePathStyle: false })).toEqual({
      region: 'eu-central-1',
      forcePathStyle: false,
    });
  });
});

describe('storage configuration', () => {
  it('defaults to DATA_DIR/files on local disk', () => {
    const config = parseConfig({ DATA_DIR: '/srv/vatlas' });
    expect(config.fileStorageDir).toBe('/srv/vatlas/files');
    expect(config.s3).toBeNull();
  });

  it('uses FILE_STORAGE_DIR when given', () => {
    expect(parseConfig({ FILE_STORAGE_DIR: '/mnt/files' }).fileStorageDir).toBe('/mnt/files');
  });

  it('reads S3 settings; path style by default with a custom endpoint', () => {
    const config = parseConfig({
      S3_BUCKET: 'b',
      S3_ENDPOINT: 'http://minio:9000',
      S3_ACCESS_KEY_ID: 'id',
      S3_SECRET_ACCESS_KEY: 'secret',
    });
    expect(config.s3).toEqual({
      bucket: 'b',
      endpoint: 'http://minio:9000',
      region: 'us-east-1',
      credentials: { accessKeyId: 'id', secretAccessKey: 'secret' },
      forcePathStyle: true,
    });
    expect(parseConfig({ S3_BUCKET: 'b', S3_FORCE_PATH_STYLE: 'false' }).s3?.forcePathStyle).toBe(false);
  });

  it.each([
    [{ S3_ENDPOINT: 'http://minio:9000' }, /S3_BUCKET: required when S3_ENDPOINT/],
    [{ S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'id' }, /set both or neither/],
  ])('refuses incomplete S3 settings %j', (env, problem) => {
    expect(() => parseConfig(env)).toThrow(problem);
  });

  it('uses the local folder when no bucket is configured', async () => {
    const local = createFileStorage({ s3: null, fileStorageDir: temporaryDirectory() });
    const key = createStorageKey();
    await local.put(key, new Uint8Array([7]));
    expect([...(await readStoredFile(local, key))]).toEqual([7]);
  });
});
