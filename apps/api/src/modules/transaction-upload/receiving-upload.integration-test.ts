import { createHash, randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { apiPaths, type TransactionUpload } from '@vatlas/contract';
import { asc, count, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { companies, liabilities, transactions, transactionUploads } from '../../db/schema';
import { forEachDatabase } from '../../test/databases';
import { buildTestApp, createTestConfig, createTestProvider, type TestProvider } from '../../test/test-app';
import { createLocalFileStorage, type FileStorage } from '../storage/file-storage';
import { recomputeTaxPosition } from '../tax-position/service';
import { insertTransactions, transactionFixture } from '../tax-position/tax-position-test-kit';
import { bearer, createCompany, createHomeTenant, createPerson, type Person, signIn } from '../user/account-test-kit';
import { type ImportResult, WORKER_MIN_FILE_BYTES } from './import-job';
import type { ImportWorker } from './import-worker';
import { insertReceivingUpload } from './repository';
import { generateVtrText } from './synthetic-vtr';
import { createTestImportWorker, openUpload } from './upload-test-kit';

/**
 * Decision 023: with its fields before a large file, an upload's import starts as the file arrives. These tests send
 * the body in pieces over a real socket and look at the database between them.
 */
const FILE = Buffer.from(generateVtrText({ rows: 34_000, seed: 23, from: '2025-05-01', to: '2025-05-31' }).text);
const FILE_SHA256 = createHash('sha256').update(FILE).digest('hex');
const HALF = Math.floor(FILE.length / 2);

/** Waits until `condition` holds, looking every 50 ms, for at most 60 s. */
async function until(condition: () => Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

forEachDatabase('an upload imported while its file arrives', (context) => {
  const config = createTestConfig();
  let app: FastifyInstance;
  let port: number;
  let provider: TestProvider;
  let storage: FileStorage;
  let storageDir: string;
  let worker: ImportWorker;
  let tenantId: string;
  let owner: Person;
  /** Run once, as the next arriving file asks the worker to import it. */
  let beforeReceiving: (() => void) | undefined;

  beforeAll(async () => {
    expect(FILE.length).toBeGreaterThan(WORKER_MIN_FILE_BYTES);
    storageDir = mkdtempSync(join(tmpdir(), 'vatlas-receiving-'));
    storage = createLocalFileStorage(storageDir);
    worker = createTestImportWorker({
      database: context.database,
      storage,
      workerId: 'receiving-worker',
    });
    provider = await createTestProvider(config);
    app = await buildTestApp(context.database, {
      config,
      provider,
      fileStorage: storage,
      recomputeTaxPosition,
      importWhileReceiving: (insert, file) => {
        beforeReceiving?.();
        beforeReceiving = undefined;
        return worker.importWhileReceiving(insert, file);
      },
    });
    await app.listen({ host: '127.0.0.1', port: 0 });
    port = (app.server.address() as AddressInfo).port;
    tenantId = await createHomeTenant(context.database.db);
    owner = await createPerson(context.database.db, { tenantId, label: 'receiving', issuer: config.auth.issuer });
  });
  afterAll(async () => {
    await app?.close();
    rmSync(storageDir, { recursive: true, force: true });
  });

  async function newCompany(name: string): Promise<string> {
    const companyId = await createCompany(context.database.db, { tenantId, name, owners: [owner] });
    await context.database.db
      .update(companies)
      .set({ establishmentCountryCode: 'DE' })
      .where(eq(companies.id, companyId));
    return companyId;
  }

  /** An upload of FILE to `companyId` over a socket, once the worker is idle. */
  async function openFileUpload(
    companyId: string,
    fields: { before: Record<string, string>; after?: Record<string, string> },
  ) {
    // An import starts as the file arrives only in an idle worker: the last one may still be finishing (its analyze).
    await until(async () => !worker.isBusy, 'the worker is idle');
    return openUpload({
      url: `http://127.0.0.1:${port}${apiPaths.transactionUploads(companyId)}`,
      token: await signIn(app, provider, owner),
      fileBytes: FILE.length,
      fields,
    });
  }

  /** The worker's next poll, once it is done with the import started while a file arrived (its analyze included). */
  const runOnceIdle = async () => {
    await until(async () => !worker.isBusy, 'the worker is idle');
    return worker.runOnce();
  };
  const rowsOf = async (companyId: string) =>
    (
      await context.database.db
        .select({ value: count() })
        .from(transactions)
        .where(eq(transactions.companyId, companyId))
    )[0]?.value ?? 0;
  const uploadsOf = (companyId: string) =>
    context.database.db.select().from(transactionUploads).where(eq(transactionUploads.companyId, companyId));
  const storedFiles = () => readdirSync(storageDir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile());
  const listed = async (companyId: string) => {
    const response = await app.inject({
      method: 'GET',
      url: apiPaths.transactionUploads(companyId),
      headers: bearer(await signIn(app, provider, owner)),
    });
    return response.json<TransactionUpload[]>();
  };
  const liabilitiesOf = (companyId: string) =>
    context.database.db
      .select({
        jurisdiction: liabilities.jurisdiction,
        periodStart: liabilities.periodStart,
        scheme: liabilities.scheme,
        netEur: liabilities.netEur,
        vatEur: liabilities.vatEur,
      })
      .from(liabilities)
      .where(eq(liabilities.companyId, companyId))
      .orderBy(asc(liabilities.periodStart), asc(liabilities.jurisdiction), asc(liabilities.scheme));

  it('loads rows before the last byte arrives, and stores what the stored-then-queued file gives', async () => {
    const companyId = await newCompany('Receiving GmbH');
    const upload = await openFileUpload(companyId, { before: { format: 'amazon-vtr' } });
    await upload.send(FILE.subarray(0, HALF));
    await until(async () => (await rowsOf(companyId)) > 0, 'rows of the first half are loaded');
    // Nobody sees the upload before its request is answered.
    expect(await listed(companyId)).toEqual([]);
    await upload.send(FILE.subarray(HALF));
    const response = await upload.finish();
    expect(response.status, response.body).toBe(202);
    const answered = JSON.parse(response.body) as TransactionUpload;
    expect(answered).toMatchObject({ sha256: FILE_SHA256, bytesTotal: FILE.length, format: 'amazon-vtr' });
    expect(['processing', 'completed']).toContain(answered.status);
    await until(async () => (await listed(companyId))[0]?.status === 'completed', 'the import completes');
    const [completed] = await listed(companyId);
    expect(completed).toMatchObject({ id: answered.id, bytesProcessed: FILE.length, problemCount: 0 });

    // The same file with a field after it goes the usual way: stored, queued, imported by the worker's poll.
    const usualId = await newCompany('Usual GmbH');
    const usual = await openFileUpload(usualId, { before: { format: 'amazon-vtr' }, after: { mode: 'import' } });
    await usual.send(FILE);
    const queued = await usual.finish();
    expect(queued.status, queued.body).toBe(202);
    expect(JSON.parse(queued.body)).toMatchObject({ status: 'queued', sha256: FILE_SHA256 });
    expect(await runOnceIdle()).toBe('completed');
    const [usualUpload] = await listed(usualId);
    expect(completed?.rowsImported).toBe(usualUpload?.rowsImported);
    expect(await rowsOf(companyId)).toBe(await rowsOf(usualId));
    const position = await liabilitiesOf(companyId);
    expect(position.length).toBeGreaterThan(0);
    expect(position).toEqual(await liabilitiesOf(usualId));
  });

  it('imports a file that arrives while the worker polls, once the poll has found no job', async () => {
    const companyId = await newCompany('Mid-Poll GmbH');
    let poll: Promise<ImportResult | null> | undefined;
    beforeReceiving = () => {
      poll = worker.runOnce();
    };
    const upload = await openFileUpload(companyId, { before: { format: 'amazon-vtr' } });
    await upload.send(FILE.subarray(0, HALF));
    await until(async () => (await rowsOf(companyId)) > 0, 'rows of the first half are loaded');
    expect(poll).toBeDefined();
    expect(await poll).toBeNull();
    await upload.send(FILE.subarray(HALF));
    const response = await upload.finish();
    expect(response.status, response.body).toBe(202);
    await until(async () => (await listed(companyId))[0]?.status === 'completed', 'the import completes');
    // The completed import's file is deleted after its outcome is committed, before the worker is idle again.
    await until(async () => !worker.isBusy, 'the worker is idle');
    expect(await uploadsOf(companyId)).toEqual([expect.objectContaining({ storageKey: null, status: 'completed' })]);
  });

  it('refuses the same file arriving again (409) and keeps nothing of it', async () => {
    const companyId = await newCompany('Twice GmbH');
    const first = await openFileUpload(companyId, { before: { format: 'amazon-vtr' } });
    await first.send(FILE);
    expect((await first.finish()).status).toBe(202);
    await until(async () => (await listed(companyId))[0]?.status === 'completed', 'the first import completes');
    // Its file goes just after the completion (decision 037); the worker takes no other job before that.
    await until(async () => (await uploadsOf(companyId))[0]?.storageKey === null, "the first import's file is deleted");
    const rows = await rowsOf(companyId);
    const files = storedFiles().length;

    const again = await openFileUpload(companyId, { before: { format: 'amazon-vtr' } });
    await again.send(FILE);
    const refused = await again.finish();
    expect(refused.status, refused.body).toBe(409);
    expect(JSON.parse(refused.body)).toMatchObject({ code: 'duplicate_file' });
    expect(await uploadsOf(companyId)).toHaveLength(1);
    expect(await rowsOf(companyId)).toBe(rows);
    expect(storedFiles()).toHaveLength(files);
  });

  it('leaves no upload, row or file of a request cut off mid-file', async () => {
    const companyId = await newCompany('Cut GmbH');
    const files = storedFiles().length;
    const upload = await openFileUpload(companyId, { before: { format: 'amazon-vtr' } });
    await upload.send(FILE.subarray(0, HALF));
    await until(async () => (await rowsOf(companyId)) > 0, 'rows of the first half are loaded');
    upload.abort();
    await until(async () => (await uploadsOf(companyId)).length === 0, 'the upload is deleted');
    expect(await rowsOf(companyId)).toBe(0);
    await until(async () => storedFiles().length === files, 'the file is deleted');
  });

  it('leaves nothing of a small file cut off mid-body, stored the usual way, not even a temporary file', async () => {
    const companyId = await newCompany('Small Cut GmbH');
    const small = FILE.subarray(0, 256 * 1024);
    const files = storedFiles().length;
    const upload = await openUpload({
      url: `http://127.0.0.1:${port}${apiPaths.transactionUploads(companyId)}`,
      token: await signIn(app, provider, owner),
      fileBytes: small.length,
      fields: { before: { format: 'amazon-vtr' } },
    });
    await upload.send(small.subarray(0, small.length / 2));
    // The first half is being written (under a temporary name) when the client goes.
    await until(async () => storedFiles().length > files, 'the file is being written');
    upload.abort();
    await until(async () => storedFiles().length === files, 'the temporary file is removed');
    expect(await uploadsOf(companyId)).toEqual([]);
  });

  it('deletes, at the next poll, an upload whose server stopped while its file arrived', async () => {
    const db = context.database.db;
    const companyId = await newCompany('Stopped GmbH');
    const storageKey = randomUUID();
    await storage.put(storageKey, FILE.subarray(0, HALF));
    const upload = await insertReceivingUpload(
      db,
      {
        companyId,
        dataPeriodId: null,
        sourceFormat: 'amazon-vtr',
        columnMapping: null,
        fileName: 'may.txt',
        storageKey,
        uploadedBy: owner.id,
      },
      'a-stopped-server',
      30,
    );
    expect(upload).toBeDefined();
    // What the stopped server had loaded, and its heartbeat long stale.
    await insertTransactions(db, {
      companyId,
      uploadId: upload?.id as string,
      profile: { establishmentCountry: 'DE', ioss: null },
      rows: [transactionFixture({ taxPointDate: '2025-05-02', completeDate: '2025-05-02' })],
    });
    await db
      .update(transactionUploads)
      .set({ heartbeatAt: sql`now() - interval '1 hour'` })
      .where(eq(transactionUploads.companyId, companyId));

    expect(await runOnceIdle()).toBeNull();
    expect(await uploadsOf(companyId)).toEqual([]);
    expect(await rowsOf(companyId)).toBe(0);
    await expect(storage.get(storageKey)).rejects.toThrow(/No stored file/);
    expect(await db.select().from(transactionUploads).where(isNull(transactionUploads.receivedAt))).toEqual([]);
  });
});
