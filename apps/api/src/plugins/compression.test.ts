import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPRESS_IN_ONE_GO_MAX_BYTES, registerCompression } from './compression';

/** A JSON answer of about `bytes` bytes, of rows that differ as a page of transactions does. */
function rowsOfAbout(bytes: number) {
  const rows: { id: string; netAmount: string; country: string }[] = [];
  for (let index = 0; JSON.stringify(rows).length < bytes; index += 1) {
    rows.push({ id: `row-${index}`, netAmount: `${(index * 7919) % 100_000}.${index % 100}`, country: 'DE' });
  }
  return { rows };
}

describe('registerCompression', () => {
  const app = Fastify();
  // Beyond the plugin's own bound of 64 KiB on any machine, as a page of 200 transactions (108 KB) is.
  const page = rowsOfAbout(150 * 1024);
  const large = rowsOfAbout(COMPRESS_IN_ONE_GO_MAX_BYTES + 64 * 1024);

  beforeAll(async () => {
    await registerCompression(app);
    app.get('/page', async () => page);
    app.get('/large', async () => large);
    await app.ready();
  });
  afterAll(() => app.close());

  const fetchAnswer = (url: string, acceptEncoding: string) =>
    app.inject({ method: 'GET', url, headers: { 'accept-encoding': acceptEncoding } });

  it('compresses an answer of up to COMPRESS_IN_ONE_GO_MAX_BYTES in one go, which sends its length', async () => {
    const brotli = await fetchAnswer('/page', 'gzip, deflate, br');
    expect(brotli.headers['content-encoding']).toBe('br');
    // The stream path sends no length (it is not known before the end): only the compressing in one go gives one.
    expect(brotli.headers['content-length']).toBe(String(brotli.rawPayload.length));
    expect(JSON.parse(brotliDecompressSync(brotli.rawPayload).toString('utf8'))).toEqual(page);

    const gzip = await fetchAnswer('/page', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.headers['content-length']).toBe(String(gzip.rawPayload.length));
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString('utf8'))).toEqual(page);
  });

  it('compresses a larger answer as a stream, off the event loop', async () => {
    const brotli = await fetchAnswer('/large', 'br');
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers['content-length']).toBeUndefined();
    expect(JSON.parse(brotliDecompressSync(brotli.rawPayload).toString('utf8'))).toEqual(large);
  });
});
