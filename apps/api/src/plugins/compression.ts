import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/**
 * What is worth compressing: JSON (the API's answers, its errors, the OpenAPI document) and text (CSV downloads,
 * HTML), not an event stream. Files kept as they were uploaded (PDFs, images, `application/octet-stream`) are left
 * alone: they are compressed already or gain nothing, and @fastify/compress's default would take octet streams too.
 */
const COMPRESSIBLE = /^text\/(?!event-stream)|^application\/(?:[\w.-]+\+)?json(?:;|$)/;

/**
 * Compresses the answers of a browser that accepts it: Brotli at quality 4 (the plugin's default; 11 costs many times
 * the CPU for a few per cent), else gzip. A page of the transactions list, some tens of kilobytes of JSON, travels as a
 * fraction of that. Answers under 1 KB go as they are (a compressed copy would save less than its headers), and so do
 * the SPA's files: the build wrote compressed copies of those worth it, which web-app.ts sends (its route opts out).
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
  });
}
