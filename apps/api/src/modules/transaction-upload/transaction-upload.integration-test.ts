import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { apiPaths, type TransactionUpload, type UploadProblemPage } from '@vatlas/contract';
import { and, count, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Db } from '../../db/client';
import { companies, transactionDaySums, transactions, transactionUploads } from '../../db/schema';
import { forEachDatabase, holdInTransaction, releaseOnceWaiting } from '../../test/databases';
import { backfillOf, checkBackfill, inRolledBackTransaction, updatesOf } from '../../test/migration-backfill';
import { buildTestApp, createTestConfig, createTestProvider, loggerInto, type TestProvider } from '../../test/test-app';
import { buildMultipart } from '../documents/document-test-kit';
import { createLocalFileStorage, FileNotFoundError, type FileStorage } from '../storage/file-storage';
import { insertUpload } from '../tax-position/tax-position-test-kit';
import { bearer, createCompany, createHomeTenant, createPerson, type Person, signIn } from '../user/account-test-kit';
import type { TaxPositionRecomputer } from './import-job';
import type { createImportWorker, ImportWorker } from './import-worker';
import {
  claimNextUpload,
  lockUploadsOfFile,
  selectTransactionRowCounts,
  summarizeTransactionIndexes,
} from './repository';
import { generateVtrText } from './synthetic-vtr';
import { transactionIdentity } from './transaction-identity';
import { countTransactionRows, createGatedStorage, createTestImportWorker, withBadDate } from './upload-test-kit';

const VTR = generateVtrText({ rows: 60, seed: 7, from: '2025-03-01', to: '2025-03-31' });
const [VTR_HEADER = '', ...VTR_LINES] = VTR.text.split('\r\n').filter((line) => line !== '');

function vtrFile(lines: readonly string[]): Buffer {
  return Buffer.from(`${[VTR_HEADER, ...lines].join('\r\n')}\r\n`);
}

forEachDatabase('transaction uploads', (context) => {
  const config = createTestConfig();
  let app: FastifyInstance;
  let provider: TestProvider;
  let storage: FileStorage;
  let storageDir: string;
  /** While set, the storage fails every file delete, as a disk that went read-only would. */
  let isFileDeleteFailing = false;
  /** The app's log lines (warnings and worse), as JSON. */
  const logLines: string[] = [];
  let tenantId: string;
  let owner: Person;
  let outsider: Person;
  let companyId: string;
  let otherCompanyId: string;
  const recomputedFor: { companyId: string; statusSeen: string | undefined }[] = [];

  /** Records each call with what the upload looks like inside the transaction that called it. */
  const recordingRecomputer =
    (uploadIdOf: () => string | undefined): TaxPositionRecomputer =>
    async (db, id) => {
      const uploadId = uploadIdOf();
      const [row] = uploadId
        ? await db.select().from(transactionUploads).where(eq(transactionUploads.id, uploadId))
        : [];
      recomputedFor.push({ companyId: id, statusSeen: row?.status });
    };

  let lastUploadId: string | undefined;
  /** The worker the upload route wakes, as server.ts wires its in-process worker. */
  let wakeTarget: ImportWorker | undefined;
  const newWorker = (overrides: Partial<Parameters<typeof createImportWorker>[0]> = {}): ImportWorker =>
    createTestImportWorker({
      database: context.database,
      storage,
      recomputeTaxPosition: recordingRecomputer(() => lastUploadId),
      workerId: 'test-worker',
      ...overrides,
    });

  beforeAll(async () => {
    const db = context.database.db;
    storageDir = mkdtempSync(join(tmpdir(), 'vatlas-uploads-'));
    const localStorage = createLocalFileStorage(storageDir);
    storage = {
      ...localStorage,
      delete: async (key) => {
        if (isFileDeleteFailing) throw new Error('EROFS: read-only file system');
        return localStorage.delete(key);
      },
    };
    provider = await createTestProvider(config);
    app = await buildTestApp(context.database, {
      config,
      provider,
      logger: loggerInto(logLines, 'warn'),
      fileStorage: storage,
      recomputeTaxPosition: recordingRecomputer(() => undefined),
      onUploadQueued: () => wakeTarget?.wake(),
    });
    tenantId = await createHomeTenant(db);
    owner = await createPerson(db, { tenantId, label: 'upload-owner', issuer: config.auth.issuer });
    outsider = await createPerson(db, { tenantId, label: 'upload-outsider', issuer: config.auth.issuer });
    companyId = await createCompany(db, { tenantId, name: 'Upload Co', owners: [owner] });
    otherCompanyId = await createCompany(db, { tenantId, name: 'Other Co', owners: [outsider] });
    await db.update(companies).set({ establishmentCountryCode: 'DE' }).where(eq(companies.id, companyId));
  });
  afterAll(async () => {
    await app?.close();
    rmSync(storageDir, { recursive: true, force: true });
  });

  async function upload(
    bytes: Buffer,
    fields: Record<string, string> = { format: 'amazon-vtr' },
    target = companyId,
    person = owner,
  ) {
    const body = buildMultipart(fields, [{ fileName: 'march.txt', contentType: 'text/plain', bytes }]);
    const token = await signIn(app, provider, person);
    const response = await app.inject({
      method: 'POST',
      url: apiPaths.transactionUploads(target),
      ...body,
      headers: { ...body.headers, ...bearer(token) },
    });
    if (response.statusCode === 202) lastUploadId = response.json<TransactionUpload>().id;
    return response;
  }

  async function get(url: string, person = owner) {
    return app.inject({ method: 'GET', url, headers: bearer(await signIn(app, provider, person)) });
  }

  async function readUpload(uploadId: string): Promise<TransactionUpload> {
    return (await get(apiPaths.transactionUpload(companyId, uploadId))).json<TransactionUpload>();
  }

  /** Rows of `transactions`: of one upload, or else of the test's company, or of every company. */
  const countRows = (db: Db, where: { uploadId?: string; isEveryCompany?: boolean } = {}) =>
    countTransactionRows(db, { uploadId: where.uploadId, companyId: where.isEveryCompany ? undefined : companyId });

  /**
   * The upload's stored day sums, and what its stored rows sum to, each grouped by value at the day sums' grain: the
   * tax position reads the first, so the two must agree to the cent.
   */
  async function daySumsOf(uploadId: string, db: Db = context.database.db) {
    const grouped = async (table: 'transaction_day_sums' | 'transactions', channel: string, count: string) => {
      const result = (await db.execute(sql`
        select treatment, tax_point_date::text as date, departure_country as departure, arrival_country as arrival,
          taxable_jurisdiction as jurisdiction, currency, trim_scale(vat_rate)::text as rate,
          buyer_vat_number as buyer, ${sql.raw(channel)} as channel, sum(net_amount)::text as net,
          sum(vat_amount)::text as vat, sum(gross_amount)::text as gross, sum(computed_vat_amount)::text as computed,
          ${sql.raw(count)}::int as rows
        from ${sql.raw(table)}
        where upload_id = ${uploadId}
        group by 1, 2, 3, 4, 5, 6, 7, 8, 9
        order by 1, 2, 3, 4, 5, 6, 7, 8, 9
      `)) as unknown as { rows: Record<string, unknown>[] };
      return result.rows;
    };
    return {
      stored: await grouped('transaction_day_sums', 'channel', 'sum(transaction_count)'),
      ofRows: await grouped('transactions', 'coalesce(marketplace, sales_channel)', 'count(*)'),
    };
  }

  /** The day sums of `uploadId` are those of its `rowCount` stored rows. */
  async function expectDaySumsOfRows(uploadId: string, rowCount: number, db: Db = context.database.db) {
    const { stored, ofRows } = await daySumsOf(uploadId, db);
    expect(stored).toEqual(ofRows);
    expect(stored.reduce((total, sum) => total + Number(sum.rows), 0)).toBe(rowCount);
  }

  /** A company of its own, for a test that must not meet the uploads earlier tests leave behind. */
  async function createFreshCompany(name: string): Promise<string> {
    const db = context.database.db;
    const freshCompanyId = await createCompany(db, { tenantId, name, owners: [owner] });
    await db.update(companies).set({ establishmentCountryCode: 'DE' }).where(eq(companies.id, freshCompanyId));
    return freshCompanyId;
  }

  it('queues an upload (202), and the worker imports it: completed, counts right, progress at the file size', async () => {
    const bytes = vtrFile(VTR_LINES.slice(0, 30));
    const response = await upload(bytes);
    expect(response.statusCode).toBe(202);
    const queued = response.json<TransactionUpload>();
    expect(queued).toMatchObject({
      status: 'queued',
      bytesTotal: bytes.length,
      bytesProcessed: 0,
      format: 'amazon-vtr',
    });

    expect(await newWorker().runOnce()).toBe('completed');
    const done = await readUpload(queued.id);
    expect(done).toMatchObject({
      status: 'completed',
      rowsRead: 30,
      rowsImported: 30,
      rowsDuplicate: 0,
      problemCount: 0,
      bytesProcessed: bytes.length,
      errorCode: null,
    });
    expect(done.finishedAt).not.toBeNull();
    expect(await countRows(context.database.db, { uploadId: queued.id })).toBe(30);
    // Summed while the rows were encoded, the day sums are those of the stored rows.
    await expectDaySumsOfRows(queued.id, 30);
    // Fresh statistics once the upload completed (a table never analyzed has no estimate: -1): the pages need them.
    const statistics = (await context.database.db.execute(
      sql`select reltuples::int as rows from pg_class where relname = 'transactions'`,
    )) as unknown as { rows: { rows: number }[] };
    expect(statistics.rows[0]?.rows).toBe(30);
    // The tax position was recomputed inside the transaction that completed the upload.
    expect(recomputedFor.at(-1)).toEqual({ companyId, statusSeen: 'completed' });
    expect(await newWorker().runOnce()).toBeNull();
  });

  it('leaves the upload index a summary of every page the import loaded, so a delete reads only its upload', async () => {
    const db = context.database.db;
    await summarizeTransactionIndexes(db);
    // Some 2,000 rows: more pages than a range of the BRIN index holds (32), appended past the summarised ones.
    const generated = generateVtrText({ rows: 2000, seed: 11, from: '2025-04-01', to: '2025-04-30' });
    const response = await upload(
      Buffer.from(generated.text),
      { format: 'amazon-vtr' },
      await createFreshCompany('Pages Co'),
    );
    expect(response.statusCode).toBe(202);
    expect(await newWorker().runOnce()).toBe('completed');
    expect(await countRows(db, { uploadId: response.json<TransactionUpload>().id })).toBeGreaterThan(1500);
    expect(await summarizeTransactionIndexes(db)).toBe(0);
  });

  it('refuses the same file again with 409 duplicate_file naming the earlier upload, storing nothing', async () => {
    const [earlier] = (await get(apiPaths.transactionUploads(companyId))).json<TransactionUpload[]>();
    const response = await upload(vtrFile(VTR_LINES.slice(0, 30)));
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'duplicate_file', details: { uploadId: earlier?.id } });
    expect((await get(apiPaths.transactionUploads(companyId))).json<TransactionUpload[]>()).toHaveLength(1);
  });

  it('takes one of two uploads of the same file sent at once and refuses the other as its duplicate', async () => {
    const target = await createFreshCompany('Double Submit Co');
    const bytes = vtrFile(VTR_LINES.slice(0, 10));
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    // Held until both requests wait for the company's lock on the file: each has stored it, neither has checked.
    const holder = await holdInTransaction(context.database.db, (txDb) => lockUploadsOfFile(txDb, target, sha256));
    const responses = Promise.all([
      upload(bytes, { format: 'amazon-vtr' }, target),
      upload(bytes, { format: 'amazon-vtr' }, target),
    ]);
    await releaseOnceWaiting(context, holder, 2);
    const [first, second] = await responses;
    expect([first?.statusCode, second?.statusCode].sort()).toEqual([202, 409]);
    const taken = [first, second].find((response) => response?.statusCode === 202)?.json<TransactionUpload>();
    const refused = [first, second].find((response) => response?.statusCode === 409)?.json();
    expect(refused).toMatchObject({ code: 'duplicate_file', details: { uploadId: taken?.id } });
    expect((await get(apiPaths.transactionUploads(target))).json<TransactionUpload[]>().map(({ id }) => id)).toEqual([
      taken?.id,
    ]);
    // The one taken imports its rows (and leaves the queue to the tests after this one).
    expect(await newWorker().runOnce()).toBe('completed');
    expect(await countRows(context.database.db, { uploadId: taken?.id ?? '' })).toBe(10);
  });

  it('imports only the new rows of an overlapping file and counts the rest as duplicates', async () => {
    const response = await upload(vtrFile(VTR_LINES.slice(20, 50)));
    expect(response.statusCode).toBe(202);
    expect(await newWorker().runOnce()).toBe('completed');
    const { id } = response.json<TransactionUpload>();
    expect(await readUpload(id)).toMatchObject({
      status: 'completed',
      rowsRead: 30,
      rowsImported: 20,
      rowsDuplicate: 10,
    });
    expect(await countRows(context.database.db)).toBe(50);
    // The day sums count the 20 rows stored, not the 30 the file has: the other 10 belong to the earlier upload.
    await expectDaySumsOfRows(id, 20);
  });

  it('sums amounts of more than two decimals the way the database stores them: each rounded half-up to cents', async () => {
    const freshCompanyId = await createFreshCompany('Decimals Co');
    const columns = VTR_HEADER.split('\t');
    const withAmounts = (line: string, net: string, vat: string, gross: string) => {
      const cells = line.split('\t');
      cells[columns.indexOf('TOTAL_ACTIVITY_VALUE_AMT_VAT_EXCL')] = net;
      cells[columns.indexOf('TOTAL_ACTIVITY_VALUE_VAT_AMT')] = vat;
      cells[columns.indexOf('TOTAL_ACTIVITY_VALUE_AMT_VAT_INCL')] = gross;
      return cells.join('\t');
    };
    // Rows of one day and kind, so their amounts fall into one sum: 10.005 + 0.004 + 7.125 stores as
    // 10.01 + 0.00 + 7.13 = 17.14, where the unrounded sum would give 17.134 → 17.13.
    const generated = generateVtrText({ rows: 40, seed: 41, from: '2025-08-01', to: '2025-08-31' });
    const sales = generated.text
      .split('\r\n')
      .filter((line) => line.split('\t')[columns.indexOf('TRANSACTION_TYPE')] === 'SALE');
    const [first = '', second = '', third = ''] = sales;
    const sameDay = (line: string) => {
      const cells = line.split('\t');
      const model = first.split('\t');
      for (const column of [
        'TRANSACTION_TYPE',
        'TAX_CALCULATION_DATE',
        'SALE_DEPART_COUNTRY',
        'SALE_ARRIVAL_COUNTRY',
        'TAXABLE_JURISDICTION',
        'TRANSACTION_CURRENCY_CODE',
        'PRICE_OF_ITEMS_VAT_RATE_PERCENT',
        'BUYER_VAT_NUMBER',
        'MARKETPLACE',
        'SALES_CHANNEL',
        'TAX_COLLECTION_RESPONSIBILITY',
        'TAX_REPORTING_SCHEME',
        'EXPORT_OUTSIDE_EU',
      ]) {
        cells[columns.indexOf(column)] = model[columns.indexOf(column)] ?? '';
      }
      return cells.join('\t');
    };
    const bytes = vtrFile([
      withAmounts(first, '10.005', '-0.005', '10.000'),
      withAmounts(sameDay(second), '0.004', '0.001', '0.005'),
      withAmounts(sameDay(third), '7.125', '1.355', '8.480'),
    ]);
    const response = await upload(bytes, { format: 'amazon-vtr' }, freshCompanyId);
    expect(response.statusCode).toBe(202);
    const { id } = response.json<TransactionUpload>();
    expect(await newWorker().runOnce()).toBe('completed');
    expect((await get(apiPaths.transactionUpload(freshCompanyId, id))).json<TransactionUpload>()).toMatchObject({
      status: 'completed',
      rowsImported: 3,
    });
    await expectDaySumsOfRows(id, 3);
    const { stored } = await daySumsOf(id);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ net: '17.14', vat: '1.35', gross: '18.49', rows: 3 });
  });

  it('stores the day sums of a file with more than the encoder holds in pieces, adding up to its rows (decision 025)', async () => {
    const freshCompanyId = await createFreshCompany('Many Sums Co');
    const maxDaySums = 3;
    const response = await upload(vtrFile(VTR_LINES.slice(0, 40)), { format: 'amazon-vtr' }, freshCompanyId);
    expect(response.statusCode).toBe(202);
    const { id } = response.json<TransactionUpload>();
    expect(await newWorker({ maxDaySums }).runOnce()).toBe('completed');
    expect((await get(apiPaths.transactionUpload(freshCompanyId, id))).json<TransactionUpload>()).toMatchObject({
      status: 'completed',
      rowsImported: 40,
    });
    // The encoder wrote out three sums at a time: some grains were stored in more than one line, as the rows' sums (one
    // line a grain) never are. Added up, they are the rows' sums to the cent.
    const { stored } = await daySumsOf(id);
    expect(stored.length).toBeGreaterThan(maxDaySums);
    const counted = (await context.database.db.execute(
      sql`select count(*)::int as "count" from transaction_day_sums where upload_id = ${id}`,
    )) as unknown as { rows: { count: number }[] };
    expect(counted.rows[0]?.count).toBeGreaterThan(stored.length);
    await expectDaySumsOfRows(id, 40);
  });

  it('keeps each transaction once when the same rows come again in later chunks of the same file', async () => {
    // 40 rows, then the same 40 in another order: in chunks of a few rows, a chunk meets its rows' twins stored by the
    // chunks before, its COPY breaks the primary key, and it loads through the staging table instead. Nothing is lost,
    // and nothing counts twice.
    const freshCompanyId = await createFreshCompany('Twice Co');
    const lines = VTR_LINES.slice(0, 40);
    const response = await upload(vtrFile([...lines, ...lines.toReversed()]), { format: 'amazon-vtr' }, freshCompanyId);
    expect(response.statusCode).toBe(202);
    const { id } = response.json<TransactionUpload>();
    expect(await newWorker({ chunkBytes: 2000, encodeIn: 'worker' }).runOnce()).toBe('completed');
    expect((await get(apiPaths.transactionUpload(freshCompanyId, id))).json<TransactionUpload>()).toMatchObject({
      status: 'completed',
      rowsRead: 80,
      rowsImported: 40,
      rowsDuplicate: 40,
    });
    await expectDaySumsOfRows(id, 40);
  });

  it("parses a local file in the worker thread from its path: the stream the server's thread opened is never read", async () => {
    const freshCompanyId = await createFreshCompany('Local Path Co');
    const response = await upload(vtrFile(VTR_LINES.slice(0, 40)), { format: 'amazon-vtr' }, freshCompanyId);
    const { id } = response.json<TransactionUpload>();
    let isStreamRead = false;
    // The storage's own stream shows the file is there; reading it would fail the import.
    const pathOnly: FileStorage = {
      ...storage,
      async get(key) {
        (await storage.get(key)).destroy();
        return Readable.from(
          (async function* () {
            isStreamRead = true;
            yield* [];
            throw new Error("the file's bytes went through the server's thread");
          })(),
        );
      },
    };
    expect(await newWorker({ storage: pathOnly, encodeIn: 'worker' }).runOnce()).toBe('completed');
    expect(isStreamRead).toBe(false);
    expect((await get(apiPaths.transactionUpload(freshCompanyId, id))).json<TransactionUpload>()).toMatchObject({
      status: 'completed',
      rowsImported: 40,
    });
    await expectDaySumsOfRows(id, 40);
  });

  it('stores no day sums once another worker has taken the job over, and ends lost: they would count twice', async () => {
    const db = context.database.db;
    const freshCompanyId = await createFreshCompany('Taken Over Co');
    // 1,200 rows: the first half holds two parser batches (of 256 rows) to load before the gate.
    const file = generateVtrText({ rows: 1200, seed: 37, from: '2025-04-01', to: '2025-04-30' });
    const { id } = (
      await upload(Buffer.from(file.text), { format: 'amazon-vtr' }, freshCompanyId)
    ).json<TransactionUpload>();
    const gated = createGatedStorage(storage);
    // No progress report before the end of the file (one every 10,000 rows): only the store itself can tell.
    const importing = newWorker({ storage: gated.storage, batchSize: 10_000, chunkBytes: 2000 }).runOnce();
    const rowsOf = async () =>
      Number((await db.select({ value: count() }).from(transactions).where(eq(transactions.uploadId, id)))[0]?.value);
    await expect.poll(rowsOf, { timeout: 10_000 }).toBeGreaterThan(0);
    // Its heartbeat went stale, and another worker claimed the upload (it would delete what is stored, and start again).
    await db
      .update(transactionUploads)
      .set({ lockedBy: 'other-worker', heartbeatAt: sql`now()` })
      .where(eq(transactionUploads.id, id));
    gated.open();
    expect(await importing).toBe('lost');
    expect(await daySumsOf(id)).toMatchObject({ stored: [] });
    await db
      .update(transactionUploads)
      .set({ status: 'cancelled', lockedBy: null })
      .where(eq(transactionUploads.id, id));
  });

  it('sums the day sums of every upload again from its rows, with their channel (migration 0024)', async () => {
    const db = context.database.db;
    // Migration 0011 filled in the day sums of the uploads stored before there were any; 0024 sums them all again.
    const backfill = backfillOf('0024_day_sums_channel.sql', 'transaction_day_sums');
    expect(backfill).toMatch(/coalesce\("marketplace", "sales_channel"\)/);
    const uploads = await db
      .select({ id: transactionUploads.id, rows: transactionUploads.rowsImported })
      .from(transactionUploads)
      .where(and(eq(transactionUploads.companyId, companyId), eq(transactionUploads.status, 'completed')));
    expect(uploads.length).toBeGreaterThan(1);
    await checkBackfill(db, 'transaction_day_sums', backfill, async (txDb) => {
      for (const { id, rows } of uploads) await expectDaySumsOfRows(id, rows, txDb);
    });
  });

  it('gives the rows stored before migration 0036 the ids the import gives them now', async () => {
    const db = context.database.db;
    const [update, ...others] = updatesOf('0036_transactions_keyed_by_date.sql');
    expect(others).toEqual([]);
    await inRolledBackTransaction(db, 'transactions', async (txDb) => {
      const rowsOf = () =>
        txDb
          .select({
            id: transactions.id,
            source: transactions.source,
            eventId: transactions.eventId,
            activityId: transactions.activityId,
            type: transactions.transactionType,
            sku: transactions.sku,
            taxPointDate: transactions.taxPointDate,
          })
          .from(transactions)
          .where(eq(transactions.companyId, companyId))
          .orderBy(transactions.lineNumber, transactions.id);
      // The rows as they were stored before: under other ids, the migration having dropped the primary key first.
      // One SKU of letters beyond ASCII and one row without a SKU, both of which the digest reads.
      await txDb.execute(sql`alter table transactions drop constraint transactions_identity_key`);
      await txDb.execute(sql`update transactions set id = gen_random_uuid() where company_id = ${companyId}`);
      const [first, second] = await rowsOf();
      await txDb
        .update(transactions)
        .set({ sku: 'Käse-ß € 10%' })
        .where(eq(transactions.id, first?.id ?? ''));
      await txDb
        .update(transactions)
        .set({ sku: null })
        .where(eq(transactions.id, second?.id ?? ''));
      await txDb.execute(sql.raw(update ?? ''));
      const migrated = await rowsOf();
      expect(migrated.length).toBeGreaterThanOrEqual(50);
      expect(migrated.filter((row) => row.sku === 'Käse-ß € 10%' || row.sku === null)).toHaveLength(2);
      for (const { id, ...fields } of migrated) expect(id).toBe(transactionIdentity(companyId, fields));
    });
  });

  const badDate = () => withBadDate(VTR_HEADER, VTR_LINES.slice(50, 54), 2);

  const vtrWithout = (column: string) => {
    const index = VTR_HEADER.split('\t').indexOf(column);
    const drop = (line: string) => line.split('\t').toSpliced(index, 1).join('\t');
    return Buffer.from(`${[VTR_HEADER, ...VTR_LINES.slice(0, 2)].map(drop).join('\r\n')}\r\n`);
  };

  const malformed: [string, () => Buffer, string][] = [
    ['an empty file', () => Buffer.alloc(0), 'empty-file'],
    ['a header without rows', () => vtrFile([]), 'header-only'],
    ['a file of no known layout', () => Buffer.from('ORDER\tAMOUNT\r\n1\t2\r\n'), 'unknown-format'],
    ['a VTR without its tax date column', () => vtrWithout('TAX_CALCULATION_DATE'), 'missing-columns'],
    ['a row with a bad date', () => vtrFile(badDate()), 'row_problems'],
  ];
  for (const [label, build, errorCode] of malformed) {
    it(`fails ${label} with ${errorCode}, stores no row and leaves the earlier data as it was`, async () => {
      const before = await countRows(context.database.db);
      const response = await upload(build());
      expect(response.statusCode).toBe(202);
      const id = response.json<TransactionUpload>().id;
      expect(await newWorker().runOnce()).toBe('failed');
      const failed = await readUpload(id);
      expect(failed).toMatchObject({ status: 'failed', errorCode });
      expect(failed.problemCount).toBeGreaterThan(0);
      expect(await countRows(context.database.db, { uploadId: id })).toBe(0);
      expect(await countRows(context.database.db)).toBe(before);
    });
  }

  it('lists the problems of a failed upload as JSON pages and as a CSV download', async () => {
    const uploads = (await get(apiPaths.transactionUploads(companyId))).json<TransactionUpload[]>();
    const failed = uploads.find((item) => item.errorCode === 'row_problems');
    if (!failed) throw new Error('no failed upload');
    const page = (
      await get(apiPaths.transactionUploadProblems(companyId, failed.id, { limit: 5 }))
    ).json<UploadProblemPage>();
    expect(page).toMatchObject({ total: 1, stored: 1, offset: 0, limit: 5 });
    expect(page.items[0]).toMatchObject({ lineNumber: 4, column: 'TAX_CALCULATION_DATE' });

    const csv = await get(apiPaths.transactionUploadProblemsCsv(companyId, failed.id));
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toContain('attachment; filename="march-problems.csv"');
    const [header, line] = csv.body.split('\r\n');
    expect(header).toBe('line,column,code,message');
    expect(line).toMatch(/^4,TAX_CALCULATION_DATE,[a-z-]+,/);
  });

  it('cancels a queued upload at once, and a running import between two batches, keeping no rows', async () => {
    const queued = (await upload(vtrFile(VTR_LINES.slice(54, 56)))).json<TransactionUpload>();
    const cancel = await app.inject({
      method: 'POST',
      url: apiPaths.cancelTransactionUpload(companyId, queued.id),
      headers: bearer(await signIn(app, provider, owner)),
    });
    expect(cancel.statusCode).toBe(200);
    expect(cancel.json()).toMatchObject({ status: 'cancelled' });
    expect(await newWorker().runOnce()).toBeNull();

    const bigger = generateVtrText({ rows: 400, seed: 11, from: '2025-04-01', to: '2025-04-30' });
    const running = (await upload(Buffer.from(bigger.text))).json<TransactionUpload>();
    const gated = createGatedStorage(storage);
    const importing = newWorker({ storage: gated.storage, batchSize: 20, chunkBytes: 2000 }).runOnce();
    await expect.poll(async () => (await readUpload(running.id)).rowsRead, { timeout: 10_000 }).toBeGreaterThan(0);
    expect(await countRows(context.database.db, { uploadId: running.id })).toBeGreaterThan(0);
    const requested = await app.inject({
      method: 'POST',
      url: apiPaths.cancelTransactionUpload(companyId, running.id),
      headers: bearer(await signIn(app, provider, owner)),
    });
    expect(requested.json()).toMatchObject({ status: 'processing', isCancelRequested: true });
    gated.open();
    expect(await importing).toBe('cancelled');
    expect(await readUpload(running.id)).toMatchObject({ status: 'cancelled' });
    expect(await countRows(context.database.db, { uploadId: running.id })).toBe(0);
  });

  it('resumes an upload whose worker died: the leftovers go, the file is imported again, exactly once', async () => {
    const db = context.database.db;
    const lines = generateVtrText({ rows: 40, seed: 23, from: '2025-05-01', to: '2025-05-31' });
    const queued = (await upload(Buffer.from(lines.text))).json<TransactionUpload>();
    // A worker claims it, stores a row that is not in the file, and dies without a word.
    expect(await claimNextUpload(db, 'dead-worker', 30)).toBe(queued.id);
    await db.insert(transactions).values({
      id: '00000000-0000-4000-8000-000000000001',
      companyId,
      uploadId: queued.id,
      source: 'amazon-vtr',
      lineNumber: 2,
      transactionType: 'SALE',
      eventId: 'left-over-by-a-dead-worker',
      activityId: 'x',
      taxPointDate: '2025-05-01',
      completeDate: '2025-05-01',
      netAmount: '1.00',
      vatAmount: '0.19',
      grossAmount: '1.19',
      computedVatAmount: '0.19',
      isExport: false,
      quantity: 1,
      treatment: 'unclassified',
    });
    await db.insert(transactionDaySums).values({
      uploadId: queued.id,
      companyId,
      treatment: 'unclassified',
      taxPointDate: '2025-05-01',
      netAmount: '1.00',
      vatAmount: '0.19',
      grossAmount: '1.19',
      computedVatAmount: '0.19',
      transactionCount: 1,
    });
    // While its heartbeat is fresh nobody else may take it.
    expect(await newWorker().runOnce()).toBeNull();
    await db
      .update(transactionUploads)
      .set({ heartbeatAt: sql`now() - interval '1 hour'` })
      .where(eq(transactionUploads.id, queued.id));

    expect(await newWorker().runOnce()).toBe('completed');
    const done = await readUpload(queued.id);
    expect(done).toMatchObject({ status: 'completed', rowsRead: 40 });
    expect(done.rowsImported + done.rowsDuplicate).toBe(40);
    expect(await countRows(db, { uploadId: queued.id })).toBe(done.rowsImported);
    const [leftover] = await db
      .select({ value: count() })
      .from(transactions)
      .where(eq(transactions.eventId, 'left-over-by-a-dead-worker'));
    expect(Number(leftover?.value)).toBe(0);
    // Its day sum went with it.
    await expectDaySumsOfRows(queued.id, done.rowsImported);
  });

  it('gives up with interrupted after three attempts died, keeping no rows', async () => {
    const db = context.database.db;
    const lines = generateVtrText({ rows: 5, seed: 29, from: '2025-06-01', to: '2025-06-30' });
    const queued = (await upload(Buffer.from(lines.text))).json<TransactionUpload>();
    await db
      .update(transactionUploads)
      .set({ status: 'processing', attempts: 3, lockedBy: 'dead-worker', heartbeatAt: sql`now() - interval '1 hour'` })
      .where(eq(transactionUploads.id, queued.id));
    expect(await newWorker().runOnce()).toBe('failed');
    expect(await readUpload(queued.id)).toMatchObject({ status: 'failed', errorCode: 'interrupted' });
    expect(await countRows(db, { uploadId: queued.id })).toBe(0);
  });

  it('deletes an upload with its rows (204), refuses while it is importing (409), and 404s what is not there', async () => {
    const db = context.database.db;
    const [completed] = await db
      .select()
      .from(transactionUploads)
      .where(and(eq(transactionUploads.companyId, companyId), eq(transactionUploads.status, 'completed')))
      .limit(1);
    if (!completed) throw new Error('no completed upload');
    const token = await signIn(app, provider, owner);
    const deleted = await app.inject({
      method: 'DELETE',
      url: apiPaths.transactionUpload(companyId, completed.id),
      headers: bearer(token),
    });
    expect(deleted.statusCode).toBe(204);
    expect(recomputedFor.at(-1)).toEqual({ companyId, statusSeen: undefined });
    expect(await countRows(db, { uploadId: completed.id })).toBe(0);
    expect(await daySumsOf(completed.id)).toEqual({ stored: [], ofRows: [] });
    expect((await get(apiPaths.transactionUpload(companyId, completed.id))).statusCode).toBe(404);

    const lines = generateVtrText({ rows: 3, seed: 31, from: '2025-07-01', to: '2025-07-31' });
    const queued = (await upload(Buffer.from(lines.text))).json<TransactionUpload>();
    await claimNextUpload(db, 'busy-worker', 30);
    const refused = await app.inject({
      method: 'DELETE',
      url: apiPaths.transactionUpload(companyId, queued.id),
      headers: bearer(token),
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'upload_processing' });
  });

  /** The key of an upload's stored file, null once the file is deleted. */
  const storageKeyOf = async (db: Db, uploadId: string) => {
    const [row] = await db
      .select({ storageKey: transactionUploads.storageKey })
      .from(transactionUploads)
      .where(eq(transactionUploads.id, uploadId));
    if (!row) throw new Error(`no upload ${uploadId}`);
    return row.storageKey;
  };

  it('answers a delete whose file cannot be deleted as done (204), and logs the file it left behind', async () => {
    const db = context.database.db;
    // A company of its own: the test before leaves an upload of the main one claimed, which holds its next back.
    const freshCompanyId = await createFreshCompany('Undeletable File Co');
    const lines = generateVtrText({ rows: 4, seed: 4242, from: '2025-09-01', to: '2025-09-30' });
    // Validated, not imported: a completed import's file is gone already (the next test), a validated one's is kept
    // for its Confirm.
    const uploaded = await upload(Buffer.from(lines.text), { format: 'amazon-vtr', mode: 'validate' }, freshCompanyId);
    expect(uploaded.statusCode).toBe(202);
    const { id } = uploaded.json<TransactionUpload>();
    expect(await newWorker().runOnce()).toBe('validated');
    const storageKey = await storageKeyOf(db, id);
    if (storageKey === null) throw new Error('a validated upload without its file');
    const token = await signIn(app, provider, owner);
    isFileDeleteFailing = true;
    const deleted = await app
      .inject({ method: 'DELETE', url: apiPaths.transactionUpload(freshCompanyId, id), headers: bearer(token) })
      .finally(() => {
        isFileDeleteFailing = false;
      });
    // The delete was committed: answering it as failed would send the user to retry a delete that finds nothing.
    expect(deleted.statusCode).toBe(204);
    expect((await get(apiPaths.transactionUpload(freshCompanyId, id))).statusCode).toBe(404);
    // The file is still there, and the log says which one, for whoever runs the server to remove.
    const file = await storage.get(storageKey);
    file.destroy();
    const logged = logLines
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .filter((line) => line.msg === 'the file of a deleted upload could not be deleted');
    expect(logged).toEqual([expect.objectContaining({ level: 50, uploadId: id, storageKey, errorName: 'Error' })]);
    await storage.delete(storageKey);
  });

  it("deletes a completed import's file, which holds the buyers' names and addresses, and forgets its key", async () => {
    const db = context.database.db;
    const freshCompanyId = await createFreshCompany('Forgotten File Co');
    const lines = generateVtrText({ rows: 4, seed: 4343, from: '2025-10-01', to: '2025-10-31' });
    const uploaded = await upload(Buffer.from(lines.text), { format: 'amazon-vtr' }, freshCompanyId);
    expect(uploaded.statusCode).toBe(202);
    const { id } = uploaded.json<TransactionUpload>();
    const storageKey = await storageKeyOf(db, id);
    if (storageKey === null) throw new Error('a queued upload without its file');
    (await storage.get(storageKey)).destroy();

    expect(await newWorker().runOnce()).toBe('completed');
    await expect(storage.get(storageKey)).rejects.toBeInstanceOf(FileNotFoundError);
    expect(await storageKeyOf(db, id)).toBeNull();
    // The upload itself is as a completed one is: its counts answered, its rows counted, its delete done.
    const answered = (await get(apiPaths.transactionUpload(freshCompanyId, id))).json<TransactionUpload>();
    expect(answered).toMatchObject({ status: 'completed', rowsImported: 4, sha256: uploaded.json().sha256 });
    expect(await countRows(db, { uploadId: id })).toBe(4);
    const deleted = await app.inject({
      method: 'DELETE',
      url: apiPaths.transactionUpload(freshCompanyId, id),
      headers: bearer(await signIn(app, provider, owner)),
    });
    expect(deleted.statusCode).toBe(204);
    expect(await countRows(db, { uploadId: id })).toBe(0);
  });

  it("logs a completed import's file it could not delete, and deletes it when a worker next starts", async () => {
    const db = context.database.db;
    const freshCompanyId = await createFreshCompany('Stubborn File Co');
    const lines = generateVtrText({ rows: 4, seed: 4444, from: '2025-11-01', to: '2025-11-30' });
    const uploaded = await upload(Buffer.from(lines.text), { format: 'amazon-vtr' }, freshCompanyId);
    const { id } = uploaded.json<TransactionUpload>();
    const storageKey = await storageKeyOf(db, id);
    const errors: Record<string, unknown>[] = [];
    const log = {
      info: () => undefined,
      warn: () => undefined,
      error: (details: Record<string, unknown>, message: string) => errors.push({ ...details, message }),
    };

    isFileDeleteFailing = true;
    const result = await newWorker({ log })
      .runOnce()
      .finally(() => {
        isFileDeleteFailing = false;
      });
    // The import stands: the file's delete comes after its completion was committed.
    expect(result).toBe('completed');
    expect(errors).toEqual([
      expect.objectContaining({
        uploadId: id,
        storageKey,
        errorName: 'Error',
        message: 'the file of a completed import could not be deleted',
      }),
    ]);
    expect(await storageKeyOf(db, id)).toBe(storageKey);
    (await storage.get(storageKey as string)).destroy();

    // A worker's first look for a job (a server that starts again) deletes it first.
    expect(await newWorker({ log }).runOnce()).toBeNull();
    await expect(storage.get(storageKey as string)).rejects.toBeInstanceOf(FileNotFoundError);
    expect(await storageKeyOf(db, id)).toBeNull();
    expect(errors).toHaveLength(1);
  });

  it('reclaims the rows of a deleted upload once they are more than a fifth of the table, as autovacuum would', async () => {
    // PGlite has no autovacuum: the delete itself vacuums once the dead rows pass autovacuum's line (a fifth plus 50).
    const db = context.database.db;
    const stored = await countRows(db, { isEveryCompany: true });
    const freshCompanyId = await createFreshCompany('Vacuum Co');
    const lines = generateVtrText({
      rows: Math.ceil(stored / 2) + 400,
      seed: 37,
      from: '2025-03-01',
      to: '2025-03-31',
    });
    const { id } = (
      await upload(Buffer.from(lines.text), { format: 'amazon-vtr' }, freshCompanyId)
    ).json<TransactionUpload>();
    expect(await newWorker().runOnce()).toBe('completed');
    const imported = await countRows(db, { uploadId: id });
    expect(imported).toBeGreaterThan(0.2 * (stored + imported) + 50);
    const token = await signIn(app, provider, owner);
    const deleted = await app.inject({
      method: 'DELETE',
      url: apiPaths.transactionUpload(freshCompanyId, id),
      headers: bearer(token),
    });
    expect(deleted.statusCode).toBe(204);
    expect(await countRows(db, { uploadId: id })).toBe(0);
    // Without the vacuum the deleted rows would all still be there, dead.
    expect((await selectTransactionRowCounts(db)).dead).toBeLessThan(imported);
  });

  for (const { failure, errorCode } of [
    { failure: 'a bad last row', errorCode: 'row_problems' },
    { failure: 'a load that fails near the end', errorCode: 'import_error' },
  ]) {
    it(`reclaims the rows an import loaded before ${failure} failed it, once they are more than a fifth of the table`, async () => {
      // Chunks of about 2 kB are loaded as the file is read, 50 rows at a time; then the last row's bad date fails the
      // import, or a load fails as a lost connection would ('import failed unexpectedly'). Either way the rows go.
      const db = context.database.db;
      const stored = await countRows(db, { isEveryCompany: true });
      const lines = generateVtrText({
        rows: Math.ceil(stored / 2) + 400,
        seed: 41,
        from: '2025-04-01',
        to: '2025-04-30',
      })
        .text.split('\r\n')
        .slice(1)
        .filter((line) => line !== '');
      const isRowProblem = errorCode === 'row_problems';
      const freshCompanyId = await createFreshCompany(`Vacuum after ${failure}`);
      const file = vtrFile(isRowProblem ? withBadDate(VTR_HEADER, lines, lines.length - 1) : lines);
      const { id } = (await upload(file, { format: 'amazon-vtr' }, freshCompanyId)).json<TransactionUpload>();
      let loaded = 0;
      const countingBulk: typeof context.database.bulk = {
        ...context.database.bulk,
        transaction: (work) =>
          context.database.bulk.transaction((session) =>
            work({
              ...session,
              copyFrom: async (target, data, format) => {
                const copied = await session.copyFrom(target, data, format);
                if (!target.startsWith('transactions ')) return copied;
                loaded += copied;
                if (!isRowProblem && loaded > lines.length - 100) throw new Error('Connection terminated unexpectedly');
                return copied;
              },
            }),
          ),
      };
      const worker = newWorker({
        database: { ...context.database, bulk: countingBulk },
        chunkBytes: 2000,
        batchSize: 50,
      });
      expect(await worker.runOnce()).toBe('failed');
      expect((await get(apiPaths.transactionUpload(freshCompanyId, id))).json<TransactionUpload>().errorCode).toBe(
        errorCode,
      );
      expect(await countRows(db, { uploadId: id })).toBe(0);
      expect(loaded).toBeGreaterThan(0.2 * (stored + loaded) + 50);
      // Without the vacuum the rows loaded and deleted would all still be there, dead.
      expect((await selectTransactionRowCounts(db)).dead).toBeLessThan(loaded);
    });
  }

  it("answers 404 for another company's upload and never shows its data", async () => {
    const theirs = await upload(vtrFile(VTR_LINES.slice(56, 58)), { format: 'amazon-vtr' }, otherCompanyId, outsider);
    expect(theirs.statusCode).toBe(202);
    const theirId = theirs.json<TransactionUpload>().id;
    expect((await get(apiPaths.transactionUpload(companyId, theirId))).statusCode).toBe(404);
    expect((await get(apiPaths.transactionUploadProblems(companyId, theirId))).statusCode).toBe(404);
    expect((await get(apiPaths.transactionUpload(otherCompanyId, theirId))).statusCode).toBe(403);
  });

  it('validates the upload fields: format, a data period of the company, a mapping for generic CSV', async () => {
    const bytes = vtrFile(VTR_LINES.slice(58, 59));
    expect((await upload(bytes, { format: 'excel' })).json()).toMatchObject({ code: 'validation_error' });
    const unknownPeriod = await upload(bytes, { format: 'amazon-vtr', dataPeriodId: crypto.randomUUID() });
    expect(unknownPeriod.statusCode).toBe(404);
    expect(unknownPeriod.json()).toMatchObject({ code: 'data_period_not_found' });
    const noMapping = await upload(bytes, { format: 'generic-csv' });
    expect(noMapping.statusCode).toBe(400);
    expect(noMapping.json().details).toEqual([{ field: 'columnMappingId', message: 'is required for generic-csv' }]);
  });

  it('saves, reads, lists and deletes column mappings by name or id', async () => {
    const token = await signIn(app, provider, owner);
    const mapping = {
      transactionId: 'Invoice',
      date: 'Date',
      dateFormat: 'DD.MM.YYYY',
      arrivalCountry: { column: 'Country' },
      currency: { value: 'EUR' },
      netAmount: 'Net',
      grossAmount: 'Gross',
    };
    const saved = await app.inject({
      method: 'PUT',
      url: apiPaths.columnMapping(companyId, 'My shop'),
      headers: bearer(token),
      payload: { mapping },
    });
    expect(saved.statusCode).toBe(200);
    const { id } = saved.json<{ id: string }>();
    expect((await get(apiPaths.columnMapping(companyId, id))).json()).toMatchObject({ name: 'My shop', mapping });
    expect((await get(apiPaths.columnMappings(companyId))).json()).toHaveLength(1);
    const invalid = await app.inject({
      method: 'PUT',
      url: apiPaths.columnMapping(companyId, 'Broken'),
      headers: bearer(token),
      payload: { mapping: { ...mapping, grossAmount: undefined } },
    });
    expect(invalid.statusCode).toBe(400);
    const removed = await app.inject({
      method: 'DELETE',
      url: apiPaths.columnMapping(companyId, 'My shop'),
      headers: bearer(token),
    });
    expect(removed.statusCode).toBe(204);
    expect((await get(apiPaths.columnMapping(companyId, id))).statusCode).toBe(404);
  });
  it('lists uploads made at the same time newest first and claims them oldest first, in the order they were made', async () => {
    // One transaction's now(), or one millisecond of PGlite's clock: only the order they were made in tells them apart
    // (migration 0020). Made long ago, so that they are the oldest queued uploads of the database, claimed first.
    const db = context.database.db;
    const sameTimeCompanyId = await createFreshCompany('Same Time Co');
    const createdAt = new Date('2001-02-03T04:05:06.789Z');
    const made: string[] = [];
    for (let number = 1; number <= 6; number++) {
      made.push(await insertUpload(db, sameTimeCompanyId, 'queued', { createdAt }));
    }
    const listed = (await get(apiPaths.transactionUploads(sameTimeCompanyId))).json<TransactionUpload[]>();
    expect(listed.map((listedUpload) => listedUpload.id)).toEqual([...made].reverse());

    const claimed: (string | null)[] = [];
    for (const _ of made) {
      const id = await claimNextUpload(db, 'order-worker', 30);
      claimed.push(id);
      // Done with it: the company's next upload waits only while one of its imports runs.
      if (id) await db.update(transactionUploads).set({ status: 'cancelled' }).where(eq(transactionUploads.id, id));
    }
    expect(claimed).toEqual(made);
  });

  it('starts an upload at once: the upload wakes the idle worker instead of leaving it to the next poll', async () => {
    // Ten minutes between polls: without the wake-up the upload would wait far beyond the test's patience.
    // A company of its own: earlier tests leave this file's companies with an upload a "busy worker" holds.
    const freshCompanyId = await createFreshCompany('Wake Co');
    const worker = newWorker({ pollIntervalMs: 10 * 60_000 });
    wakeTarget = worker;
    worker.start();
    try {
      await new Promise((settle) => setTimeout(settle, 200));
      const response = await upload(vtrFile(VTR_LINES.slice(50, 54)), { format: 'amazon-vtr' }, freshCompanyId);
      expect(response.statusCode).toBe(202);
      const { id } = response.json<TransactionUpload>();
      const status = async () => (await get(apiPaths.transactionUpload(freshCompanyId, id))).json<TransactionUpload>();
      await expect.poll(async () => (await status()).status, { timeout: 15_000 }).toBe('completed');
    } finally {
      wakeTarget = undefined;
      await worker.stop();
    }
  });
});
