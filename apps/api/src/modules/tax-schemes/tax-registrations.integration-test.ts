import {
  apiPaths,
  EDIT_CONFLICT,
  ecSalesListSchema,
  filingListSchema,
  filingSchema,
  jurisdictionRegistrationSchema,
  taxRegistrationsResponseSchema,
  taxSchemesResponseSchema,
} from '@vatlas/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyJurisdictions } from '../../db/schema';
import { forEachDatabase } from '../../test/databases';
import { listAuditEvents } from '../audit/repository';
import { ensureExchangeRates } from '../exchange-rates/service';
import { recomputeTaxPosition } from '../tax-position/service';
import {
  insertTransactions,
  insertUpload,
  setUpTaxProfile,
  transactionFixture,
} from '../tax-position/tax-position-test-kit';
import { bearer, startAppWithCompanyOwner } from '../user/account-test-kit';

const FR_VAT_NUMBER = 'FR40303265045';

forEachDatabase('tax registrations API', (context) => {
  let app: FastifyInstance;
  let token: string;
  let companyId: string;

  beforeAll(async () => {
    const db = context.database.db;
    await ensureExchangeRates(context.database);
    ({ app, companyId, token } = await startAppWithCompanyOwner(context.database, {
      label: 'registrations-owner',
      companyName: 'Registrations GmbH',
    }));
    // Registered in Germany, monthly; France chosen, its registration not yet set.
    await setUpTaxProfile(db, companyId, {
      establishmentCountry: 'DE',
      registrations: [{ country: 'DE', frequency: 'monthly' }, { country: 'FR' }],
    });
    await insertTransactions(db, {
      companyId,
      uploadId: await insertUpload(db, companyId),
      profile: { establishmentCountry: 'DE', ioss: null },
      rows: [
        transactionFixture({ taxPointDate: '2023-03-10' }),
        // Own goods moved from the German to the French warehouse: on the German EC Sales List under the company's
        // French VAT number.
        transactionFixture({
          type: 'FC_TRANSFER',
          taxPointDate: '2023-03-20',
          departureCountry: 'DE',
          arrivalCountry: 'FR',
          taxableJurisdiction: null,
          netAmount: '500.00',
          vatAmount: '0.00',
          grossAmount: '500.00',
          vatRate: '0',
        }),
      ],
    });
    await recomputeTaxPosition(db, companyId);
  });
  afterAll(async () => {
    await app?.close();
  });

  const request = (method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) =>
    app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
  const listRegistrations = async () => {
    const response = await request('GET', apiPaths.taxRegistrations(companyId));
    expect(response.statusCode, response.body).toBe(200);
    return taxRegistrationsResponseSchema.parse(response.json()).jurisdictions;
  };
  /** The countries the stored tax position declares in without a registration that covers them. */
  const missing = async () => {
    const response = await request('GET', apiPaths.taxRegistrations(companyId));
    expect(response.statusCode, response.body).toBe(200);
    return taxRegistrationsResponseSchema.parse(response.json()).missingRegistrations;
  };
  const put = (countryCode: string, payload: object) =>
    request('PUT', apiPaths.taxRegistration(companyId, countryCode), payload);
  const frenchReturns = async () => {
    const response = await request('GET', apiPaths.filings(companyId, { jurisdiction: 'FR' }));
    expect(response.statusCode, response.body).toBe(200);
    return filingListSchema
      .parse(response.json())
      .items.filter((filing) => filing.jurisdiction === 'FR' && filing.filingType === 'vat-return')
      .filter((filing) => filing.periodStart.startsWith('2023-'));
  };
  const transferLine = async () => {
    const response = await request('GET', apiPaths.ecSalesList(companyId, '2023-03'));
    expect(response.statusCode, response.body).toBe(200);
    return ecSalesListSchema.parse(response.json()).lines.find((line) => line.kind === 'transfer');
  };

  it("lists the chosen jurisdictions with what each country offers, the company's own choices unset", async () => {
    expect(await listRegistrations()).toEqual([
      expect.objectContaining({
        countryCode: 'DE',
        registrationStatus: 'registered',
        vatNumber: null,
        filingFrequency: 'monthly',
        hasDeadlineExtension: false,
        deadlineExtension: { months: 1, name: 'Dauerfristverlängerung' },
        defaultFrequency: 'quarterly',
        frequencies: ['quarterly', 'monthly'],
        vatNumberExample: 'DE123456789',
      }),
      expect.objectContaining({
        countryCode: 'FR',
        registrationStatus: 'registered',
        vatNumber: null,
        filingFrequency: null,
        hasDeadlineExtension: false,
        deadlineExtension: null,
        defaultFrequency: 'monthly',
        frequencies: ['monthly', 'quarterly'],
      }),
    ]);
  });

  it('stores a registration and recomputes at once: the filings follow the frequency, the EC Sales List the number', async () => {
    // Before: France files monthly (its usual frequency), and the transfer's line has no number to be filed under.
    expect((await frenchReturns()).map((filing) => filing.periodStart)).toContain('2023-03-01');
    expect((await frenchReturns()).every((filing) => filing.frequency === 'monthly')).toBe(true);
    expect(await transferLine()).toMatchObject({ reportingCountry: 'DE', customerVatNumber: null, netEur: '500.00' });

    const response = await put('fr', {
      registrationStatus: 'registered',
      vatNumber: 'fr 40 303 265 045',
      filingFrequency: 'quarterly',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(jurisdictionRegistrationSchema.parse(response.json())).toMatchObject({
      countryCode: 'FR',
      registrationStatus: 'registered',
      vatNumber: FR_VAT_NUMBER,
      filingFrequency: 'quarterly',
    });

    const quarterly = await frenchReturns();
    expect(quarterly.length).toBeGreaterThan(0);
    expect(quarterly.every((filing) => filing.frequency === 'quarterly')).toBe(true);
    expect(quarterly.find((filing) => filing.periodStart === '2023-01-01')).toMatchObject({ periodEnd: '2023-03-31' });
    expect(await transferLine()).toMatchObject({ customerVatNumber: FR_VAT_NUMBER, netEur: '500.00' });
    expect((await listRegistrations()).find((item) => item.countryCode === 'FR')).toMatchObject({
      vatNumber: FR_VAT_NUMBER,
      filingFrequency: 'quarterly',
    });
  });

  it('keeps a filed return when the frequency changes, and plans the rest of its quarter at the old frequency', async () => {
    const monthly = await put('FR', {
      registrationStatus: 'registered',
      vatNumber: FR_VAT_NUMBER,
      filingFrequency: 'monthly',
    });
    expect(monthly.statusCode, monthly.body).toBe(200);
    const march = (await frenchReturns()).find((filing) => filing.periodStart === '2023-03-01');
    expect(march).toMatchObject({ frequency: 'monthly', periodEnd: '2023-03-31' });
    const filed = await request('POST', apiPaths.markFilingFiled(companyId, march?.id ?? ''), {
      filedOn: '2023-04-20',
      reference: 'FR-2023-03',
    });
    expect(filed.statusCode, filed.body).toBe(200);

    const quarterly = await put('FR', {
      registrationStatus: 'registered',
      vatNumber: FR_VAT_NUMBER,
      filingFrequency: 'quarterly',
    });
    expect(quarterly.statusCode, quarterly.body).toBe(200);
    // March stays as filed; no first quarter declares it again; January and February are planned monthly, as they
    // were filed until the change; from April on, quarters.
    const planned = (await frenchReturns()).map(
      (filing) => `${filing.frequency} ${filing.periodStart}..${filing.periodEnd} ${filing.status}`,
    );
    expect(planned.slice(0, 3)).toEqual([
      expect.stringMatching(/^monthly 2023-02-01\.\.2023-02-28 /),
      'monthly 2023-03-01..2023-03-31 filed',
      expect.stringMatching(/^quarterly 2023-04-01\.\.2023-06-30 /),
    ]);
    expect(planned.filter((filing) => filing.startsWith('quarterly 2023-01-01'))).toEqual([]);
  });

  it('recomputes at once when the jurisdictions are chosen again: France left out, the transfer has no number', async () => {
    const choose = async (countryCodes: string[]) => {
      const response = await request('PUT', apiPaths.registrationJurisdictions(companyId), { countryCodes });
      expect(response.statusCode, response.body).toBe(200);
    };
    expect(await transferLine()).toMatchObject({ customerVatNumber: FR_VAT_NUMBER });
    await choose(['DE']);
    expect(await transferLine()).toMatchObject({ customerVatNumber: null, netEur: '500.00' });
    // Chosen again and registered again, as before.
    await choose(['DE', 'FR']);
    const registered = await put('FR', {
      registrationStatus: 'registered',
      vatNumber: FR_VAT_NUMBER,
      filingFrequency: 'quarterly',
    });
    expect(registered.statusCode, registered.body).toBe(200);
    expect(await transferLine()).toMatchObject({ customerVatNumber: FR_VAT_NUMBER });
  });

  it('refuses a wrong registration field by field, and keeps what was stored', async () => {
    const before = await listRegistrations();
    const response = await put('FR', {
      registrationStatus: 'registered',
      vatNumber: 'DE136695976',
      filingFrequency: 'annual',
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'validation_error',
      details: [
        {
          field: 'vatNumber',
          code: 'vatRegistrationCountryMismatch',
          message: 'This is a VAT number of DE, not of FR.',
        },
        { field: 'filingFrequency', code: 'frequencyNotOffered', params: { country: 'FR', frequency: 'annual' } },
      ],
    });
    const missing = await put('FR', { registrationStatus: 'registered', vatNumber: '', filingFrequency: null });
    expect(missing.statusCode, missing.body).toBe(400);
    expect(missing.json()).toMatchObject({ details: [{ field: 'vatNumber', code: 'vatNumberWhenRegistered' }] });
    expect(await listRegistrations()).toEqual(before);
  });

  it('files a new frequency from the day the tax office set: the returns before it keep the old one', async () => {
    // France files quarterly (above); the tax office moves it to monthly from July 2023.
    const registration = { registrationStatus: 'registered', vatNumber: FR_VAT_NUMBER, filingFrequency: 'monthly' };
    const monthlyFromJuly = await put('FR', { ...registration, filingFrequencyFrom: '2023-07-01' });
    expect(monthlyFromJuly.statusCode, monthlyFromJuly.body).toBe(200);
    expect(monthlyFromJuly.json()).toMatchObject({
      filingFrequency: 'monthly',
      filingFrequencyFrom: '2023-07-01',
      previousFilingFrequency: 'quarterly',
    });
    const periods = async () =>
      (await frenchReturns()).map((filing) => `${filing.frequency} ${filing.periodStart}..${filing.periodEnd}`);
    const changed = await periods();
    expect(changed).toContain('quarterly 2023-04-01..2023-06-30');
    expect(changed).toContain('monthly 2023-07-01..2023-07-31');
    expect(changed.filter((period) => period.startsWith('quarterly 2023-07'))).toEqual([]);

    // A day inside a quarter would cut it in two: refused on its field, nothing stored.
    const before = await listRegistrations();
    const inside = await put('FR', { ...registration, filingFrequencyFrom: '2023-08-01' });
    expect(inside.statusCode, inside.body).toBe(400);
    expect(inside.json()).toMatchObject({
      details: [
        {
          field: 'filingFrequencyFrom',
          code: 'frequencyChangeNotAtPeriodStart',
          params: { before: 'quarterly', after: 'monthly' },
        },
      ],
    });
    expect(await listRegistrations()).toEqual(before);

    // A save that does not send the day keeps it while the frequency stays; null applies the frequency to every
    // return not filed yet, as before the change was known.
    const kept = await put('FR', registration);
    expect(kept.json()).toMatchObject({ filingFrequencyFrom: '2023-07-01', previousFilingFrequency: 'quarterly' });
    const cleared = await put('FR', { ...registration, filingFrequencyFrom: null });
    expect(cleared.json()).toMatchObject({ filingFrequencyFrom: null, previousFilingFrequency: 'quarterly' });
    expect(await periods()).toContain('monthly 2023-04-01..2023-04-30');
  });

  it('moves every German return a month once the Dauerfristverlängerung is granted, and not the ZM', async () => {
    const germanFilings = async () => {
      const response = await request('GET', apiPaths.filings(companyId, { jurisdiction: 'DE' }));
      expect(response.statusCode, response.body).toBe(200);
      return filingListSchema
        .parse(response.json())
        .items.filter((filing) => filing.periodStart.startsWith('2023-0'))
        .map((filing) => `${filing.filingType} ${filing.periodStart} due ${filing.dueDate}`);
    };
    // March 2023: the return due the 11th, 10 April being Easter Monday; the first quarter's ZM the 25th, a Tuesday.
    expect(await germanFilings()).toEqual(
      expect.arrayContaining(['vat-return 2023-03-01 due 2023-04-11', 'ec-sales-list 2023-01-01 due 2023-04-25']),
    );
    const registration = { registrationStatus: 'registered', vatNumber: 'DE136695976', filingFrequency: 'monthly' };
    const granted = await put('DE', { ...registration, hasDeadlineExtension: true });
    expect(granted.statusCode, granted.body).toBe(200);
    expect(granted.json()).toMatchObject({ hasDeadlineExtension: true, deadlineExtension: { months: 1 } });
    // 10 June 2023 is a Saturday: April's return moves to Monday the 12th.
    const extended = await germanFilings();
    expect(extended).toEqual(
      expect.arrayContaining([
        'vat-return 2023-03-01 due 2023-05-10',
        'vat-return 2023-04-01 due 2023-06-12',
        'ec-sales-list 2023-01-01 due 2023-04-25',
      ]),
    );

    // The calendar names the extension on the open returns it moved, and on nothing else.
    const calendar = await request('GET', apiPaths.filings(companyId, { jurisdiction: 'DE' }));
    const items = filingListSchema.parse(calendar.json()).items;
    const namedOn = items.filter((filing) => filing.deadlineExtension !== null);
    expect(namedOn.length).toBeGreaterThan(0);
    expect(namedOn.every((filing) => filing.filingType === 'vat-return' && filing.status !== 'filed')).toBe(true);
    expect(namedOn[0]?.deadlineExtension).toEqual({ months: 1, name: 'Dauerfristverlängerung' });
    expect(items.filter((filing) => filing.filingType === 'vat-return').length).toBe(namedOn.length);
    // Its rule says so too: the 10th of the 2nd month, with the extension's sources; the ZM's stays the 25th.
    expect(namedOn[0]?.deadlineRule).toMatchObject({ dueDate: { kind: 'day-of-month', monthsAfter: 2, day: 10 } });
    expect(items.find((filing) => filing.filingType === 'ec-sales-list')?.deadlineRule).toMatchObject({
      dueDate: { kind: 'day-of-month', monthsAfter: 1, day: 25 },
    });

    // A save that does not say keeps the grant; false withdraws it.
    const kept = await put('DE', registration);
    expect(kept.json()).toMatchObject({ hasDeadlineExtension: true });
    expect(await germanFilings()).toEqual(extended);
    const withdrawn = await put('DE', { ...registration, hasDeadlineExtension: false });
    expect(withdrawn.json()).toMatchObject({ hasDeadlineExtension: false });
    expect(await germanFilings()).toContain('vat-return 2023-03-01 due 2023-04-11');

    // France grants none: refused on its field, nothing stored.
    const before = await listRegistrations();
    const french = await put('FR', {
      registrationStatus: 'registered',
      vatNumber: FR_VAT_NUMBER,
      filingFrequency: 'monthly',
      hasDeadlineExtension: true,
    });
    expect(french.statusCode, french.body).toBe(400);
    expect(french.json()).toMatchObject({
      details: [{ field: 'hasDeadlineExtension', code: 'deadlineExtensionNotOffered', params: { country: 'FR' } }],
    });
    expect(await listRegistrations()).toEqual(before);
  });

  it("plans no return before the registration's first day, and all of them again once it is cleared", async () => {
    const registration = { registrationStatus: 'registered', vatNumber: FR_VAT_NUMBER, filingFrequency: 'monthly' };
    const starts = async () =>
      (await frenchReturns()).map((filing) => `${filing.periodStart}${filing.status === 'filed' ? ' filed' : ''}`);
    expect(await starts()).toEqual(expect.arrayContaining(['2023-02-01', '2023-03-01 filed', '2023-04-01']));

    const fromApril = await put('FR', { ...registration, registeredFrom: '2023-04-01' });
    expect(fromApril.statusCode, fromApril.body).toBe(200);
    expect(fromApril.json()).toMatchObject({ registeredFrom: '2023-04-01' });
    // February is gone; March stays as it was filed.
    const registered = await starts();
    expect(registered).not.toContain('2023-02-01');
    expect(registered).toEqual(expect.arrayContaining(['2023-03-01 filed', '2023-04-01']));
    // France's declarations began in March (the transfer's arrival), a whole month before the registration.
    expect(await missing()).toEqual([
      {
        countryCode: 'FR',
        registration: 'registered-later',
        registeredFrom: '2023-04-01',
        since: '2023-03-01',
        transactionCount: 1,
      },
    ]);
    // From a day in March, the March return declares them: nothing is missing.
    expect((await put('FR', { ...registration, registeredFrom: '2023-03-20' })).statusCode).toBe(200);
    expect(await missing()).toEqual([]);
    expect((await put('FR', { ...registration, registeredFrom: '2023-04-01' })).statusCode).toBe(200);

    // A save that does not say keeps the day; a day that is none is refused on its field; null clears it.
    expect((await put('FR', registration)).json()).toMatchObject({ registeredFrom: '2023-04-01' });
    const wrong = await put('FR', { ...registration, registeredFrom: '1 April 2023' });
    expect(wrong.statusCode, wrong.body).toBe(400);
    expect(wrong.json()).toMatchObject({ details: [{ field: 'registeredFrom', code: 'invalidDate' }] });
    const cleared = await put('FR', { ...registration, registeredFrom: null });
    expect(cleared.json()).toMatchObject({ registeredFrom: null });
    expect(await starts()).toContain('2023-02-01');
  });

  it('plans no return after a registration ended, and refuses an end before the start, whichever was stored', async () => {
    const registration = { registrationStatus: 'registered', vatNumber: FR_VAT_NUMBER, filingFrequency: 'monthly' };
    const starts = async () => (await frenchReturns()).map((filing) => filing.periodStart);
    expect(await starts()).toEqual(expect.arrayContaining(['2023-05-01', '2023-06-01']));

    const ended = await put('FR', { ...registration, registeredUntil: '2023-05-20' });
    expect(ended.statusCode, ended.body).toBe(200);
    expect(ended.json()).toMatchObject({ registeredFrom: null, registeredUntil: '2023-05-20' });
    const planned = await starts();
    expect(planned).toContain('2023-05-01');
    expect(planned.filter((start) => start > '2023-05-20')).toEqual([]);

    // A first day after the stored last day is refused on the last day, and nothing is stored.
    const before = await listRegistrations();
    const inverted = await put('FR', { ...registration, registeredFrom: '2023-06-01' });
    expect(inverted.statusCode, inverted.body).toBe(400);
    expect(inverted.json()).toMatchObject({
      details: [{ field: 'registeredUntil', code: 'registeredUntilBeforeFrom' }],
    });
    expect(await listRegistrations()).toEqual(before);

    // Ended in February, a whole month before France's declarations (March): named among the missing registrations.
    expect(await missing()).toEqual([]);
    expect((await put('FR', { ...registration, registeredUntil: '2023-02-28' })).statusCode).toBe(200);
    expect(await missing()).toEqual([
      {
        countryCode: 'FR',
        registration: 'registration-ended',
        registeredUntil: '2023-02-28',
        since: '2023-03-01',
        transactionCount: 1,
      },
    ]);

    const reopened = await put('FR', { ...registration, registeredUntil: null });
    expect(reopened.json()).toMatchObject({ registeredUntil: null });
    expect(await starts()).toContain('2023-06-01');
  });

  it('answers 404 for a jurisdiction the company did not choose, and changes nothing', async () => {
    const before = await listRegistrations();
    const response = await put('IT', {
      registrationStatus: 'registration-requested',
      vatNumber: '',
      filingFrequency: null,
    });
    expect(response.statusCode, response.body).toBe(404);
    expect(response.json()).toMatchObject({
      code: 'jurisdiction_not_chosen',
      message: "IT is not one of the company's jurisdictions; choose it among the jurisdictions first.",
    });
    expect(await listRegistrations()).toEqual(before);
  });

  describe('a save from a form filled before the record was written since (decision 052)', () => {
    /** The body of a save of France's stored registration as it is, from a form filled with it. */
    const frenchForm = async () => {
      const stored = (await listRegistrations()).find((item) => item.countryCode === 'FR');
      if (!stored) throw new Error('France is not chosen');
      const { registrationStatus, vatNumber, filingFrequency, registeredFrom, registeredUntil, revision } = stored;
      return {
        registrationStatus,
        vatNumber: vatNumber ?? '',
        filingFrequency,
        registeredFrom,
        registeredUntil,
        revision,
      };
    };

    it('is refused 409 with nothing written; a save from the stored revision, or with none, is taken', async () => {
      const form = await frenchForm();
      const saved = await put('FR', form);
      expect(saved.statusCode, saved.body).toBe(200);
      const { revision } = jurisdictionRegistrationSchema.parse(saved.json());
      expect(revision).not.toBe(form.revision);
      const stored = await listRegistrations();
      expect(stored.find((item) => item.countryCode === 'FR')?.revision).toBe(revision);

      const stale = await put('FR', { ...form, filingFrequency: 'quarterly', registeredFrom: '2023-01-01' });
      expect(stale.statusCode, stale.body).toBe(409);
      expect(stale.json()).toEqual({
        code: EDIT_CONFLICT,
        message:
          'The registration in FR was changed since this form was read, so nothing was saved. Reload it to see ' +
          'what is stored, then make your change again.',
      });
      expect(await listRegistrations()).toEqual(stored);

      const current = await put('FR', { ...form, revision });
      expect(current.statusCode, current.body).toBe(200);
      const { revision: _revision, ...withoutRevision } = form;
      const blind = await put('FR', withoutRevision);
      expect(blind.statusCode, blind.body).toBe(200);
      expect(jurisdictionRegistrationSchema.parse(blind.json()).revision).not.toBe(
        jurisdictionRegistrationSchema.parse(current.json()).revision,
      );
    });

    it('of two saves from one form at once, stores one and refuses the other', async () => {
      const form = await frenchForm();
      const frequencies = ['monthly', 'quarterly'] as const;
      const answers = await Promise.all(frequencies.map((filingFrequency) => put('FR', { ...form, filingFrequency })));
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
      const taken = answers.find((answer) => answer.statusCode === 200);
      expect((await listRegistrations()).find((item) => item.countryCode === 'FR')).toEqual(taken?.json());
      // Leave France as it was.
      const restored = await put('FR', { ...form, revision: undefined });
      expect(restored.statusCode, restored.body).toBe(200);
    });

    it('refuses a save of the OSS and IOSS registrations the same way, a scheme added or removed since too', async () => {
      const read = async () => {
        const response = await request('GET', apiPaths.taxSchemes(companyId));
        expect(response.statusCode, response.body).toBe(200);
        return taxSchemesResponseSchema.parse(response.json());
      };
      const oss = { memberState: 'DE', effectiveFrom: '2021-07-01', identificationNumber: null };
      const empty = await read();
      expect(empty).toEqual({ oss: null, ioss: null, revision: '' });

      // Two forms filled before either registration: one adds the OSS, the other's save is refused.
      const added = await request('PUT', apiPaths.taxSchemes(companyId), { oss, ioss: null, revision: '' });
      expect(added.statusCode, added.body).toBe(200);
      const withOss = taxSchemesResponseSchema.parse(added.json());
      expect(withOss.revision).toMatch(/^oss:\d+$/);
      const stale = await request('PUT', apiPaths.taxSchemes(companyId), {
        oss: null,
        ioss: { memberState: 'NL', effectiveFrom: '2021-07-01', identificationNumber: null },
        revision: '',
      });
      expect(stale.statusCode, stale.body).toBe(409);
      expect(stale.json()).toMatchObject({ code: EDIT_CONFLICT });
      expect(await read()).toEqual(withOss);

      // Removed since: a form still holding the OSS's revision is refused too.
      const removed = await request('PUT', apiPaths.taxSchemes(companyId), {
        oss: null,
        ioss: null,
        revision: withOss.revision,
      });
      expect(removed.statusCode, removed.body).toBe(200);
      expect(taxSchemesResponseSchema.parse(removed.json())).toEqual({ oss: null, ioss: null, revision: '' });
      const staleAgain = await request('PUT', apiPaths.taxSchemes(companyId), { ...withOss, oss });
      expect(staleAgain.statusCode, staleAgain.body).toBe(409);
      expect(await read()).toEqual(empty);

      // Two at once from the empty pair: one is stored.
      const answers = await Promise.all(
        ['DE', 'NL'].map((memberState) =>
          request('PUT', apiPaths.taxSchemes(companyId), { oss: { ...oss, memberState }, ioss: null, revision: '' }),
        ),
      );
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
      expect(await read()).toEqual(answers.find((answer) => answer.statusCode === 200)?.json());
      const cleared = await request('PUT', apiPaths.taxSchemes(companyId), { oss: null, ioss: null });
      expect(cleared.statusCode, cleared.body).toBe(200);
    });
  });

  it("plans the UK's quarters of the stagger HMRC assigned, and refuses a stagger elsewhere (decision 047)", async () => {
    const db = context.database.db;
    await db.insert(companyJurisdictions).values({ companyId, countryCode: 'GB', source: 'user' });
    try {
      const british = (await listRegistrations()).find((item) => item.countryCode === 'GB');
      expect(british).toMatchObject({ vatStagger: null, vatStaggers: [1, 2, 3] });
      const registration = { registrationStatus: 'registered', vatNumber: 'GB727255821', filingFrequency: 'quarterly' };
      const saved = await put('GB', { ...registration, vatStagger: 2 });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(jurisdictionRegistrationSchema.parse(saved.json())).toMatchObject({ vatStagger: 2 });
      // Saved and recomputed at once: quarters ending January, April, July and October, due a month and 7 days on.
      const response = await request('GET', apiPaths.filings(companyId, { jurisdiction: 'GB' }));
      const quarters = filingListSchema
        .parse(response.json())
        .items.filter((filing) => filing.periodStart.startsWith('2023-'))
        .map((filing) => `${filing.periodStart}..${filing.periodEnd} due ${filing.dueDate}`);
      expect(quarters.slice(0, 2)).toEqual([
        '2023-02-01..2023-04-30 due 2023-06-07',
        '2023-05-01..2023-07-31 due 2023-09-07',
      ]);
      // A save that does not say keeps it; a stagger the UK does not have, or one for France, is refused on its field.
      expect((await put('GB', registration)).json()).toMatchObject({ vatStagger: 2 });
      const unknown = await put('GB', { ...registration, vatStagger: 4 });
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json()).toMatchObject({ details: [{ field: 'vatStagger', code: 'vatStaggerUnknown' }] });
      const french = await put('FR', {
        registrationStatus: 'registered',
        vatNumber: FR_VAT_NUMBER,
        filingFrequency: 'monthly',
        vatStagger: 2,
      });
      expect(french.json()).toMatchObject({ details: [{ field: 'vatStagger', code: 'vatStaggerNotOffered' }] });
    } finally {
      await db
        .delete(companyJurisdictions)
        .where(and(eq(companyJurisdictions.companyId, companyId), eq(companyJurisdictions.countryCode, 'GB')));
      await recomputeTaxPosition(db, companyId);
    }
  });

  /** The filings of 2023, the first of a jurisdiction and type found with `first`. */
  const filingsOf2023 = async () => {
    const response = await request('GET', apiPaths.filings(companyId));
    expect(response.statusCode, response.body).toBe(200);
    const items = filingListSchema
      .parse(response.json())
      .items.filter((filing) => filing.periodStart.startsWith('2023-'));
    return (jurisdiction: string, filingType: string) =>
      items.find((filing) => filing.jurisdiction === jurisdiction && filing.filingType === filingType);
  };

  /** Runs `check` with the company registered in Portugal (quarterly) and Italy (monthly) too, then takes them away. */
  const withPortugalAndItaly = async (check: () => Promise<void>) => {
    const db = context.database.db;
    await db.insert(companyJurisdictions).values([
      { companyId, countryCode: 'PT', source: 'user' },
      { companyId, countryCode: 'IT', source: 'user' },
    ]);
    try {
      const portugal = await put('PT', {
        registrationStatus: 'registered',
        vatNumber: 'PT501964843',
        filingFrequency: 'quarterly',
      });
      expect(portugal.statusCode, portugal.body).toBe(200);
      const italy = await put('IT', {
        registrationStatus: 'registered',
        vatNumber: 'IT00743110157',
        filingFrequency: 'monthly',
      });
      expect(italy.statusCode, italy.body).toBe(200);
      await check();
    } finally {
      await db
        .delete(companyJurisdictions)
        .where(
          and(eq(companyJurisdictions.companyId, companyId), inArray(companyJurisdictions.countryCode, ['PT', 'IT'])),
        );
      await recomputeTaxPosition(db, companyId);
    }
  };

  it("says when the VAT is paid where that is not the due date: Portugal's returns, Italy's annual balance (decision 050)", async () => {
    await withPortugalAndItaly(async () => {
      const first = await filingsOf2023();

      // Portugal: the first quarter filed by 20 May (a Saturday: 22 May), paid by 25 May, a Thursday.
      expect(first('PT', 'vat-return')).toMatchObject({
        periodStart: '2023-01-01',
        dueDate: '2023-05-22',
        paymentDue: {
          date: '2023-05-25',
          rule: {
            dueDate: { kind: 'day-of-month', monthsAfter: 2, day: 25 },
            shift: 'next-working-day',
            isVerified: true,
          },
        },
      });
      // Italy: the year's balance paid by 16 March (a Saturday in 2024: the 18th), before the return of 30 April; the
      // research gives the return's date only, so the payment's is marked unverified. Its monthly settlements are the
      // payments themselves.
      expect(first('IT', 'annual-return')).toMatchObject({
        dueDate: '2024-04-30',
        paymentDue: {
          date: '2024-03-18',
          rule: { dueDate: { kind: 'day-of-month', monthsAfter: 3, day: 16 }, isVerified: false },
        },
      });
      expect(first('IT', 'vat-return')?.paymentDue).toBeNull();
      expect(first('DE', 'vat-return')?.paymentDue).toBeNull();
      expect(first('DE', 'annual-return')?.paymentDue).toBeNull();
      expect(first('DE', 'ec-sales-list')?.paymentDue).toBeNull();
    });
  });

  it('marks a payment due apart from its filing paid, filed or not, refuses the rest, and undoes it (decision 051)', async () => {
    await withPortugalAndItaly(async () => {
      const first = await filingsOf2023();
      const portugal = first('PT', 'vat-return');
      const italy = first('IT', 'annual-return');
      const germany = first('DE', 'vat-return');
      if (!portugal || !italy || !germany) throw new Error('the filings were not planned');
      const markPaid = (filingId: string, paidOn: string) =>
        request('POST', apiPaths.markFilingPaid(companyId, filingId), { paidOn });

      // Portugal's return filed first, then its VAT paid: the filed answer keeps its payment day.
      const filed = await request('POST', apiPaths.markFilingFiled(companyId, portugal.id), {
        filedOn: '2023-05-19',
        reference: 'AT-2023-1T',
      });
      expect(filed.statusCode, filed.body).toBe(200);
      expect(filingSchema.parse(filed.json())).toMatchObject({ status: 'filed', paymentDue: { date: '2023-05-25' } });
      const paid = await markPaid(portugal.id, '2023-05-24');
      expect(paid.statusCode, paid.body).toBe(200);
      expect(filingSchema.parse(paid.json())).toMatchObject({ paidOn: '2023-05-24', status: 'filed' });
      expect((await markPaid(portugal.id, '2023-05-25')).json()).toMatchObject({ code: 'filing_already_paid' });
      const future = await markPaid(italy.id, '2999-01-01');
      expect(future.statusCode).toBe(400);
      expect(future.json().details).toEqual([expect.objectContaining({ field: 'paidOn' })]);
      // Italy's balance is paid before its return is due: paid, the return stays open.
      const balance = await markPaid(italy.id, '2024-03-15');
      expect(balance.statusCode, balance.body).toBe(200);
      expect(filingSchema.parse(balance.json())).toMatchObject({ paidOn: '2024-03-15', filedOn: null });
      expect(filingSchema.parse(balance.json()).status).not.toBe('filed');

      // A German return is paid with the filing: nothing of its own to mark.
      const german = await markPaid(germany.id, '2023-02-10');
      expect(german.statusCode).toBe(409);
      expect(german.json()).toMatchObject({ code: 'filing_payment_not_separate' });
      const malformed = await request('POST', apiPaths.markFilingPaid(companyId, germany.id), { paidOn: '15.03.2024' });
      expect(malformed.statusCode).toBe(400);

      // The calendar shows both as paid; a refresh of the plan keeps the mark.
      await recomputeTaxPosition(context.database.db, companyId);
      const after = await filingsOf2023();
      expect(after('PT', 'vat-return')?.paidOn).toBe('2023-05-24');
      expect(after('IT', 'annual-return')?.paidOn).toBe('2024-03-15');
      expect(after('DE', 'vat-return')?.paidOn).toBeNull();
      const events = await listAuditEvents(context.database.db, { companyId, limit: 10 });
      expect(
        events.filter((event) => event.action === 'filing_marked_paid').map((event) => event.details.paidOn),
      ).toEqual(['2024-03-15', '2023-05-24']);

      // Undone: due again; a second undo is refused.
      const unpaid = await request('POST', apiPaths.markFilingUnpaid(companyId, italy.id));
      expect(unpaid.statusCode, unpaid.body).toBe(200);
      expect(filingSchema.parse(unpaid.json())).toMatchObject({ paidOn: null, paymentDue: { date: '2024-03-18' } });
      const again = await request('POST', apiPaths.markFilingUnpaid(companyId, italy.id));
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({ code: 'filing_not_paid' });
      // The log keeps the day the undo erased, once.
      const undone = await listAuditEvents(context.database.db, {
        companyId,
        limit: 10,
        action: 'filing_marked_unpaid',
      });
      expect(undone.map((event) => [event.targetId, event.details.paidOn])).toEqual([[italy.id, '2024-03-15']]);
      // Portugal's return reopened, so the registration leaves nothing behind.
      expect((await request('POST', apiPaths.reopenFiling(companyId, portugal.id))).statusCode).toBe(200);
    });
  });

  it('names the countries the transactions declare in without a registration', async () => {
    // Registered in both countries the data declares in: Germany (the sale, the transfer out), France (its arrival).
    expect(await missing()).toEqual([]);
    const requested = await put('FR', {
      registrationStatus: 'registration-requested',
      vatNumber: '',
      filingFrequency: null,
    });
    expect(requested.statusCode, requested.body).toBe(200);
    expect(await missing()).toEqual([
      { countryCode: 'FR', registration: 'registration-requested', since: '2023-03-01', transactionCount: 1 },
    ]);
    // France no longer among the jurisdictions at all: its acquisition still calls for a registration.
    await context.database.db
      .delete(companyJurisdictions)
      .where(and(eq(companyJurisdictions.companyId, companyId), eq(companyJurisdictions.countryCode, 'FR')));
    await recomputeTaxPosition(context.database.db, companyId);
    expect(await missing()).toEqual([
      { countryCode: 'FR', registration: 'not-chosen', since: '2023-03-01', transactionCount: 1 },
    ]);
  });
});
