import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { apiPaths, type DataPeriod, type TransactionUpload } from '@vatlas/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies, dataPeriods, transactionUploads } from '../../db/schema';
import { forEachDatabase, holdInTransaction, releaseOnceWaiting } from '../../test/databases';
import { buildTestApp, createTestConfig, createTestProvider, type TestProvider } from '../../test/test-app';
import { buildMultipart } from '../documents/document-test-kit';
import { createLocalFileStorage, type FileStorage } from '../storage/file-storage';
import { insertUpload, type UploadStatus } from '../tax-position/tax-position-test-kit';
import { insertReceivingUpload } from '../transaction-upload/repository';
import { generateVtrText } from '../transaction-upload/synthetic-vtr';
import { createTestImportWorker } from '../transaction-upload/upload-test-kit';
import { bearer, createCompany, createHomeTenant, createPerson, type Person, signIn } from '../user/account-test-kit';
import { monthBounds } from './service';

it('knows the last day of every month, leap years included', () => {
  expect(monthBounds('2024-02')).toEqual({ startDate: '2024-02-01', endDate: '2024-02-29' });
  expect(monthBounds('2025-02')).toEqual({ startDate: '2025-02-01', endDate: '2025-02-28' });
  expect(monthBounds('2025-12')).toEqual({ startDate: '2025-12-01', endDate: '2025-12-31' });
});

forEachDatabase('period manager', (context) => {
  const config = createTestConfig();
  let app: FastifyInstance;
  let provider: TestProvider;
  let storage: FileStorage;
  let storageDir: string;
  let owner: Person;
  let outsider: Person;
  let companyId: string;
  let otherCompanyId: string;

  beforeAll(async () => {
    const db = context.database.db;
    storageDir = mkdtempSync(join(tmpdir(), 'vatlas-periods-'));
    storage = createLocalFileStorage(storageDir);
    provider = await createTestProvider(config);
    app = await buildTestApp(context.database, {
      config,
      provider,
      fileStorage: storage,
      recomputeTaxPosition: async () => undefined,
    });
    const tenantId = await createHomeTenant(db);
    owner = await createPerson(db, { tenantId, label: 'period-owner', issuer: config.auth.issuer });
    outsider = await createPerson(db, { tenantId, label: 'period-outsider', issuer: config.auth.issuer });
    companyId = await createCompany(db, { tenantId, name: 'Period Co', owners: [owner] });
    otherCompanyId = await createCompany(db, { tenantId, name: 'Other Period Co', owners: [outsider] });
    await db.update(companies).set({ establishmentCountryCode: 'DE' }).where(eq(companies.id, companyId));
  });
  afterAll(async () => {
    await app?.close();
    rmSync(storageDir, { recursive: true, force: true });
  });

  const call = async (options: InjectOptions, person = owner) =>
    app.inject({ ...options, headers: { ...options.headers, ...bearer(await signIn(app, provider, person)) } });

  it('adds a month once however often it is asked, and lists it empty', async () => {
    const first = await call({ method: 'POST', url: apiPaths.dataPeriods(companyId), payload: { month: '2025-03' } });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      month: '2025-03',
      startDate: '2025-03-01',
      endDate: '2025-03-31',
      status: 'empty',
      uploadCount: 0,
      transactionCount: 0,
    });
    const again = await call({ method: 'POST', url: apiPaths.dataPeriods(companyId), payload: { month: '2025-03' } });
    expect(again.json<DataPeriod>().id).toBe(first.json<DataPeriod>().id);
    const list = await call({ method: 'GET', url: apiPaths.dataPeriods(companyId) });
    expect(list.json<DataPeriod[]>().map((period) => period.month)).toEqual(['2025-03']);
    const invalid = await call({ method: 'POST', url: apiPaths.dataPeriods(companyId), payload: { month: '2025-13' } });
    expect(invalid.statusCode).toBe(400);
  });

  it('follows its upload: importing while queued, imported with its transactions once completed', async () => {
    const period = (await call({ method: 'GET', url: apiPaths.dataPeriods(companyId) })).json<DataPeriod[]>()[0];
    if (!period) throw new Error('no period');
    const vtr = generateVtrText({ rows: 25, seed: 5, from: '2025-03-01', to: '2025-03-31' });
    const body = buildMultipart({ format: 'amazon-vtr', dataPeriodId: period.id }, [
      { fileName: 'march.txt', contentType: 'text/plain', bytes: Buffer.from(vtr.text) },
    ]);
    const uploaded = await call({ method: 'POST', url: apiPaths.transactionUploads(companyId), ...body });
    expect(uploaded.json<TransactionUpload>()).toMatchObject({ status: 'queued', dataPeriodId: period.id });
    const queued = await call({ method: 'GET', url: apiPaths.dataPeriod(companyId, period.id) });
    expect(queued.json()).toMatchObject({ status: 'importing', uploadCount: 1, transactionCount: 0 });

    const worker = createTestImportWorker({
      database: context.database,
      storage,
      recomputeTaxPosition: async () => undefined,
    });
    expect(await worker.runOnce()).toBe('completed');
    const imported = await call({ method: 'GET', url: apiPaths.dataPeriod(companyId, period.id) });
    const upload = (
      await call({ method: 'GET', url: apiPaths.transactionUpload(companyId, uploaded.json().id) })
    ).json();
    expect(imported.json()).toMatchObject({ status: 'imported', uploadCount: 1 });
    expect(imported.json<DataPeriod>().transactionCount).toBe(upload.rowsImported);
    expect(upload.rowsImported).toBeGreaterThan(0);

    const refused = await call({ method: 'DELETE', url: apiPaths.dataPeriod(companyId, period.id) });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'data_period_has_uploads' });
  });

  /** Writes uploads of `periodId`, one after another in the order given. */
  async function insertUploads(
    periodId: string,
    uploads: readonly { status: UploadStatus; rowsImported?: number; receivedAt?: Date | null; createdAt?: Date }[],
  ) {
    for (const { status, ...rest } of uploads) {
      await insertUpload(context.database.db, companyId, status, { dataPeriodId: periodId, ...rest });
    }
  }

  const addPeriod = async (month: string) =>
    (await call({ method: 'POST', url: apiPaths.dataPeriods(companyId), payload: { month } })).json<DataPeriod>();
  const readPeriod = async (periodId: string) =>
    (await call({ method: 'GET', url: apiPaths.dataPeriod(companyId, periodId) })).json<DataPeriod>();

  it('counts the rows its completed uploads hold, not those of failed or cancelled ones', async () => {
    const period = await addPeriod('2025-05');
    await insertUploads(period.id, [
      { status: 'completed', rowsImported: 7 },
      { status: 'completed', rowsImported: 5 },
      { status: 'failed', rowsImported: 11 },
      { status: 'cancelled', rowsImported: 13 },
    ]);
    expect(await readPeriod(period.id)).toMatchObject({ uploadCount: 4, transactionCount: 12 });
  });

  it('is importing while an upload of it is being validated, and leaves out an upload whose file is still arriving', async () => {
    const validating = await addPeriod('2025-06');
    await insertUploads(validating.id, [{ status: 'validating' }]);
    expect(await readPeriod(validating.id)).toMatchObject({ status: 'importing', uploadCount: 1 });

    // Decision 023: an import that starts while its file arrives is no one's to see until the whole file is in.
    const arriving = await addPeriod('2025-07');
    await insertUploads(arriving.id, [{ status: 'processing', receivedAt: null }]);
    expect(await readPeriod(arriving.id)).toMatchObject({ status: 'empty', uploadCount: 0 });
    const uploads = (await call({ method: 'GET', url: apiPaths.transactionUploads(companyId) })).json<
      TransactionUpload[]
    >();
    expect(uploads.filter((upload) => upload.dataPeriodId === arriving.id)).toEqual([]);
  });

  it('takes its state from the upload made last, also among uploads made at the same time (migration 0020)', async () => {
    // One transaction's now(), or one millisecond of PGlite's clock: only the order they were made in tells them apart.
    const createdAt = new Date('2025-08-01T10:00:00.123Z');
    const lastFailed = await addPeriod('2025-08');
    await insertUploads(lastFailed.id, [
      ...Array.from({ length: 4 }, () => ({ status: 'completed' as const, createdAt })),
      { status: 'failed', createdAt },
    ]);
    const lastCompleted = await addPeriod('2025-09');
    await insertUploads(lastCompleted.id, [
      ...Array.from({ length: 4 }, () => ({ status: 'failed' as const, createdAt })),
      { status: 'completed', createdAt },
    ]);
    expect(await readPeriod(lastFailed.id)).toMatchObject({ status: 'failed', uploadCount: 5 });
    expect(await readPeriod(lastCompleted.id)).toMatchObject({ status: 'imported', uploadCount: 5 });
  });

  it('deletes a period without uploads, and answers 404 for one of another company', async () => {
    const created = await call({ method: 'POST', url: apiPaths.dataPeriods(companyId), payload: { month: '2025-04' } });
    const id = created.json<DataPeriod>().id;
    const theirs = await call(
      { method: 'POST', url: apiPaths.dataPeriods(otherCompanyId), payload: { month: '2025-04' } },
      outsider,
    );
    const theirId = theirs.json<DataPeriod>().id;
    expect((await call({ method: 'GET', url: apiPaths.dataPeriod(companyId, theirId) })).statusCode).toBe(404);
    expect((await call({ method: 'DELETE', url: apiPaths.dataPeriod(companyId, theirId) })).statusCode).toBe(404);
    expect((await call({ method: 'DELETE', url: apiPaths.dataPeriod(companyId, id) })).statusCode).toBe(204);
    expect((await call({ method: 'GET', url: apiPaths.dataPeriod(companyId, id) })).statusCode).toBe(404);
    expect(
      (await call({ method: 'GET', url: apiPaths.dataPeriod(otherCompanyId, theirId) }, outsider)).statusCode,
    ).toBe(200);
  });

  it('refuses to delete a period while an upload into it is being written, and the upload keeps its period', async () => {
    const db = context.database.db;
    const created = await call({ method: 'POST', url: apiPaths.dataPeriods(companyId), payload: { month: '2025-05' } });
    const period = created.json<DataPeriod>();
    // An upload into the period, written in a transaction still open when the delete comes.
    let uploadId = '';
    const holder = await holdInTransaction(db, async (txDb) => {
      uploadId = await insertUpload(txDb, companyId, 'queued', { dataPeriodId: period.id });
    });
    const deleted = call({ method: 'DELETE', url: apiPaths.dataPeriod(companyId, period.id) });
    await releaseOnceWaiting(context, holder, 1);
    const answer = await deleted;
    expect(answer.statusCode).toBe(409);
    expect(answer.json()).toMatchObject({ code: 'data_period_has_uploads' });
    const [upload] = await db.select().from(transactionUploads).where(eq(transactionUploads.id, uploadId));
    expect(upload?.dataPeriodId).toBe(period.id);
  });

  describe('an upload into a period deleted while it is being written', () => {
    /** Deletes the period in a transaction of the test's own, still open until `releaseOnceWaiting`. */
    const holdDeleteOf = (periodId: string) =>
      holdInTransaction(context.database.db, (txDb) => txDb.delete(dataPeriods).where(eq(dataPeriods.id, periodId)));
    const uploadsOf = async (periodId: string) =>
      (await call({ method: 'GET', url: apiPaths.transactionUploads(companyId) }))
        .json<TransactionUpload[]>()
        .filter((upload) => upload.dataPeriodId === periodId);

    it('is refused 404 data_period_not_found, and neither the upload nor its file is kept', async () => {
      const period = await addPeriod('2025-10');
      const vtr = generateVtrText({ rows: 5, seed: 7, from: '2025-10-01', to: '2025-10-31' });
      const body = buildMultipart({ format: 'amazon-vtr', dataPeriodId: period.id }, [
        { fileName: 'october.txt', contentType: 'text/plain', bytes: Buffer.from(vtr.text) },
      ]);
      const storedFiles = () =>
        readdirSync(storageDir, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile()).length;
      const filesBefore = storedFiles();
      const holder = await holdDeleteOf(period.id);
      const uploaded = call({ method: 'POST', url: apiPaths.transactionUploads(companyId), ...body });
      await releaseOnceWaiting(context, holder, 1);
      const answer = await uploaded;
      // Before, the period was found before the delete committed and the insert then failed on the foreign key: 500.
      expect(answer.statusCode, answer.body).toBe(404);
      expect(answer.json()).toMatchObject({ code: 'data_period_not_found' });
      expect(await uploadsOf(period.id)).toEqual([]);
      expect(storedFiles()).toBe(filesBefore);
    });

    it('is not started while its file arrives, so that it is stored and refused as queued (decision 023)', async () => {
      const period = await addPeriod('2025-11');
      const holder = await holdDeleteOf(period.id);
      const started = insertReceivingUpload(
        context.database.db,
        {
          companyId,
          dataPeriodId: period.id,
          sourceFormat: 'amazon-vtr',
          columnMapping: null,
          fileName: 'november.txt',
          storageKey: 'never-written',
          uploadedBy: owner.id,
        },
        'test-worker',
        60,
      );
      await releaseOnceWaiting(context, holder, 1);
      expect(await started).toBeUndefined();
      const [written] = await context.database.db
        .select({ id: transactionUploads.id })
        .from(transactionUploads)
        .where(eq(transactionUploads.storageKey, 'never-written'));
      expect(written).toBeUndefined();
    });
  });
});
