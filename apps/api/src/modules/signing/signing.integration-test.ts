import { createHash, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { apiPaths, powerOfAttorneyListSchema, powerOfAttorneySchema } from '@vatlas/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { PDFDict, PDFDocument, PDFHexString, PDFName, PDFString } from 'pdf-lib';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  companies,
  companyJurisdictions,
  legalRepresentatives,
  powerOfAttorneySignatures,
  tenants,
} from '../../db/schema';
import { forEachDatabase } from '../../test/databases';
import { buildTestApp, createTestConfig, createTestProvider, type TestProvider } from '../../test/test-app';
import { listAuditEvents } from '../audit/repository';
import { createTestJpeg, createTestPng } from '../documents/document-test-kit';
import { createLocalFileStorage } from '../storage/file-storage';
import { bearer, createCompany, createPerson, createTenant, signIn } from '../user/account-test-kit';
import { SIGNATURE_INFO_KEYS } from './power-of-attorney-pdf';

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

async function readInfo(bytes: Uint8Array): Promise<Record<string, string | undefined>> {
  const pdf = await PDFDocument.load(bytes);
  const info = pdf.context.lookup(pdf.context.trailerInfo.Info, PDFDict);
  const read = (key: string) => {
    const value = info.get(PDFName.of(key));
    return value instanceof PDFString || value instanceof PDFHexString ? value.decodeText() : undefined;
  };
  return Object.fromEntries(Object.entries(SIGNATURE_INFO_KEYS).map(([name, key]) => [name, read(key)]));
}

forEachDatabase('power-of-attorney API', (context) => {
  const config = createTestConfig();
  let app: FastifyInstance;
  let provider: TestProvider;
  let storageDir: string;
  let companyId: string;
  let token: string;

  beforeAll(async () => {
    const db = context.database.db;
    provider = await createTestProvider(config);
    storageDir = mkdtempSync(join(tmpdir(), 'vatlas-signing-'));
    app = await buildTestApp(context.database, { config, provider, fileStorage: createLocalFileStorage(storageDir) });
    // A tenant with its own brand: the power of attorney names it as the authorised party.
    const tenantId = await createTenant(db, 'Branded');
    await db
      .update(tenants)
      .set({
        branding: {
          companyName: 'Acme Tax Services',
          supportUrl: 'https://acme.test/support',
          termsUrl: 'https://acme.test/terms',
          privacyUrl: 'https://acme.test/privacy',
          websiteUrl: 'https://acme.test',
        },
      })
      .where(eq(tenants.id, tenantId));
    const owner = await createPerson(db, {
      tenantId,
      label: 'poa-owner',
      issuer: config.auth.issuer,
      firstName: 'Olga',
    });
    companyId = await createCompany(db, { tenantId, name: 'Łódź Trading Sp. z o.o.', owners: [owner] });
    await db
      .update(companies)
      .set({
        establishmentCountryCode: 'PL',
        street: 'Piotrkowska',
        houseNumber: '1',
        city: 'Łódź',
        zipCode: '90-001',
        vatNumber: 'PL5260250274',
      })
      .where(eq(companies.id, companyId));
    await db.insert(legalRepresentatives).values({
      companyId,
      firstName: 'Anna',
      lastName: 'Nowak',
      dateOfBirth: '1980-01-01',
      nationality: 'PL',
      idDocumentType: 'passport',
      idDocumentNumber: 'X1234567',
    });
    await db.insert(companyJurisdictions).values([
      { companyId, countryCode: 'DE', source: 'user' },
      { companyId, countryCode: 'FR', source: 'assessment' },
    ]);
    token = await signIn(app, provider, owner);
  });
  afterAll(async () => {
    await app?.close();
    rmSync(storageDir, { recursive: true, force: true });
  });

  const call = (method: 'GET' | 'POST', url: string, payload?: unknown) =>
    app.inject({
      method,
      url,
      headers: bearer(token),
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  it('lists every selected jurisdiction as unsigned, with the tenant brand as authorised party', async () => {
    const list = powerOfAttorneyListSchema.parse((await call('GET', apiPaths.powersOfAttorney(companyId))).json());
    expect(list).toEqual({
      authorisedParty: 'Acme Tax Services',
      isComplete: false,
      jurisdictions: [
        { countryCode: 'DE', state: 'unsigned', signature: null, revokedAt: null },
        { countryCode: 'FR', state: 'unsigned', signature: null, revokedAt: null },
      ],
    });
  });

  it("generates the unsigned PDF from the company's data, the same bytes for the same data", async () => {
    const first = await call('GET', apiPaths.powerOfAttorneyDocument(companyId, 'DE'));
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('application/pdf');
    expect(first.headers['content-disposition']).toMatch(/^inline; filename="power-of-attorney-DE.pdf"/);
    expect(first.headers['x-document-sha256']).toBe(sha256(first.rawPayload));
    const pdf = await PDFDocument.load(first.rawPayload);
    expect(pdf.getTitle()).toBe('Power of attorney – VAT – DE');
    expect(pdf.getAuthor()).toBe('Acme Tax Services');

    const second = await call('GET', apiPaths.powerOfAttorneyDocument(companyId, 'DE'));
    expect(second.headers['x-document-sha256']).toBe(first.headers['x-document-sha256']);

    // Another fact of the company, another document.
    await context.database.db.update(companies).set({ vatNumber: 'PL1234567883' }).where(eq(companies.id, companyId));
    const changed = await call('GET', apiPaths.powerOfAttorneyDocument(companyId, 'DE'));
    expect(changed.headers['x-document-sha256']).not.toBe(first.headers['x-document-sha256']);
  });

  it('answers 404 for a country that is not selected and 400 for a malformed code', async () => {
    const notSelected = await call('GET', apiPaths.powerOfAttorneyDocument(companyId, 'IT'));
    expect(notSelected.statusCode).toBe(404);
    expect(notSelected.json()).toMatchObject({ code: 'jurisdiction_not_selected' });
    const malformed = await call('GET', apiPaths.powerOfAttorneyDocument(companyId, 'de'));
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().details).toEqual([expect.objectContaining({ field: 'countryCode' })]);
  });

  it('signs (typed): the signed PDF carries the signer, the UTC time, the IP and the hash of the unsigned document', async () => {
    const unsigned = await call('GET', apiPaths.powerOfAttorneyDocument(companyId, 'DE'));
    const before = Date.now();
    const response = await call('POST', apiPaths.signPowerOfAttorney(companyId, 'DE'), {
      signatureKind: 'typed',
      typedName: 'Anna Nowak-Łęcka',
    });
    expect(response.statusCode).toBe(201);
    const answer = powerOfAttorneySchema.parse(response.json());
    expect(answer).toMatchObject({ countryCode: 'DE', state: 'signed' });
    expect(answer.signature?.documentSha256).toBe(unsigned.headers['x-document-sha256']);

    const download = await call('GET', apiPaths.signedPowerOfAttorney(companyId, 'DE'));
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-disposition']).toMatch(/^attachment; filename="power-of-attorney-DE-signed.pdf"/);
    expect(sha256(download.rawPayload)).toBe(answer.signature?.signedSha256);

    const info = await readInfo(download.rawPayload);
    expect(info).toEqual({
      signerName: 'Anna Nowak-Łęcka',
      signedAt: answer.signature?.signedAt,
      ipAddress: '127.0.0.1',
      documentSha256: unsigned.headers['x-document-sha256'],
      signatureKind: 'typed',
    });
    expect(Date.parse(info.signedAt ?? '')).toBeGreaterThanOrEqual(before - 1000);
    expect(info.signedAt).toMatch(/Z$/);

    // The audit log holds the signature and the download, with ids and codes only (no signer name).
    const audited = (await listAuditEvents(context.database.db, { limit: 10, companyId })).filter(
      (event) => event.action !== 'sign_in',
    );
    expect(audited.map((event) => [event.action, event.targetType, event.targetId, event.details])).toEqual([
      ['document_downloaded', 'power_of_attorney', answer.signature?.id, { countryCode: 'DE' }],
      [
        'power_of_attorney_signed',
        'power_of_attorney',
        answer.signature?.id,
        { countryCode: 'DE', signatureKind: 'typed' },
      ],
    ]);
    expect(JSON.stringify(audited)).not.toContain('Nowak');
  });

  it('refuses a second signature with 409 until it is revoked, then signs again (drawn)', async () => {
    const twice = await call('POST', apiPaths.signPowerOfAttorney(companyId, 'DE'), {
      signatureKind: 'typed',
      typedName: 'Anna Nowak',
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({ code: 'already_signed' });

    const revoked = await call('POST', apiPaths.revokePowerOfAttorney(companyId, 'DE'));
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json()).toMatchObject({ countryCode: 'DE', state: 'revoked' });
    expect(revoked.json().revokedAt).toEqual(expect.any(String));
    expect((await call('GET', apiPaths.signedPowerOfAttorney(companyId, 'DE'))).statusCode).toBe(404);
    const list = powerOfAttorneyListSchema.parse((await call('GET', apiPaths.powersOfAttorney(companyId))).json());
    expect(list.jurisdictions.find((entry) => entry.countryCode === 'DE')?.state).toBe('revoked');

    const image = `data:image/png;base64,${createTestPng(40, 20, [0, 0, 0]).toString('base64')}`;
    const drawn = await call('POST', apiPaths.signPowerOfAttorney(companyId, 'DE'), { signatureKind: 'drawn', image });
    expect(drawn.statusCode).toBe(201);
    expect(drawn.json().signature).toMatchObject({ signatureKind: 'drawn', signerName: 'Olga Tester' });
    const download = await call('GET', apiPaths.signedPowerOfAttorney(companyId, 'DE'));
    const info = await readInfo(download.rawPayload);
    expect(info).toMatchObject({ signerName: 'Olga Tester', signatureKind: 'drawn', ipAddress: '127.0.0.1' });
    // The drawing is in the page as an image.
    const page = (await PDFDocument.load(download.rawPayload)).getPage(0);
    const xObjects = page.node.Resources()?.lookup(PDFName.of('XObject'), PDFDict);
    expect(xObjects?.keys().length).toBe(1);
  });

  it.each([
    ['a JPEG under a PNG label', `data:image/png;base64,${createTestJpeg().toString('base64')}`],
    ['a text data URL', 'data:text/plain;base64,aGVsbG8='],
    ['more than 200 KB', `data:image/png;base64,${Buffer.alloc(210 * 1024, 1).toString('base64')}`],
  ])('refuses a drawn signature that is %s with 400 naming image', async (_label, image) => {
    const response = await call('POST', apiPaths.signPowerOfAttorney(companyId, 'FR'), {
      signatureKind: 'drawn',
      image,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().details).toEqual([expect.objectContaining({ field: 'image' })]);
  });

  it('refuses a typed signature without a name, naming typedName', async () => {
    const response = await call('POST', apiPaths.signPowerOfAttorney(companyId, 'FR'), {
      signatureKind: 'typed',
      typedName: ' ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().details).toEqual([expect.objectContaining({ field: 'typedName' })]);
  });

  it('answers 409 when revoking what is not signed, and lists FR as still unsigned', async () => {
    const response = await call('POST', apiPaths.revokePowerOfAttorney(companyId, 'FR'));
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'not_signed' });
    const list = powerOfAttorneyListSchema.parse((await call('GET', apiPaths.powersOfAttorney(companyId))).json());
    expect(list.jurisdictions.map((entry) => [entry.countryCode, entry.state])).toEqual([
      ['DE', 'signed'],
      ['FR', 'unsigned'],
    ]);
  });

  it('shows the last of the revoked signatures of a country, also among signatures made at the same time', async () => {
    // One millisecond of PGlite's clock: only the order they were made in tells them apart (migration 0020).
    const signedAt = new Date('2025-01-01T12:00:00.123Z');
    const made: string[] = [];
    for (let number = 1; number <= 8; number++) {
      const [row] = await context.database.db
        .insert(powerOfAttorneySignatures)
        .values({
          companyId,
          countryCode: 'FR',
          documentSha256: 'a'.repeat(64),
          signedStorageKey: `test/poa-fr-${number}-${randomUUID()}`,
          signedSha256: 'b'.repeat(64),
          signerName: `Signer ${number}`,
          signatureKind: 'typed',
          signedAt,
          ipAddress: '192.0.2.1',
          revokedAt: new Date(`2025-01-0${number + 1}T08:00:00.000Z`),
        })
        .returning({ id: powerOfAttorneySignatures.id });
      if (row) made.push(row.id);
    }
    const list = powerOfAttorneyListSchema.parse((await call('GET', apiPaths.powersOfAttorney(companyId))).json());
    expect(list.jurisdictions.find((entry) => entry.countryCode === 'FR')).toMatchObject({
      state: 'revoked',
      signature: { id: made.at(-1), signerName: 'Signer 8' },
      revokedAt: '2025-01-09T08:00:00.000Z',
    });
  });
});
