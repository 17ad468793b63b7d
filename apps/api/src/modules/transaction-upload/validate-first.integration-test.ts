import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { apiPaths, type LiabilitySummary, type TransactionUpload, type UploadProblemPage } from '@vatlas/contract';
import { count, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { companies, transactions, transactionUploads } from '../../db/schema';
import { forEachDatabase } from '../../test/databases';
import { buildTestApp, createTestConfig, createTestProvider, type TestProvider } from '../../test/test-app';
import { buildMultipart } from '../documents/document-test-kit';
import { createLocalFileStorage, type FileStorage } from '../storage/file-storage';
import { recomputeTaxPosition } from '../tax-position/service';
import { bearer, createCompany, createHomeTenant, createPerson, type Person, signIn } from '../user/account-test-kit';
import { generateVtrText } from './synthetic-vtr';
import { createTestImportWorker, withBadDate } from './upload-test-kit';

/**
 * Issue 6, validate before import and re-run: a validate-first upload is read completely and stores its problems and
 * counts but no transaction and changes no total; Confirm imports it from the stored file; a failed upload runs
 * again from its stored file with its counts and problems reset.
 */
const VTR = generateVtrText({ rows: 90, seed: 61, from: '2025-03-01', to: '2025-03-31' });
const [VTR_HEADER = '', ...VTR_LINES] = VTR.text.split('\r\n').filter((line) => line !== '');
const vtrFile = (lines: readonly string[]) => Buffer.from(`${[VTR_HEADER, ...lines].join('\r\n')}\r\n`);

forEachDatabase('validate-first uploads and re-runs', (context) => {
  const config = createTestConfig();
  let app: FastifyInstance;
  let provider: TestProvider;
  let storage: FileStorage;
  let storageDir: string;
  let owner: Person;
  let companyId: string;

  beforeAll(async () => {
    const db = context.database.db;
    storageDir = mkdtempSync(join(tmpdir(), 'vatlas-validate-'));
    storage = createLocalFileStorage(storageDir);
    provider = await createTestProvider(config);
    app = await buildTestApp(context.database, { config, provider, fileStorage: storage, recomputeTaxPosition });
    const tenantId = await createHomeTenant(db);
    owner = await createPerson(db, { tenantId, label: 'validate-owner', issuer: config.auth.issuer });
    companyId = await createCompany(db, { tenantId, name: 'Validate GmbH', owners: [owner] });
    await db.update(companies).set({ establishmentCountryCode: 'DE' }).where(eq(companies.id, companyId));
  });
  afterAll(async () => {
    await app?.close();
    rmSync(storageDir, { recursive: true, force: true });
  });

  const worker = () =>
    createTestImportWorker({
      database: context.database,
      storage,
      batchSize: 20,
    });

  async function request(method: 'GET' | 'POST', url: string) {
    return app.inject({ method, url, headers: bearer(await signIn(app, provider, owner)) });
  }

  async function upload(bytes: Buffer, fields: Record<string, string>) {
    const body = buildMultipart(fields, [{ fileName: 'march.txt', contentType: 'text/plain', bytes }]);
    const response = await app.inject({
      method: 'POST',
      url: apiPaths.transactionUploads(companyId),
      ...body,
      headers: { ...body.headers, ...bearer(await signIn(app, provider, owner)) },
    });
    expect(response.statusCode, response.body).toBe(202);
    return response.json<TransactionUpload>();
  }

  const readUpload = async (id: string) =>
    (await request('GET', apiPaths.transactionUpload(companyId, id))).json<TransactionUpload>();
  const summary = async () =>
    (await request('GET', apiPaths.liabilitySummary(companyId, 2025))).json<LiabilitySummary>();
  async function storedRows(uploadId?: string): Promise<number> {
    const [row] = await context.database.db
      .select({ value: count() })
      .from(transactions)
      .where(uploadId ? eq(transactions.uploadId, uploadId) : eq(transactions.companyId, companyId));
    return Number(row?.value ?? 0);
  }

  it('validates without storing a row or changing a total, then imports the stored file on Confirm', async () => {
    await upload(vtrFile(VTR_LINES.slice(0, 30)), { format: 'amazon-vtr' });
    expect(await worker().runOnce()).toBe('completed');
    expect(await storedRows()).toBe(30);
    const before = await summary();
    expect(before.jurisdictions.length).toBeGreaterThan(0);

    const bytes = vtrFile(VTR_LINES.slice(30, 60));
    const validating = await upload(bytes, { format: 'amazon-vtr', mode: 'validate' });
    expect(validating).toMatchObject({ status: 'validating', bytesProcessed: 0 });
    // Not confirmable before it was read.
    const early = await request('POST', apiPaths.confirmTransactionUpload(companyId, validating.id));
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ code: 'upload_not_validated' });

    expect(await worker().runOnce()).toBe('validated');
    expect(await readUpload(validating.id)).toMatchObject({
      status: 'validated',
      bytesTotal: bytes.length,
      bytesProcessed: bytes.length,
      rowsRead: 30,
      rowsImported: 0,
      problemCount: 0,
      errorCode: null,
    });
    expect(await storedRows(validating.id)).toBe(0);
    expect(await summary()).toEqual(before);
    // Nothing left for a worker: a validated upload waits for Confirm.
    expect(await worker().runOnce()).toBeNull();

    const confirmed = await request('POST', apiPaths.confirmTransactionUpload(companyId, validating.id));
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json<TransactionUpload>()).toMatchObject({ id: validating.id, status: 'queued' });
    expect(await worker().runOnce()).toBe('completed');
    expect(await readUpload(validating.id)).toMatchObject({
      status: 'completed',
      rowsRead: 30,
      rowsImported: 30,
      bytesProcessed: bytes.length,
    });
    expect(await storedRows(validating.id)).toBe(30);
    expect(await summary()).not.toEqual(before);

    const again = await request('POST', apiPaths.confirmTransactionUpload(companyId, validating.id));
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'upload_not_validated' });
  });

  it('lists the problems of a validated file with line and column, and refuses to confirm it', async () => {
    const before = await summary();
    const rows = await storedRows();
    const validating = await upload(vtrFile(withBadDate(VTR_HEADER, VTR_LINES.slice(60, 70), 3)), {
      format: 'amazon-vtr',
      mode: 'validate',
    });
    expect(await worker().runOnce()).toBe('validated');
    expect(await readUpload(validating.id)).toMatchObject({ status: 'validated', rowsRead: 10, problemCount: 1 });
    const problems = (
      await request('GET', apiPaths.transactionUploadProblems(companyId, validating.id))
    ).json<UploadProblemPage>();
    expect(problems.items).toEqual([expect.objectContaining({ lineNumber: 5, column: 'TAX_CALCULATION_DATE' })]);
    const refused = await request('POST', apiPaths.confirmTransactionUpload(companyId, validating.id));
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'upload_has_problems' });
    expect(await storedRows()).toBe(rows);
    expect(await summary()).toEqual(before);

    // Discarding it: a validated upload is cancelled at once.
    const cancelled = await request('POST', apiPaths.cancelTransactionUpload(companyId, validating.id));
    expect(cancelled.json<TransactionUpload>()).toMatchObject({ status: 'cancelled' });
  });

  it('runs a failed upload again from its stored file, counts and problems reset', async () => {
    const db = context.database.db;
    const bytes = vtrFile(VTR_LINES.slice(70, 90));
    // Without a country of establishment the import fails; set it, and the same stored file imports.
    await db.update(companies).set({ establishmentCountryCode: null }).where(eq(companies.id, companyId));
    const failing = await upload(bytes, { format: 'amazon-vtr' });
    expect(await worker().runOnce()).toBe('failed');
    expect(await readUpload(failing.id)).toMatchObject({
      status: 'failed',
      errorCode: 'establishment_country_missing',
    });
    await db.update(companies).set({ establishmentCountryCode: 'DE' }).where(eq(companies.id, companyId));

    const rerun = await request('POST', apiPaths.rerunTransactionUpload(companyId, failing.id));
    expect(rerun.statusCode, rerun.body).toBe(200);
    expect(rerun.json<TransactionUpload>()).toMatchObject({
      status: 'queued',
      errorCode: null,
      errorMessage: null,
      finishedAt: null,
    });
    expect(await worker().runOnce()).toBe('completed');
    expect(await readUpload(failing.id)).toMatchObject({ status: 'completed', rowsImported: 20, problemCount: 0 });
    expect(await storedRows(failing.id)).toBe(20);

    const notAgain = await request('POST', apiPaths.rerunTransactionUpload(companyId, failing.id));
    expect(notAgain.statusCode).toBe(409);
    expect(notAgain.json()).toMatchObject({ code: 'upload_not_rerunnable' });
  });

  it('resets the stored problems of a re-run before the worker reads the file again', async () => {
    const failing = await upload(vtrFile(withBadDate(VTR_HEADER, VTR_LINES.slice(0, 5), 1)), { format: 'amazon-vtr' });
    expect(await worker().runOnce()).toBe('failed');
    expect(await readUpload(failing.id)).toMatchObject({ status: 'failed', problemCount: 1 });

    const rerun = await request('POST', apiPaths.rerunTransactionUpload(companyId, failing.id));
    expect(rerun.json<TransactionUpload>()).toMatchObject({ status: 'queued', problemCount: 0, rowsRead: 0 });
    const page = (
      await request('GET', apiPaths.transactionUploadProblems(companyId, failing.id))
    ).json<UploadProblemPage>();
    expect(page).toMatchObject({ total: 0, stored: 0, items: [] });
    // The file is as bad as before: the same problem, nothing stored.
    expect(await worker().runOnce()).toBe('failed');
    expect(await readUpload(failing.id)).toMatchObject({ status: 'failed', problemCount: 1 });
    expect(await storedRows(failing.id)).toBe(0);
  });

  it('takes over a validation whose worker died, and finishes it as validated, storing nothing', async () => {
    const db = context.database.db;
    const bytes = vtrFile(VTR_LINES.slice(40, 50));
    const validating = await upload(bytes, { format: 'amazon-vtr', mode: 'validate' });
    // A worker claimed it and stopped saying it is alive a minute ago.
    await db
      .update(transactionUploads)
      .set({
        lockedBy: 'dead-worker',
        heartbeatAt: sql`now() - interval '60 seconds'`,
        attempts: 1,
        bytesProcessed: '7',
      })
      .where(eq(transactionUploads.id, validating.id));
    const refused = await app.inject({
      method: 'DELETE',
      url: apiPaths.transactionUpload(companyId, validating.id),
      headers: bearer(await signIn(app, provider, owner)),
    });
    expect(refused.statusCode).toBe(409);
    expect(await worker().runOnce()).toBe('validated');
    expect(await readUpload(validating.id)).toMatchObject({
      status: 'validated',
      rowsRead: 10,
      bytesProcessed: bytes.length,
      problemCount: 0,
    });
    expect(await storedRows(validating.id)).toBe(0);
  });
});
