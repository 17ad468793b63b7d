import { apiPaths, type ClientErrorReport } from '@vatlas/contract';
import { desc } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { clientErrors } from '../../db/schema';
import { forEachDatabase } from '../../test/databases';
import { buildTestApp, createTestConfig, createTestProvider } from '../../test/test-app';
import { CLIENT_ERROR_BODY_LIMIT_BYTES, DEFAULT_CLIENT_ERROR_RATE_LIMIT } from './routes';

const report: ClientErrorReport = {
  message: "TypeError: Cannot read properties of undefined (reading 'vatNumber') for jane.doe@example.test",
  stack: 'TypeError: …\n    at CompanyDetails (http://localhost:3000/assets/index-abc.js:1:2)',
  component: 'CompanyDetails',
  action: 'load-company',
  userId: '0f9a1c52-7a55-4c3e-8d59-2b3f3f1f7e10',
  url: 'http://localhost:3000/login?code=secret-auth-code&state=xyz&companyId=42#id_token=eyJabc',
  userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/130',
  timestamp: '2026-03-01T10:15:30.000Z',
};

forEachDatabase('POST /api/log-error', (context) => {
  const config = createTestConfig();
  let app: FastifyInstance;
  let nextClient = 1;
  /** The limiter counts per IP and every request counts, so each test speaks from an address of its own. */
  const newClientAddress = () => `192.0.2.${nextClient++}`;

  beforeAll(async () => {
    app = await buildTestApp(context.database, { config, provider: await createTestProvider(config) });
  });
  afterAll(async () => {
    await app?.close();
  });

  const post = (payload: unknown, remoteAddress: string, headers: Record<string, string> = {}) =>
    app.inject({
      method: 'POST',
      url: apiPaths.logError,
      payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
      headers: { 'content-type': 'application/json', ...headers },
      remoteAddress,
    });

  const latestRows = () =>
    context.database.db.select().from(clientErrors).orderBy(desc(clientErrors.receivedAt)).limit(5);

  it('stores the report without a token, masks personal data, and answers 202', async () => {
    const response = await post(report, newClientAddress());
    expect(response.statusCode).toBe(202);
    expect(response.json()).toEqual({ accepted: true });

    const [row] = await latestRows();
    expect(row).toMatchObject({
      message: "TypeError: Cannot read properties of undefined (reading 'vatNumber') for [email]",
      stack: report.stack,
      component: 'CompanyDetails',
      action: 'load-company',
      reportedUserId: report.userId,
      userAgent: report.userAgent,
    });
    expect(row?.url).toBe('http://localhost:3000/login?code=redacted&state=redacted&companyId=42#redacted');
    expect(row?.reportedAt?.toISOString()).toBe(report.timestamp);
    expect(row?.receivedAt).toBeInstanceOf(Date);
    // No column may hold the caller's address.
    expect(JSON.stringify(row)).not.toContain('192.0.2.');
  });

  it('stores a report with the message alone', async () => {
    const response = await post({ message: 'ChunkLoadError: Loading chunk 7 failed' }, newClientAddress());
    expect(response.statusCode).toBe(202);
    const [row] = await latestRows();
    expect(row).toMatchObject({
      message: 'ChunkLoadError: Loading chunk 7 failed',
      stack: null,
      url: null,
      reportedAt: null,
    });
  });

  it('takes a text/plain JSON body, as navigator.sendBeacon sends it', async () => {
    const response = await post({ message: 'sent while unloading' }, newClientAddress(), {
      'content-type': 'text/plain;charset=UTF-8',
    });
    expect(response.statusCode).toBe(202);
    const [row] = await latestRows();
    expect(row?.message).toBe('sent while unloading');
    const garbled = await post('not json', newClientAddress(), { 'content-type': 'text/plain' });
    expect(garbled.statusCode).toBe(400);
    expect(garbled.json().code).toBe('bad_request');
  });

  it('answers 400 naming the field of an invalid report', async () => {
    const client = newClientAddress();
    const missing = await post({ stack: 'no message' }, client);
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ code: 'validation_error', details: [{ field: 'message' }] });

    const badTime = await post({ message: 'x', timestamp: 'yesterday' }, client);
    expect(badTime.statusCode).toBe(400);
    expect(badTime.json().details).toEqual([expect.objectContaining({ field: 'timestamp' })]);
  });

  it(`answers 413 in the JSON error shape above ${CLIENT_ERROR_BODY_LIMIT_BYTES} bytes`, async () => {
    const before = (await context.database.db.select().from(clientErrors)).length;
    // Valid per field limits would not matter: the size is refused before the body is read.
    const oversized = { message: 'x', stack: 'y'.repeat(CLIENT_ERROR_BODY_LIMIT_BYTES) };
    const response = await post(oversized, newClientAddress());
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ code: 'payload_too_large', message: expect.any(String) });

    // Just under the limit is read (and then judged by the schema, here too long a stack → 400, not 413).
    const justUnder = JSON.stringify({ message: 'x', stack: 'y'.repeat(CLIENT_ERROR_BODY_LIMIT_BYTES - 40) });
    expect(Buffer.byteLength(justUnder)).toBeLessThanOrEqual(CLIENT_ERROR_BODY_LIMIT_BYTES);
    expect((await post(justUnder, newClientAddress())).statusCode).toBe(400);
    expect((await context.database.db.select().from(clientErrors)).length).toBe(before);
  });

  it(`answers 429 with Retry-After after ${DEFAULT_CLIENT_ERROR_RATE_LIMIT.max} reports a minute from one client`, async () => {
    const client = newClientAddress();
    for (let index = 0; index < DEFAULT_CLIENT_ERROR_RATE_LIMIT.max; index++) {
      const response = await post({ message: `crash loop ${index}` }, client);
      expect(response.statusCode).toBe(202);
    }
    const limited = await post({ message: 'one too many' }, client);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ code: 'rate_limited', message: expect.stringMatching(/retry/i) });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(60);

    const rows = await context.database.db.select().from(clientErrors);
    expect(rows.some((row) => row.message === 'one too many')).toBe(false);
    // Another client is not held back by this one.
    expect((await post({ message: 'other browser' }, newClientAddress())).statusCode).toBe(202);
  });

  it('limits only itself: other routes keep answering to a limited client', async () => {
    const client = newClientAddress();
    for (let index = 0; index <= DEFAULT_CLIENT_ERROR_RATE_LIMIT.max; index++) await post({ message: 'x' }, client);
    expect((await post({ message: 'x' }, client)).statusCode).toBe(429);
    for (let index = 0; index <= DEFAULT_CLIENT_ERROR_RATE_LIMIT.max; index++) {
      const health = await app.inject({ method: 'GET', url: apiPaths.health, remoteAddress: client });
      expect(health.statusCode).toBe(200);
    }
  });
});
