import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/**
 * What is worth compressing: JSON (the API's answers, its errors, the OpenAPI document) and text (CSV downloads,
 * HTML), not an event stream. Files kept as they were uploaded (PDFs, images, `application/octet-stream`) are left
 * alone: they are compressed already or gain nothing, and @fastify/compress's default would take octet streams too.
 */
const COMPRESSIBLE = /^text\/(?!event-stream)|^application\/(?:[\w.-]+\+)?json(?:;|$)/;

/**
 * The largest answer compressed in one go on the event loop; a larger one goes through the plugin's stream, whose
 * compressing runs on libuv's pool. The plugin's own bound is 64 KiB at most (8 KiB on two cores), which left a page of
 * 200 transactions (108 KB) to the stream, whose machinery cost the server more than the compressing: at 1M rows, in
 * six walks of 300 deep pages each way (servers alternated), the server spent 7.8-11.2 ms of CPU a page in one go
 * against 10.5-13.6 ms, and the pages came back 1-2 ms sooner at the median (decision 060). In one go, Brotli at
 * quality 4 takes 1.5 ms for 256 KiB of such JSON and gzip 2.7 ms: the longest the event loop waits for it.
 */
export const COMPRESS_IN_ONE_GO_MAX_BYTES = 256 * 1024;

/**
 * Compresses the answers of a browser that accepts it: Brotli at quality 4 (the plugin's default; 11 costs many times
 * the CPU for a few per cent), else gzip; in one go up to `COMPRESS_IN_ONE_GO_MAX_BYTES`, as a stream beyond. A page
 * of the transactions list, some tens of kilobytes of JSON, travels as a fraction of that. Answers under 1 KB go as
 * they are (a compressed copy would save less than its headers), and so do the SPA's files: the build wrote compressed
 * copies of those worth it, which web-app.ts sends (its route opts out).
 *
 * Request bodies are not inflated: an upload arrives as the file its client sent, and a body declared compressed is
 * refused by its parser as any other body that is not what the route reads, never expanded in memory.
 *
 * Registered before every route, and before the SPA's static files, whose replies it must see.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    encodings: ['br', 'gzip'],
    customTypes: COMPRESSIBLE,
    threshold: 1024,
    globalDecompression: false,
    syncThreshold: COMPRESS_IN_ONE_GO_MAX_BYTES,
  });
}
