import { createHash, randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  apiPaths,
  documentChecklistSchema,
  documentListSchema,
  documentSchema,
  MAX_DOCUMENT_BYTES,
} from '@vatlas/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { companies, companyJurisdictions, documents, onboardingStates } from '../../db/schema';
import { forEachDatabase, holdInTransaction, releaseOnceWaiting } from '../../test/databases';
import { buildTestApp, createTestConfig, createTestProvider, type TestProvider } from '../../test/test-app';
import { listAuditEvents } from '../audit/repository';
import { createLocalFileStorage } from '../storage/file-storage';
import { bearer, createCompany, createHomeTenant, createPerson, type Person, signIn } from '../user/account-test-kit';
import { buildMultipart, createTestJpeg, createTestPdf, createTestPng } from './document-test-kit';
import { lockDocumentCenterOf } from './repository';

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
/** An executable's first bytes (the "MZ" DOS header), dressed up as a PDF. */
const EXE_BYTES = Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00\x04\x00', 'latin1'), Buffer.alloc(512, 0)]);

forEachDatabase('documents API', (context) => {
  const config = createTestConfig();
  let app: FastifyInstance;
  let provider: TestProvider;
  let storageDir: string;
  let owner: Person;
  let outsider: Person;
  let companyId: string;
  let otherCompanyId: string;
  let token: string;

  beforeAll(async () => {
    const db = context.database.db;
    provider = await createTestProvider(config);
    storageDir = mkdtempSync(join(tmpdir(), 'vatlas-documents-'));
    app = await buildTestApp(context.database, { config, provider, fileStorage: createLocalFileStorage(storageDir) });
    const tenantId = await createHomeTenant(db);
    owner = await createPerson(db, { tenantId, label: 'documents-owner', issuer: config.auth.issuer });
    outsider = await createPerson(db, { tenantId, label: 'documents-outsider', issuer: config.auth.issuer });
    companyId = await createCompany(db, { tenantId, name: 'Documents Co', owners: [owner] });
    otherCompanyId = await createCompany(db, { tenantId, name: 'Other Co', owners: [outsider] });
    token = await signIn(app, provider, owner);
  });
  afterAll(async () => {
    await app?.close();
    rmSync(storageDir, { recursive: true, force: true });
  });

  const storedFiles = () => readdirSync(storageDir, { recursive: true }).filter((name) => String(name).includes('-'));

  const upload = (
    fields: Record<string, string>,
    file: { fileName: string; contentType: string; bytes: Buffer } | null,
    target = companyId,
  ) =>
    app.inject({
      method: 'POST',
      url: apiPaths.documents(target),
      ...(() => {
        const body = buildMultipart(fields, file ? [file] : []);
        return { payload: body.payload, headers: { ...body.headers, ...bearer(token) } };
      })(),
    });

  it('stores a PDF with its size and sha256, lists it and serves the same bytes back', async () => {
    const pdf = await createTestPdf();
    const response = await upload(
      { documentType: 'certificate-of-incorporation' },
      { fileName: 'Gründungsurkunde: 2024?.pdf', contentType: 'application/pdf', bytes: pdf },
    );
    expect(response.statusCode).toBe(201);
    const stored = documentSchema.parse(response.json());
    expect(stored).toMatchObject({
      documentType: 'certificate-of-incorporation',
      countryCode: null,
      contentType: 'application/pdf',
      fileName: 'Gründungsurkunde 2024.pdf',
      sizeBytes: pdf.length,
      sha256: sha256(pdf),
    });

    const list = documentListSchema.parse(
      (await app.inject({ method: 'GET', url: apiPaths.documents(companyId), headers: bearer(token) })).json(),
    );
    expect(list.map((document) => document.id)).toContain(stored.id);

    const download = await app.inject({
      method: 'GET',
      url: apiPaths.documentContent(companyId, stored.id),
      headers: bearer(token),
    });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-disposition']).toBe(
      `attachment; filename="Gr_ndungsurkunde 2024.pdf"; filename*=UTF-8''${encodeURIComponent('Gründungsurkunde 2024.pdf')}`,
    );
    expect(download.rawPayload.equals(pdf)).toBe(true);
    const [audited] = await listAuditEvents(context.database.db, { limit: 1, action: 'document_downloaded' });
    expect(audited).toMatchObject({ companyId, targetType: 'document', targetId: stored.id });
    // The file name (it may name a person) stays out of the log.
    expect(JSON.stringify(audited)).not.toContain('Gründung');

    // On disk: named by uuid only, readable by the owner only.
    const [row] = await context.database.db.select().from(documents).where(eq(documents.id, stored.id));
    const path = join(storageDir, row?.storageKey.slice(0, 2) ?? '', row?.storageKey ?? '');
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(storedFiles().some((name) => String(name).includes('Gründung'))).toBe(false);
  });

  it('detects the type from the content: PNG bytes named .pdf are stored as PNG, a JPEG as JPEG', async () => {
    const png = await upload(
      { documentType: 'legal-representative-id', countryCode: 'FR' },
      { fileName: 'passport.pdf', contentType: 'application/pdf', bytes: createTestPng() },
    );
    expect(png.statusCode).toBe(201);
    expect(png.json()).toMatchObject({ contentType: 'image/png', fileName: 'passport.png', countryCode: 'FR' });
    const download = await app.inject({
      method: 'GET',
      url: apiPaths.documentContent(companyId, png.json().id),
      headers: bearer(token),
    });
    expect(download.headers['content-type']).toBe('image/png');

    const jpeg = await upload(
      { documentType: 'other' },
      { fileName: 'photo', contentType: 'application/octet-stream', bytes: createTestJpeg() },
    );
    expect(jpeg.statusCode).toBe(201);
    expect(jpeg.json()).toMatchObject({ contentType: 'image/jpeg', fileName: 'photo.jpg' });
  });

  it('refuses an executable renamed .pdf with 400 naming file, and stores nothing', async () => {
    const before = storedFiles().length;
    const rowsBefore = await context.database.db.select().from(documents).where(eq(documents.companyId, companyId));
    const response = await upload(
      { documentType: 'other' },
      { fileName: 'invoice.pdf', contentType: 'application/pdf', bytes: EXE_BYTES },
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().details).toEqual([expect.objectContaining({ field: 'file' })]);
    expect(storedFiles().length).toBe(before);
    const rowsAfter = await context.database.db.select().from(documents).where(eq(documents.companyId, companyId));
    expect(rowsAfter.length).toBe(rowsBefore.length);
  });

  it('refuses a file over 10 MiB with 413 and a clear message, and stores nothing', async () => {
    const before = storedFiles().length;
    const big = Buffer.concat([await createTestPdf(), Buffer.alloc(MAX_DOCUMENT_BYTES + 1, 0x20)]);
    const response = await upload(
      { documentType: 'other' },
      { fileName: 'big.pdf', contentType: 'application/pdf', bytes: big },
    );
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ code: 'file_too_large', details: [{ field: 'file' }] });
    expect(response.json().message).toMatch(/10 MiB/);
    expect(storedFiles().length).toBe(before);
  });

  it('accepts a file of exactly 10 MiB', async () => {
    const pdf = await createTestPdf();
    const exact = Buffer.concat([pdf, Buffer.alloc(MAX_DOCUMENT_BYTES - pdf.length, 0x20)]);
    const response = await upload(
      { documentType: 'other' },
      { fileName: 'exact.pdf', contentType: 'application/pdf', bytes: exact },
    );
    expect(response.statusCode).toBe(201);
    expect(response.json().sizeBytes).toBe(MAX_DOCUMENT_BYTES);
  });

  it.each([
    [{ documentType: 'passport-selfie' }, true, 'documentType'],
    [{}, true, 'documentType'],
    [{ documentType: 'other', countryCode: 'france' }, true, 'countryCode'],
    [{ documentType: 'other' }, false, 'file'],
  ])('answers 400 naming the field for %j (file: %s)', async (fields, withFile, field) => {
    const response = await upload(
      fields,
      withFile ? { fileName: 'a.pdf', contentType: 'application/pdf', bytes: await createTestPdf() } : null,
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().details).toEqual(expect.arrayContaining([expect.objectContaining({ field })]));
  });

  it('answers 400 naming file for a JSON body', async () => {
    const response = await app.inject({
      method: 'POST',
      url: apiPaths.documents(companyId),
      headers: bearer(token),
      payload: { documentType: 'other' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().details).toEqual([expect.objectContaining({ field: 'file' })]);
  });

  it('deletes a document and its file; a second delete and the download answer 404', async () => {
    const created = await upload(
      { documentType: 'other' },
      { fileName: 'gone.pdf', contentType: 'application/pdf', bytes: await createTestPdf('gone') },
    );
    const id = created.json().id as string;
    const [row] = await context.database.db.select().from(documents).where(eq(documents.id, id));
    const path = join(storageDir, row?.storageKey.slice(0, 2) ?? '', row?.storageKey ?? '');
    expect(statSync(path).isFile()).toBe(true);

    const removed = await app.inject({
      method: 'DELETE',
      url: apiPaths.document(companyId, id),
      headers: bearer(token),
    });
    expect(removed.statusCode).toBe(204);
    expect(() => statSync(path)).toThrow();
    const again = await app.inject({ method: 'DELETE', url: apiPaths.document(companyId, id), headers: bearer(token) });
    expect(again.statusCode).toBe(404);
    const download = await app.inject({
      method: 'GET',
      url: apiPaths.documentContent(companyId, id),
      headers: bearer(token),
    });
    expect(download.statusCode).toBe(404);
  });

  it("never serves one company's document through another company's path", async () => {
    const created = await upload(
      { documentType: 'other' },
      { fileName: 'mine.pdf', contentType: 'application/pdf', bytes: await createTestPdf() },
    );
    const outsiderToken = await signIn(app, provider, outsider);
    const response = await app.inject({
      method: 'GET',
      url: apiPaths.documentContent(otherCompanyId, created.json().id),
      headers: bearer(outsiderToken),
    });
    expect(response.statusCode).toBe(404);
  });

  it('lists documents stored at the same time newest first, in the order they were stored', async () => {
    // One millisecond of PGlite's clock: only the order they were stored in tells them apart (migration 0020).
    const uploadedAt = new Date('2025-01-01T12:00:00.123Z');
    const stored: string[] = [];
    for (let number = 1; number <= 6; number++) {
      const [row] = await context.database.db
        .insert(documents)
        .values({
          companyId: otherCompanyId,
          documentType: 'other',
          fileName: `same-time-${number}.pdf`,
          contentType: 'application/pdf',
          sizeBytes: 1,
          sha256: 'c'.repeat(64),
          storageKey: `test/same-time-${number}-${randomUUID()}`,
          uploadedAt,
        })
        .returning({ id: documents.id });
      if (row) stored.push(row.id);
    }
    const outsiderToken = await signIn(app, provider, outsider);
    const listed = documentListSchema.parse(
      (
        await app.inject({ method: 'GET', url: apiPaths.documents(otherCompanyId), headers: bearer(outsiderToken) })
      ).json(),
    );
    expect(
      listed.filter((document) => document.fileName.startsWith('same-time-')).map((document) => document.id),
    ).toEqual([...stored].reverse());
  });

  /**
   * A seller established in Austria that chose Germany, signed in (`token`): its company, a reader of its checklist,
   * the documents Germany asks of it besides the power of attorney, and an upload of one of them.
   */
  const setUpSellerInGermany = async (label: string, name: string) => {
    const db = context.database.db;
    const tenantId = await createHomeTenant(db);
    const seller = await createPerson(db, { tenantId, label, issuer: config.auth.issuer });
    const sellerCompanyId = await createCompany(db, { tenantId, name, owners: [seller] });
    await db.update(companies).set({ establishmentCountryCode: 'AT' }).where(eq(companies.id, sellerCompanyId));
    await db.insert(companyJurisdictions).values({ companyId: sellerCompanyId, countryCode: 'DE', source: 'user' });
    token = await signIn(app, provider, seller);
    const readChecklist = async () =>
      documentChecklistSchema.parse(
        (
          await app.inject({ method: 'GET', url: apiPaths.documentChecklist(sellerCompanyId), headers: bearer(token) })
        ).json(),
      );
    const checklist = await readChecklist();
    const needed = checklist.jurisdictions[0]?.items.filter((item) => item.documentType !== 'power-of-attorney') ?? [];
    const uploadItem = async (documentType: string) =>
      upload(
        { documentType },
        { fileName: `${documentType}.pdf`, contentType: 'application/pdf', bytes: await createTestPdf() },
        sellerCompanyId,
      );
    return { sellerCompanyId, checklist, needed, readChecklist, uploadItem };
  };

  it('lists what the selected jurisdictions need and completes document-center once all is there and signed', async () => {
    const db = context.database.db;
    const { sellerCompanyId, checklist, needed, readChecklist, uploadItem } = await setUpSellerInGermany(
      'documents-seller',
      'Seller GmbH',
    );
    expect(checklist.isComplete).toBe(false);
    expect(needed.length).toBeGreaterThan(0);

    for (const item of needed) expect((await uploadItem(item.documentType)).statusCode).toBe(201);
    const afterUploads = await readChecklist();
    expect(
      afterUploads.jurisdictions[0]?.items.filter((item) => !item.isSatisfied).map((item) => item.documentType),
    ).toEqual(['power-of-attorney']);
    const stepsBefore = await db.select().from(onboardingStates).where(eq(onboardingStates.companyId, sellerCompanyId));
    expect(stepsBefore[0]?.steps.find((step) => step.id === 'document-center')?.status).not.toBe('completed');

    const signed = await app.inject({
      method: 'POST',
      url: apiPaths.signPowerOfAttorney(sellerCompanyId, 'DE'),
      headers: bearer(token),
      payload: { signatureKind: 'typed', typedName: 'Seller Owner' },
    });
    expect(signed.statusCode).toBe(201);
    expect((await readChecklist()).isComplete).toBe(true);
    const [state] = await db.select().from(onboardingStates).where(eq(onboardingStates.companyId, sellerCompanyId));
    expect(state?.steps.find((step) => step.id === 'document-center')?.status).toBe('completed');
  });

  it('completes document-center when its last document and its signature are saved at the same moment', async () => {
    const db = context.database.db;
    const { sellerCompanyId, needed, uploadItem } = await setUpSellerInGermany('documents-racer', 'Racer GmbH');
    const last = needed.pop();
    if (!last) throw new Error('the checklist asks for no document');
    for (const item of needed) expect((await uploadItem(item.documentType)).statusCode).toBe(201);

    // Held until the last document and the signature, each saved, wait to decide whether the step is done.
    const holder = await holdInTransaction(db, (txDb) => lockDocumentCenterOf(txDb, sellerCompanyId));
    const saves = Promise.all([
      uploadItem(last.documentType),
      app.inject({
        method: 'POST',
        url: apiPaths.signPowerOfAttorney(sellerCompanyId, 'DE'),
        headers: bearer(token),
        payload: { signatureKind: 'typed', typedName: 'Racer Owner' },
      }),
    ]);
    await releaseOnceWaiting(context, holder, 2);
    expect((await saves).map((response) => response.statusCode)).toEqual([201, 201]);
    const [state] = await db.select().from(onboardingStates).where(eq(onboardingStates.companyId, sellerCompanyId));
    expect(state?.steps.find((step) => step.id === 'document-center')?.status).toBe('completed');
  });
});
