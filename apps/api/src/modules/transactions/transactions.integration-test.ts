import { apiPaths, transactionDetailSchema, transactionPageSchema } from '@vatlas/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { dataPeriods, users } from '../../db/schema';
import { forEachDatabase } from '../../test/databases';
import { createTestConfig, createTestProvider } from '../../test/test-app';
import {
  insertTransactions,
  insertUpload,
  setUpTaxProfile,
  transactionFixture,
} from '../tax-position/tax-position-test-kit';
import {
  bearer,
  buildAccountTestApp,
  createCompany,
  createHomeTenant,
  createPerson,
  createRecordingMailer,
  type Person,
  signIn,
} from '../user/account-test-kit';

const PROFILE = { establishmentCountry: 'DE', ioss: null } as const;
const COUNTRIES = ['DE', 'FR', 'IT', 'PL'] as const;

forEachDatabase('transactions API', (context) => {
  const config = createTestConfig();
  let app: FastifyInstance;
  let owner: Person;
  let token: string;
  let companyId: string;
  let otherCompanyTransactionId: string;
  let failedUploadTransactionId: string;
  let visibleIds: string[];
  let distanceSaleId: string;
  let marchPeriodId: string;

  beforeAll(async () => {
    const db = context.database.db;
    const provider = await createTestProvider(config);
    app = await buildAccountTestApp(context.database, { provider, mailer: createRecordingMailer() });
    const tenantId = await createHomeTenant(db);
    owner = await createPerson(db, { tenantId, label: 'transactions-owner', issuer: config.auth.issuer });
    companyId = await createCompany(db, { tenantId, name: 'Transactions GmbH', owners: [owner] });
    await setUpTaxProfile(db, companyId, {
      establishmentCountry: 'DE',
      oss: { memberState: 'DE', from: '2021-07-01' },
    });
    token = await signIn(app, provider, owner);

    // 30 rows over February to April 2023, several on the same day so the id breaks ties.
    const rows = Array.from({ length: 30 }, (_, index) => {
      const arrival = COUNTRIES[index % COUNTRIES.length] as string;
      return transactionFixture({
        eventId: `302-${String(index).padStart(4, '0')}`,
        activityId: `act-${index}`,
        type: index % 10 === 9 ? 'REFUND' : 'SALE',
        taxPointDate: `2023-0${2 + (index % 3)}-${String(1 + (index % 7)).padStart(2, '0')}`,
        arrivalCountry: arrival,
        taxableJurisdiction: arrival,
        sku: index % 2 === 0 ? 'MUG-BLUE' : 'CUP-RED',
      });
    });
    visibleIds = await insertTransactions(db, {
      companyId,
      uploadId: await insertUpload(db, companyId),
      profile: PROFILE,
      rows,
    });
    distanceSaleId = visibleIds[1] as string;
    [failedUploadTransactionId = ''] = await insertTransactions(db, {
      companyId,
      uploadId: await insertUpload(db, companyId, 'failed'),
      profile: PROFILE,
      rows: [transactionFixture({ eventId: '302-hidden' })],
    });
    const [period] = await db
      .insert(dataPeriods)
      .values({ companyId, startDate: '2023-03-01', endDate: '2023-03-31' })
      .returning();
    marchPeriodId = period?.id ?? '';

    const otherCompany = await createCompany(db, { tenantId, name: 'Someone Else Ltd' });
    [otherCompanyTransactionId = ''] = await insertTransactions(db, {
      companyId: otherCompany,
      uploadId: await insertUpload(db, otherCompany),
      profile: PROFILE,
      rows: [transactionFixture()],
    });
  });
  afterAll(async () => {
    await app?.close();
  });

  const page = async (query: Record<string, string | number | undefined>) => {
    const response = await app.inject({
      method: 'GET',
      url: apiPaths.transactions(companyId, query),
      headers: bearer(token),
    });
    expect(response.statusCode, response.body).toBe(200);
    return transactionPageSchema.parse(response.json());
  };

  const readAll = async (query: Record<string, string | number | undefined>) => {
    const items: Awaited<ReturnType<typeof page>>['items'] = [];
    let cursor: string | undefined;
    do {
      const result = await page({ ...query, cursor, limit: 4 });
      items.push(...result.items);
      cursor = result.nextCursor ?? undefined;
    } while (cursor !== undefined);
    return items;
  };

  it.each(['date-desc', 'date-asc'] as const)('pages through every visible row exactly once, %s', async (sort) => {
    const items = await readAll({ sort });
    expect(items).toHaveLength(30);
    expect(new Set(items.map((item) => item.id))).toEqual(new Set(visibleIds));
    const keys = items.map((item) => `${item.taxPointDate}|${item.id}`);
    const sorted = [...keys].sort();
    expect(keys).toEqual(sort === 'date-asc' ? sorted : sorted.reverse());
  });

  it('filters by data period, country, jurisdiction, type, treatment and search prefix', async () => {
    const march = await readAll({ dataPeriodId: marchPeriodId });
    expect(march.length).toBe(10);
    expect(march.every((item) => item.taxPointDate.startsWith('2023-03'))).toBe(true);

    const toFrance = await readAll({ country: 'FR' });
    // Every row departs from DE, so country DE matches all of them and FR only the arrivals in France.
    expect(toFrance.map((item) => item.arrivalCountry)).toEqual(Array(toFrance.length).fill('FR'));
    expect((await readAll({ country: 'DE' })).length).toBe(30);
    expect((await readAll({ jurisdiction: 'PL' })).every((item) => item.taxableJurisdiction === 'PL')).toBe(true);
    expect((await readAll({ type: 'REFUND' })).map((item) => item.eventId).sort()).toEqual([
      '302-0009',
      '302-0019',
      '302-0029',
    ]);
    const domestic = await readAll({ treatment: 'domestic-sale' });
    expect(domestic.every((item) => item.arrivalCountry === 'DE')).toBe(true);
    expect(domestic.length).toBeGreaterThan(0);
    expect((await readAll({ search: '302-001' })).map((item) => item.eventId).sort()).toEqual(
      Array.from({ length: 10 }, (_, index) => `302-${String(10 + index).padStart(4, '0')}`),
    );
    expect((await readAll({ search: 'MUG' })).length).toBe(15);
    // LIKE wildcards in the search are literal characters.
    expect((await readAll({ search: '%' })).length).toBe(0);
  });

  it('explains a row in the user language, English then German', async () => {
    const detail = async () => {
      const response = await app.inject({
        method: 'GET',
        url: apiPaths.transaction(companyId, distanceSaleId),
        headers: bearer(token),
      });
      expect(response.statusCode, response.body).toBe(200);
      return transactionDetailSchema.parse(response.json());
    };
    const english = await detail();
    expect(english).toMatchObject({ id: distanceSaleId, treatment: 'intra-eu-distance-sale', arrivalCountry: 'FR' });
    expect(english.treatmentLabel).toBe('EU distance sale');
    expect(english.explanation).toContain('France');
    expect(english.explanation).toContain('OSS');
    // The fixture's 19 % is not a French rate: the cross-check says so.
    expect(english.crossCheck.differences.map((difference) => difference.code)).toContain('rate-not-in-force');

    await context.database.db.update(users).set({ language: 'de' }).where(eq(users.id, owner.id));
    const german = await detail();
    expect(german.treatmentLabel).toBe('Innergemeinschaftlicher Fernverkauf');
    expect(german.explanation).toContain('Frankreich');
  });

  it.each([
    ['another company’s transaction', () => otherCompanyTransactionId],
    ['a row of an upload that did not complete', () => failedUploadTransactionId],
    ['an id that is no uuid', () => 'not-a-uuid'],
  ])('answers 404 for %s', async (_label, id) => {
    const response = await app.inject({
      method: 'GET',
      url: apiPaths.transaction(companyId, id()),
      headers: bearer(token),
    });
    expect(response.statusCode).toBe(404);
    expect(response.json().code).toBe('transaction_not_found');
  });

  it('refuses a cursor of the other sort order', async () => {
    const first = await page({ sort: 'date-desc', limit: 2 });
    const response = await app.inject({
      method: 'GET',
      url: apiPaths.transactions(companyId, { sort: 'date-asc', cursor: first.nextCursor ?? '' }),
      headers: bearer(token),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().details).toEqual([expect.objectContaining({ field: 'cursor' })]);
  });
});
