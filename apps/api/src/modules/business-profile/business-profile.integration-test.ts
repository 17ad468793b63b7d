import {
  apiErrorSchema,
  apiPaths,
  bankAccountResponseSchema,
  businessDetailsResponseSchema,
  EDIT_CONFLICT,
  legalRepresentativeResponseSchema,
} from '@vatlas/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies } from '../../db/schema';
import { forEachDatabase } from '../../test/databases';
import { buildTestApp, createTestConfig, createTestProvider, loggerInto, type TestProvider } from '../../test/test-app';
import { bearer, createCompany, createHomeTenant, createPerson, type Person, signIn } from '../user/account-test-kit';

const year = new Date().getFullYear();
const REPRESENTATIVE = {
  firstName: '  Erika ',
  lastName: 'Mustermann',
  dateOfBirth: `${year - 45}-08-12`,
  nationality: 'de',
  idDocumentType: 'national-id-card',
  idDocumentNumber: 'l01x 00t47',
  idDocumentExpiry: `${year + 4}-03-31`,
};
const IBAN_PAPER = 'DE89 3704 0044 0532 0130 00';
const IBAN = 'DE89370400440532013000';

forEachDatabase('business profile: legal representative, business details, bank account', (context) => {
  const logLines: string[] = [];
  let app: FastifyInstance;
  let provider: TestProvider;
  let owner: Person;
  let token: string;
  let companyId: string;
  let greekCompanyId: string;

  const call = (options: InjectOptions) =>
    app.inject({ ...options, headers: { ...options.headers, ...bearer(token) } });
  const detailsOf = (body: unknown) =>
    (apiErrorSchema.parse(body).details as { field: string; code: string; message: string }[]).map(
      (detail) => `${detail.field}:${detail.code}`,
    );

  beforeAll(async () => {
    const config = createTestConfig();
    provider = await createTestProvider(config);
    // The production logger options at their most talkative level: whatever the app logs, this test reads.
    app = await buildTestApp(context.database, { config, provider, logger: loggerInto(logLines, 'trace') });
    const db = context.database.db;
    const tenantId = await createHomeTenant(db);
    owner = await createPerson(db, { tenantId, label: 'profile-owner', issuer: provider.issuer });
    companyId = await createCompany(db, { tenantId, name: 'Muster Handels GmbH', owners: [owner] });
    await db.update(companies).set({ establishmentCountryCode: 'DE' }).where(eq(companies.id, companyId));
    greekCompanyId = await createCompany(db, { tenantId, name: 'Ellinika AE', owners: [owner] });
    await db.update(companies).set({ establishmentCountryCode: 'GR' }).where(eq(companies.id, greekCompanyId));
    token = await signIn(app, provider, owner);
  });

  afterAll(async () => {
    await app?.close();
  });

  describe('before anything was saved', () => {
    it('answers 200 with nulls for the legal representative and the bank account, so the forms can load', async () => {
      const representative = await call({ method: 'GET', url: apiPaths.legalRepresentative(companyId) });
      expect(representative.statusCode).toBe(200);
      expect(legalRepresentativeResponseSchema.parse(representative.json())).toEqual({
        firstName: null,
        lastName: null,
        dateOfBirth: null,
        nationality: null,
        idDocumentType: null,
        idDocumentNumber: null,
        idDocumentExpiry: null,
        updatedAt: null,
        revision: '',
      });
      const bank = await call({ method: 'GET', url: apiPaths.bankAccount(companyId) });
      expect(bank.statusCode).toBe(200);
      expect(bankAccountResponseSchema.parse(bank.json())).toEqual({
        accountHolder: null,
        iban: null,
        bic: null,
        warnings: [],
        updatedAt: null,
        revision: '',
      });
    });

    it('answers the company name and its establishment country for the business details', async () => {
      const response = await call({ method: 'GET', url: apiPaths.businessDetails(companyId) });
      expect(response.statusCode).toBe(200);
      expect(businessDetailsResponseSchema.parse(response.json())).toEqual({
        legalNameOfBusiness: 'Muster Handels GmbH',
        legalForm: null,
        incorporationNumber: null,
        incorporationDate: null,
        vatNumber: null,
        establishmentCountryCode: 'DE',
        companyType: null,
        revision: expect.stringMatching(/^\d+$/),
      });
    });
  });

  describe('legal representative', () => {
    it('saves the tidied values and answers them again on the next GET', async () => {
      const saved = await call({
        method: 'PUT',
        url: apiPaths.legalRepresentative(companyId),
        payload: REPRESENTATIVE,
      });
      expect(saved.statusCode).toBe(200);
      const expected = {
        firstName: 'Erika',
        lastName: 'Mustermann',
        dateOfBirth: REPRESENTATIVE.dateOfBirth,
        nationality: 'DE',
        idDocumentType: 'national-id-card',
        idDocumentNumber: 'L01X00T47',
        idDocumentExpiry: REPRESENTATIVE.idDocumentExpiry,
      };
      expect(legalRepresentativeResponseSchema.parse(saved.json())).toMatchObject(expected);
      const loaded = await call({ method: 'GET', url: apiPaths.legalRepresentative(companyId) });
      expect(legalRepresentativeResponseSchema.parse(loaded.json())).toMatchObject(expected);
    });

    it('refuses an under-age representative and an expired document with 400 naming each field, and keeps the saved one', async () => {
      const response = await call({
        method: 'PUT',
        url: apiPaths.legalRepresentative(companyId),
        payload: {
          ...REPRESENTATIVE,
          firstName: 'Changed',
          dateOfBirth: `${year - 10}-01-01`,
          idDocumentExpiry: `${year - 1}-01-01`,
        },
      });
      expect(response.statusCode).toBe(400);
      expect(detailsOf(response.json())).toEqual(['dateOfBirth:underage', 'idDocumentExpiry:documentExpired']);
      const loaded = await call({ method: 'GET', url: apiPaths.legalRepresentative(companyId) });
      expect(legalRepresentativeResponseSchema.parse(loaded.json()).firstName).toBe('Erika');
    });

    it('answers 400 naming a missing field', async () => {
      const { nationality: _omitted, ...withoutNationality } = REPRESENTATIVE;
      const response = await call({
        method: 'PUT',
        url: apiPaths.legalRepresentative(companyId),
        payload: withoutNationality,
      });
      expect(response.statusCode).toBe(400);
      expect((apiErrorSchema.parse(response.json()).details as { field: string }[]).map((d) => d.field)).toEqual([
        'nationality',
      ]);
    });
  });

  describe('business details', () => {
    const details = {
      legalNameOfBusiness: 'Muster Handels GmbH',
      legalForm: 'gmbh',
      incorporationNumber: 'HRB 12345',
      incorporationDate: '2019-03-01',
      vatNumber: 'de 136 695 976',
    };

    it('stores the VAT number normalised for the establishment country, and the legal form as the legal status', async () => {
      const saved = await call({ method: 'PUT', url: apiPaths.businessDetails(companyId), payload: details });
      expect(saved.statusCode).toBe(200);
      expect(businessDetailsResponseSchema.parse(saved.json())).toEqual({
        ...details,
        vatNumber: 'DE136695976',
        establishmentCountryCode: 'DE',
        companyType: null,
        revision: expect.stringMatching(/^\d+$/),
      });
      const [row] = await context.database.db.select().from(companies).where(eq(companies.id, companyId));
      expect(row).toMatchObject({ vatNumber: 'DE136695976', legalStatus: 'gmbh', incorporationNumber: 'HRB 12345' });
    });

    it('refuses a wrong check digit with the reason, and saves none of the other fields', async () => {
      const response = await call({
        method: 'PUT',
        url: apiPaths.businessDetails(companyId),
        payload: { ...details, legalNameOfBusiness: 'Renamed GmbH', vatNumber: 'DE136695977' },
      });
      expect(response.statusCode).toBe(400);
      const body = apiErrorSchema.parse(response.json());
      expect(body.details).toEqual([
        {
          field: 'vatNumber',
          code: 'vatChecksum',
          message: 'The check digit does not match: a digit is probably mistyped.',
          params: { country: 'DE' },
        },
      ]);
      const loaded = await call({ method: 'GET', url: apiPaths.businessDetails(companyId) });
      expect(businessDetailsResponseSchema.parse(loaded.json()).legalNameOfBusiness).toBe('Muster Handels GmbH');
    });

    it('says which country a foreign VAT number belongs to', async () => {
      const response = await call({
        method: 'PUT',
        url: apiPaths.businessDetails(companyId),
        payload: { ...details, vatNumber: 'ATU12011204' },
      });
      expect(response.statusCode).toBe(400);
      expect(detailsOf(response.json())).toEqual(['vatNumber:vatCountryMismatch']);
    });

    it('checks a Greek company against the EL prefix (research §1a)', async () => {
      const refused = await call({
        method: 'PUT',
        url: apiPaths.businessDetails(greekCompanyId),
        payload: { ...details, legalForm: 'ae', vatNumber: 'GR094259216' },
      });
      expect(refused.statusCode).toBe(400);
      expect(detailsOf(refused.json())).toEqual(['vatNumber:vatGreekPrefix']);
      const saved = await call({
        method: 'PUT',
        url: apiPaths.businessDetails(greekCompanyId),
        payload: { ...details, legalForm: 'ae', vatNumber: 'EL 094 259 216' },
      });
      expect(saved.statusCode).toBe(200);
      expect(businessDetailsResponseSchema.parse(saved.json()).vatNumber).toBe('EL094259216');
    });

    it('clears the VAT number when it is sent empty', async () => {
      const saved = await call({
        method: 'PUT',
        url: apiPaths.businessDetails(greekCompanyId),
        payload: { ...details, legalForm: 'ae', vatNumber: '' },
      });
      expect(businessDetailsResponseSchema.parse(saved.json()).vatNumber).toBeNull();
    });
  });

  describe('bank account', () => {
    it('stores the IBAN in electronic format and answers it on the next GET', async () => {
      const saved = await call({
        method: 'PUT',
        url: apiPaths.bankAccount(companyId),
        payload: { accountHolder: 'Muster Handels GmbH', iban: IBAN_PAPER, bic: 'cobadeffxxx' },
      });
      expect(saved.statusCode).toBe(200);
      const expected = { accountHolder: 'Muster Handels GmbH', iban: IBAN, bic: 'COBADEFFXXX', warnings: [] };
      expect(bankAccountResponseSchema.parse(saved.json())).toMatchObject(expected);
      const loaded = await call({ method: 'GET', url: apiPaths.bankAccount(companyId) });
      expect(bankAccountResponseSchema.parse(loaded.json())).toMatchObject(expected);
    });

    it('saves a BIC of another country with a warning that survives a reload', async () => {
      const saved = await call({
        method: 'PUT',
        url: apiPaths.bankAccount(companyId),
        payload: { accountHolder: 'Muster Handels GmbH', iban: IBAN, bic: 'TRWIBEB1XXX' },
      });
      expect(saved.statusCode).toBe(200);
      const warning = { code: 'bicCountryMismatch', params: { ibanCountry: 'DE', bicCountry: 'BE' } };
      expect(bankAccountResponseSchema.parse(saved.json()).warnings).toEqual([warning]);
      const loaded = await call({ method: 'GET', url: apiPaths.bankAccount(companyId) });
      expect(bankAccountResponseSchema.parse(loaded.json()).warnings).toEqual([warning]);
    });

    it('refuses a wrong IBAN check digit and a short BIC with 400, and keeps the saved account', async () => {
      const response = await call({
        method: 'PUT',
        url: apiPaths.bankAccount(companyId),
        payload: { accountHolder: 'Other', iban: 'DE89370400440532013001', bic: 'COBADEF' },
      });
      expect(response.statusCode).toBe(400);
      expect(detailsOf(response.json())).toEqual(['iban:ibanChecksum', 'bic:bicLength']);
      const loaded = await call({ method: 'GET', url: apiPaths.bankAccount(companyId) });
      expect(bankAccountResponseSchema.parse(loaded.json()).accountHolder).toBe('Muster Handels GmbH');
    });
  });

  describe('a save from a form filled before the record was written since (decision 052)', () => {
    const records = [
      {
        name: 'legal representative',
        path: apiPaths.legalRepresentative,
        schema: legalRepresentativeResponseSchema,
        first: REPRESENTATIVE,
        second: { ...REPRESENTATIVE, lastName: 'Musterfrau' },
      },
      {
        name: 'business details',
        path: apiPaths.businessDetails,
        schema: businessDetailsResponseSchema,
        first: {
          legalNameOfBusiness: 'Konflikt GmbH',
          legalForm: 'gmbh',
          incorporationNumber: 'HRB 1',
          incorporationDate: '2020-01-02',
          vatNumber: '',
        },
        second: {
          legalNameOfBusiness: 'Konflikt GmbH',
          legalForm: 'gmbh',
          incorporationNumber: 'HRB 2',
          incorporationDate: '2020-01-02',
          vatNumber: '',
        },
      },
      {
        name: 'bank account',
        path: apiPaths.bankAccount,
        schema: bankAccountResponseSchema,
        first: { accountHolder: 'Konflikt GmbH', iban: IBAN, bic: 'COBADEFFXXX' },
        second: { accountHolder: 'Konflikt GmbH & Co', iban: IBAN, bic: 'COBADEFFXXX' },
      },
    ] as const;

    it.each(records)('refuses it for the $name with nothing written, and takes one of two at once', async (record) => {
      const db = context.database.db;
      const [tenant] = await db
        .select({ tenantId: companies.tenantId })
        .from(companies)
        .where(eq(companies.id, companyId));
      const company = await createCompany(db, {
        tenantId: tenant?.tenantId ?? '',
        name: 'Konflikt GmbH',
        owners: [owner],
      });
      await db.update(companies).set({ establishmentCountryCode: 'DE' }).where(eq(companies.id, company));
      const url = record.path(company);
      const read = async () => {
        const response = await call({ method: 'GET', url });
        expect(response.statusCode, response.body).toBe(200);
        return record.schema.parse(response.json());
      };

      // Two forms filled from the same record; the first saves.
      const opened = await read();
      const first = await call({ method: 'PUT', url, payload: { ...record.first, revision: opened.revision } });
      expect(first.statusCode, first.body).toBe(200);
      const stored = record.schema.parse(first.json());
      expect(stored.revision).not.toBe(opened.revision);
      expect(await read()).toEqual(stored);

      const stale = await call({ method: 'PUT', url, payload: { ...record.second, revision: opened.revision } });
      expect(stale.statusCode, stale.body).toBe(409);
      expect(stale.json()).toEqual({
        code: EDIT_CONFLICT,
        message:
          `The company's ${record.name} was changed since this form was read, so nothing was saved. Reload it to ` +
          'see what is stored, then make your change again.',
      });
      expect(await read()).toEqual(stored);

      const answers = await Promise.all(
        [record.first, record.second].map((payload) =>
          call({ method: 'PUT', url, payload: { ...payload, revision: stored.revision } }),
        ),
      );
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
      expect(await read()).toEqual(answers.find((answer) => answer.statusCode === 200)?.json());
    });
  });

  it('wrote none of the personal data to the log', () => {
    const log = logLines.join('\n');
    // The log did run (the requests above were logged), so an empty log cannot make this pass.
    expect(log).toContain(apiPaths.legalRepresentative(companyId));
    for (const secret of ['Mustermann', 'L01X00T47', 'l01x 00t47', REPRESENTATIVE.dateOfBirth, IBAN, '0532 0130'])
      expect(log).not.toContain(secret);
  });
});
