import type { TransactionFilterQuery } from '@vatlas/contract';
import {
  apiPaths,
  TRANSACTION_EXPORT_COLUMNS,
  transactionCountSchema,
  transactionDetailSchema,
  transactionPageSchema,
} from '@vatlas/contract';
import type { LiabilityScheme, NormalizedTransaction } from '@vatlas/domain';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { dataPeriods, ecSalesListLines, liabilities, transactionDaySums, users } from '../../db/schema';
import { forEachDatabase } from '../../test/databases';
import { recomputeTaxPosition } from '../tax-position/service';
import {
  insertTransactions,
  insertUpload,
  setUpTaxProfile,
  transactionFixture,
} from '../tax-position/tax-position-test-kit';
import { transactionIdRange } from '../transaction-upload/transaction-identity';
import { bearer, createCompany, type Person, startAppWithCompanyOwner } from '../user/account-test-kit';
import {
  countTransactionRows,
  countTransactions,
  listTransactionPage,
  NO_DAYS,
  type TransactionFilter,
  type TransactionFilterConditions,
  type TransactionKey,
} from './repository';
import { exportTransactionsCsv, resolveFilter } from './service';

const PROFILE = { establishmentCountry: 'DE', ioss: null } as const;
const COUNTRIES = ['DE', 'FR', 'IT', 'PL'] as const;

forEachDatabase('transactions API', (context) => {
  let app: FastifyInstance;
  let owner: Person;
  let token: string;
  let companyId: string;
  let otherCompanyTransactionId: string;
  let failedUploadTransactionId: string;
  let visibleIds: string[];
  let distanceSaleId: string;
  let marchPeriodId: string;
  let tenantId: string;

  beforeAll(async () => {
    const db = context.database.db;
    const started = await startAppWithCompanyOwner(context.database, {
      label: 'transactions-owner',
      companyName: 'Transactions GmbH',
    });
    ({ app, owner, companyId, token, tenantId } = started);
    await setUpTaxProfile(db, companyId, {
      establishmentCountry: 'DE',
      oss: { memberState: 'DE', from: '2021-07-01' },
    });

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
        // A sixth of them from an eBay orders report: a seller selling on more than one channel.
        ...(index % 5 === 2 ? { source: 'ebay-orders' as const } : {}),
        // A cell a spreadsheet would run, and a buyer VAT number the export must not carry.
        ...(index === 3 ? { marketplace: '=HYPERLINK("http://evil.test")' } : {}),
        ...(index === 5 ? { buyerVatNumber: 'FR40303265045' } : {}),
      });
    });
    // Each channel's file an upload of its own, as imports store them; the ids in the rows' order.
    const idOf = new Map<(typeof rows)[number], string>();
    for (const sourceFormat of ['amazon-vtr', 'ebay-orders'] as const) {
      const ofSource = rows.filter((row) => row.source === sourceFormat);
      const ids = await insertTransactions(db, {
        companyId,
        uploadId: await insertUpload(db, companyId, 'completed', { sourceFormat }),
        profile: PROFILE,
        rows: ofSource,
      });
      for (const [index, row] of ofSource.entries()) idOf.set(row, ids[index] as string);
    }
    visibleIds = rows.map((row) => idOf.get(row) as string);
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

  it('filters by data period, country, jurisdiction, type, treatment and a whole id or SKU', async () => {
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
    // The search matches a whole event id, activity id or SKU (decision 054), never a part of one.
    expect((await readAll({ search: '302-0012' })).map((item) => item.eventId)).toEqual(['302-0012']);
    expect((await readAll({ search: 'act-17' })).map((item) => item.activityId)).toEqual(['act-17']);
    expect((await readAll({ search: 'MUG-BLUE' })).length).toBe(15);
    expect((await readAll({ search: 'MUG-BLUE' })).every((item) => item.sku === 'MUG-BLUE')).toBe(true);
    for (const part of ['302-001', 'MUG', 'mug-blue', '%', '302-001%']) {
      expect((await readAll({ search: part })).length, part).toBe(0);
    }
  });

  it("finds a country's liability by taxedIn: the OSS sales consumed there, the domestic ones where they are made", async () => {
    // The company declares its distance sales through OSS from 2021 on: each is taxed where it arrives.
    const ids = (items: { id: string }[]) => items.map((item) => item.id).sort();
    // A sale to a French business is the exception: zero-rated in Germany, on its EC Sales List.
    const b2b = await readAll({ treatment: 'intra-eu-b2b-supply' });
    expect(b2b.map((item) => item.arrivalCountry)).toEqual(['FR']);
    const toFrance = (await readAll({ country: 'FR' })).filter((item) => item.treatment !== 'intra-eu-b2b-supply');
    expect(ids(await readAll({ taxedIn: 'FR' }))).toEqual(ids(toFrance));
    expect(ids(await readAll({ taxedIn: 'DE' }))).toEqual(
      ids([...(await readAll({ treatment: 'domestic-sale' })), ...b2b]),
    );
    expect(await readAll({ taxedIn: 'AT' })).toEqual([]);
    // Its sales to France are on the OSS line, none on a French return; every distance sale is an OSS one.
    expect(ids(await readAll({ taxedIn: 'FR', scheme: 'oss' }))).toEqual(ids(toFrance));
    expect(await readAll({ taxedIn: 'FR', scheme: 'local' })).toEqual([]);
    expect(ids(await readAll({ scheme: 'oss' }))).toEqual(ids(await readAll({ treatment: 'intra-eu-distance-sale' })));
    // It combines with the other filters, as the dashboard's link does with the month.
    const march = await readAll({ taxedIn: 'PL', month: '2023-03' });
    expect(march.length).toBeGreaterThan(0);
    expect(march.every((item) => item.arrivalCountry === 'PL' && item.taxPointDate.startsWith('2023-03'))).toBe(true);
  });

  it('explains a row in the user language: English, German, French, Italian, Spanish, Polish', async () => {
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

    const expected = {
      fr: ['Vente à distance intra-UE', 'destination : France'],
      it: ['Vendita a distanza intra-UE', 'destinazione: Francia'],
      es: ['Venta a distancia intracomunitaria', 'destino: Francia'],
      pl: ['Wewnątrzunijna sprzedaż na odległość', 'kraj przeznaczenia: Francja'],
    } as const;
    for (const [language, [label, fact]] of Object.entries(expected)) {
      await context.database.db.update(users).set({ language }).where(eq(users.id, owner.id));
      const translated = await detail();
      expect(translated.treatmentLabel).toBe(label);
      expect(translated.explanation).toContain(fact);
    }
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

  it('filters by month and by from/to tax-point days, which intersect with each other', async () => {
    const march = await readAll({ month: '2023-03' });
    expect(march.length).toBe(10);
    expect(march.every((item) => item.taxPointDate.startsWith('2023-03'))).toBe(true);
    expect((await readAll({ month: '2023-03', dataPeriodId: marchPeriodId })).length).toBe(10);
    expect((await readAll({ month: '2023-02', dataPeriodId: marchPeriodId })).length).toBe(0);

    const marchInFrance = await readAll({ month: '2023-03', jurisdiction: 'FR' });
    expect(marchInFrance.length).toBeGreaterThan(0);
    expect(
      marchInFrance.every((item) => item.taxPointDate.startsWith('2023-03') && item.taxableJurisdiction === 'FR'),
    ).toBe(true);

    const range = await readAll({ from: '2023-03-03', to: '2023-04-02' });
    const expected = (await readAll({})).filter(
      (item) => item.taxPointDate >= '2023-03-03' && item.taxPointDate <= '2023-04-02',
    );
    expect(range.map((item) => item.id).sort()).toEqual(expected.map((item) => item.id).sort());
    expect(range.length).toBeGreaterThan(0);
    expect(
      (await readAll({ month: '2023-04', to: '2023-04-01' })).every((item) => item.taxPointDate === '2023-04-01'),
    ).toBe(true);

    // One side open: bounded by the first and the last date an id can hold (decision 057).
    const all = await readAll({});
    for (const [query, matches] of [
      [{ to: '2023-03-02' }, (date: string) => date <= '2023-03-02'],
      [{ from: '2023-03-03' }, (date: string) => date >= '2023-03-03'],
    ] as const) {
      const found = await readAll(query);
      expect(found.length, JSON.stringify(query)).toBeGreaterThan(0);
      expect(found.map((item) => item.id).sort()).toEqual(
        all
          .filter((item) => matches(item.taxPointDate))
          .map((item) => item.id)
          .sort(),
      );
    }
  });

  it.each([{ month: '2023-13' }, { month: '2023-3' }, { from: '2023-02-30' }])(
    'refuses a malformed date filter %j',
    async (query) => {
      const response = await app.inject({
        method: 'GET',
        url: apiPaths.transactions(companyId, query),
        headers: bearer(token),
      });
      expect(response.statusCode).toBe(400);
    },
  );

  const count = async (query: Record<string, string | undefined>) => {
    const response = await app.inject({
      method: 'GET',
      url: apiPaths.transactionsCount(companyId, query),
      headers: bearer(token),
    });
    expect(response.statusCode, response.body).toBe(200);
    return transactionCountSchema.parse(response.json());
  };

  it('counts the rows the filters match, only visible ones, as the list pages them', async () => {
    expect(await count({})).toEqual({ count: 30, isExact: true });
    // Those of a type or a search counted on the rows, the others from the day sums (`countTransactions`).
    for (const query of [
      { jurisdiction: 'FR' },
      { month: '2023-03', type: 'SALE' },
      { search: 'MUG-BLUE' },
      { search: '302-0012' },
      { country: 'PL' },
      { month: '2023-03' },
      { source: 'ebay-orders', month: '2023-04' },
      { treatment: 'intra-eu-distance-sale', source: 'amazon-vtr' },
      { taxedIn: 'DE' },
      { scheme: 'oss' },
      { ecSalesList: 'DE' },
    ] satisfies TransactionFilterQuery[]) {
      const listed = (await readAll(query)).length;
      expect((await count(query)).count, JSON.stringify(query)).toBe(listed);
      const filter = await resolveFilter(context.database.db, companyId, query);
      expect(await countTransactionRows(context.database.db, filter, 1000), JSON.stringify(query)).toBe(listed);
    }
    expect(await count({ month: '2022-01' })).toEqual({ count: 0, isExact: true });
  });

  it('stops counting at the limit it is given, from the day sums and on the rows alike', async () => {
    for (const countOf of [countTransactions, countTransactionRows]) {
      expect(await countOf(context.database.db, { companyId }, 7)).toBe(7);
      expect(await countOf(context.database.db, { companyId }, 1000)).toBe(30);
    }
  });

  const parseCsv = (body: string) => {
    expect(body.startsWith('\uFEFF')).toBe(true);
    const lines = body.slice(1).split('\r\n');
    expect(lines.pop()).toBe('');
    return { header: lines[0], rows: lines.slice(1) };
  };

  it('exports the filtered set as CSV with a BOM, a header, the filters in the file name and defused formulas', async () => {
    const response = await app.inject({
      method: 'GET',
      url: apiPaths.transactionsExportCsv(companyId, { month: '2023-03', jurisdiction: 'FR', sort: 'date-asc' }),
      headers: bearer(token),
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toContain('filename="transactions-FR-2023-03.csv"');
    const { header, rows } = parseCsv(response.body);
    expect(header).toBe(TRANSACTION_EXPORT_COLUMNS.join(','));
    const listed = await readAll({ month: '2023-03', jurisdiction: 'FR', sort: 'date-asc' });
    expect(rows.map((row) => row.split(',')[0])).toEqual(listed.map((item) => item.id));
    const jurisdictionColumn = TRANSACTION_EXPORT_COLUMNS.indexOf('taxable_jurisdiction');
    expect(rows.every((row) => row.split(',')[jurisdictionColumn] === 'FR')).toBe(true);

    const all = parseCsv(
      (await app.inject({ method: 'GET', url: apiPaths.transactionsExportCsv(companyId), headers: bearer(token) }))
        .body,
    );
    expect(all.rows).toHaveLength(30);
    const text = all.rows.join('\n');
    expect(text).toContain(`"'=HYPERLINK(""http://evil.test"")"`);
    expect(text).not.toMatch(/(^|,)=HYPERLINK/m);
    // No personal data: whether the buyer is a business, never the number.
    expect(text).not.toContain('FR40303265045');
    expect(
      all.rows.filter((row) => row.split(',')[TRANSACTION_EXPORT_COLUMNS.indexOf('buyer_is_business')] === 'true'),
    ).toHaveLength(1);
  });

  it('filters by source, the channel a row was read from, in the list, its count and its export', async () => {
    const ebay = await readAll({ source: 'ebay-orders' });
    expect(ebay.map((item) => item.eventId).sort()).toEqual([
      '302-0002',
      '302-0007',
      '302-0012',
      '302-0017',
      '302-0022',
      '302-0027',
    ]);
    expect(ebay.every((item) => item.source === 'ebay-orders')).toBe(true);
    const amazon = await readAll({ source: 'amazon-vtr' });
    expect(amazon).toHaveLength(24);
    expect(amazon.every((item) => item.source === 'amazon-vtr')).toBe(true);
    expect(await readAll({ source: 'etsy-orders' })).toEqual([]);
    // It combines with the other filters.
    const ebayInMarch = await readAll({ source: 'ebay-orders', month: '2023-03' });
    expect(ebayInMarch.map((item) => item.id).sort()).toEqual(
      ebay
        .filter((item) => item.taxPointDate.startsWith('2023-03'))
        .map((item) => item.id)
        .sort(),
    );
    expect(ebayInMarch.length).toBeGreaterThan(0);
    expect(await count({ source: 'ebay-orders' })).toEqual({ count: 6, isExact: true });

    const exported = await app.inject({
      method: 'GET',
      url: apiPaths.transactionsExportCsv(companyId, { source: 'ebay-orders', sort: 'date-asc' }),
      headers: bearer(token),
    });
    expect(exported.headers['content-disposition']).toContain('filename="transactions-ebay-orders.csv"');
    const sourceColumn = TRANSACTION_EXPORT_COLUMNS.indexOf('source');
    const rows = parseCsv(exported.body).rows;
    expect(rows).toHaveLength(6);
    expect(rows.every((row) => row.split(',')[sourceColumn] === 'ebay-orders')).toBe(true);

    const unknown = await app.inject({
      method: 'GET',
      url: apiPaths.transactions(companyId, { source: 'amazon' }),
      headers: bearer(token),
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().details).toEqual([expect.objectContaining({ field: 'source' })]);
  });

  it('reads the export in keyset batches that cover every row exactly once', async () => {
    let body = '';
    let chunks = 0;
    for await (const chunk of await exportTransactionsCsv(context.database.db, companyId, { sort: 'date-desc' }, 7)) {
      body += chunk;
      chunks += 1;
    }
    // The header, then ceil(30 / 7) = 5 batches.
    expect(chunks).toBe(6);
    const ids = parseCsv(body).rows.map((row) => row.split(',')[0]);
    expect(ids).toHaveLength(30);
    expect(new Set(ids)).toEqual(new Set(visibleIds));
  });

  it('walks the identity key in page order, a period as a range of its ids, the jurisdiction checked on its entries', async () => {
    // A company of its own with enough rows that the planner weighs its indexes by their statistics: 2,400 rows over
    // 2023, a sixth of them without a jurisdiction (stock movements).
    const db = context.database.db;
    const planned = await createCompany(db, { tenantId, name: 'Planned GmbH' });
    const jurisdictions = ['DE', 'FR', 'IT', 'PL', 'ES', null] as const;
    await insertTransactions(db, {
      companyId: planned,
      uploadId: await insertUpload(db, planned),
      profile: PROFILE,
      rows: Array.from({ length: 2400 }, (_, index) =>
        transactionFixture({
          taxPointDate: `2023-${String(1 + (index % 12)).padStart(2, '0')}-${String(1 + (index % 28)).padStart(2, '0')}`,
          taxableJurisdiction: jurisdictions[index % jurisdictions.length] ?? null,
        }),
      ),
    });
    await db.execute(sql`analyze transactions`);
    /** The whole plan, and its scan of `transactions` with that scan's index condition. */
    const planOf = async (filter: Omit<TransactionFilter, 'companyId' | 'limit'>) => {
      const query = listTransactionPage(db, { companyId: planned, limit: 50, ...filter });
      const plan = (await db.execute(sql`explain ${query}`)) as unknown as { rows: Record<string, unknown>[] };
      const lines = plan.rows.map((row) => String(Object.values(row)[0]).trim());
      const scanAt = lines.findIndex((line) => line.includes(' on transactions '));
      // The scan's own lines, up to the next node (the visible uploads' lookup has conditions of its own).
      const nextNodeAt = lines.findIndex((line, index) => index > scanAt && line.startsWith('->'));
      const own = lines.slice(scanAt + 1, nextNodeAt === -1 ? undefined : nextNodeAt);
      return {
        text: lines.join('\n'),
        scan: lines[scanAt] ?? '',
        indexCondition: own.find((line) => line.startsWith('Index Cond:')) ?? '',
      };
    };
    // Ids begin with their row's date (decision 057): the page's order is the identity key's, and a month its ids'.
    // A page of a month is read through the key's range of that month (an index scan in page order, or for
    // the few rows the planner expects of a month and a jurisdiction, a bitmap of them to sort), never row by row.
    const june = { start: '2023-06-01', end: '2023-06-30' };
    const juneIds = transactionIdRange('2023-06-01', '2023-06-30');
    const deeper = { taxPointDate: '2023-06-15', id: transactionIdRange('2023-06-15', '2023-06-15').first };
    // A jurisdiction with no rows: read row by row, the filter would fetch all 2,400 rows to find none (decision 032).
    // The key's entries are walked in page order, or, for the row or so the planner may expect, collected into a
    // bitmap to sort: either way the jurisdiction is an index condition, never a filter on the rows.
    const byIdentityKey = /(Index Scan( Backward)? using|Bitmap Index Scan on) transactions_identity_key/;
    for (const plan of [
      await planOf({ jurisdiction: 'MT', sort: 'date-asc' }),
      await planOf({ jurisdiction: 'MT', sort: 'date-desc', after: deeper }),
    ]) {
      expect(plan.text).toMatch(byIdentityKey);
      expect(plan.text).toMatch(/Index Cond: .*company_id = .*taxable_jurisdiction = 'MT'/);
      expect(plan.text).not.toMatch(/Filter: .*taxable_jurisdiction/);
    }
    for (const plan of [
      await planOf({ jurisdiction: 'FR', period: june, sort: 'date-asc' }),
      await planOf({ jurisdiction: 'FR', period: june, sort: 'date-desc', after: deeper }),
    ]) {
      expect(plan.text).toMatch(byIdentityKey);
      expect(plan.text).toContain(`id >= '${juneIds.first}'`);
      expect(plan.text).toContain(`id <= '${juneIds.last}'`);
      expect(plan.text).toMatch(/Cond: .*taxable_jurisdiction = 'FR'/);
      expect(plan.text).not.toMatch(/Seq Scan on transactions/);
    }
    const afterDeeper = await planOf({ sort: 'date-desc', after: deeper });
    expect(afterDeeper.scan).toMatch(/Index Scan Backward using transactions_identity_key on transactions/);
    expect(afterDeeper.indexCondition).toContain(`id < '${deeper.id}'`);
    // A filter no stored day matches (`NO_DAYS`, from the day sums) reads no row at all.
    const none = await planOf({ jurisdiction: 'MT', period: NO_DAYS, sort: 'date-asc' });
    expect(none.scan).toBe('');
    const page = await listTransactionPage(db, { companyId: planned, period: NO_DAYS, sort: 'date-asc', limit: 50 });
    expect(page).toEqual([]);
  });

  it("finds a country's liability by taxedIn across the €10,000 threshold, line by line as the tax engine stored it", async () => {
    const db = context.database.db;
    // After the plan test above: a company more in `transactions` tips that test's first page, which walks all of its
    // 2,400 entries, to a scan of the table's rows at this size.
    // A German seller without OSS: its sales to France are German until the year's distance sales cross €10,000.
    const sellerId = await createCompany(db, { tenantId, name: 'Threshold GmbH' });
    await setUpTaxProfile(db, sellerId, { establishmentCountry: 'DE' });
    const distanceSale = (eventId: string, taxPointDate: string, arrivalCountry: string, net: string) =>
      transactionFixture({
        eventId,
        taxPointDate,
        completeDate: taxPointDate,
        arrivalCountry,
        taxableJurisdiction: null,
        netAmount: net,
        vatAmount: '0.00',
        grossAmount: net,
        vatRate: '0',
      });
    const rows = [
      distanceSale('before-crossing', '2023-03-01', 'FR', '6000.00'),
      distanceSale('crossing', '2023-03-10', 'FR', '6000.00'),
      distanceSale('after-crossing', '2023-03-20', 'FR', '100.00'),
      // A shop's order to Italy after the crossing: no jurisdiction in the file, taxed in Italy all the same.
      distanceSale('to-italy', '2023-03-25', 'IT', '50.00'),
      transactionFixture({ eventId: 'domestic', taxPointDate: '2023-03-05', completeDate: '2023-03-05' }),
      transactionFixture({
        eventId: 'transfer',
        type: 'FC_TRANSFER',
        taxPointDate: '2023-03-15',
        completeDate: '2023-03-15',
        arrivalCountry: 'PL',
        taxableJurisdiction: null,
        vatAmount: '0.00',
        grossAmount: '100.00',
        vatRate: null,
      }),
    ];
    await insertTransactions(db, {
      companyId: sellerId,
      uploadId: await insertUpload(db, sellerId),
      profile: PROFILE,
      rows,
    });
    await recomputeTaxPosition(db, sellerId);

    const taxedIn = async (country: string) => {
      const filter = await resolveFilter(db, sellerId, { taxedIn: country, month: '2023-03' });
      const items = await listTransactionPage(db, { ...filter, sort: 'date-asc', limit: 50 });
      return items.map((item) => item.eventId);
    };
    expect(await taxedIn('DE')).toEqual(['before-crossing', 'domestic', 'transfer']);
    expect(await taxedIn('FR')).toEqual(['crossing', 'after-crossing']);
    expect(await taxedIn('PL')).toEqual(['transfer']);
    expect(await taxedIn('IT')).toEqual(['to-italy']);

    // Every stored liability line's count is the count of the rows the filter finds for its country and month.
    const lines = await db.select().from(liabilities).where(eq(liabilities.companyId, sellerId));
    expect(lines.map((line) => line.jurisdiction).sort()).toEqual(['DE', 'FR', 'IT', 'PL']);
    for (const line of lines) {
      const query = { taxedIn: line.jurisdiction, scheme: line.scheme as LiabilityScheme, month: '2023-03' };
      const filter = await resolveFilter(db, sellerId, query);
      expect(await countTransactions(db, filter, 1000), line.jurisdiction).toBe(line.transactionCount);
    }
    // The transfer to Poland is on Germany's EC Sales List, as many rows as the stored list counts.
    const listed = await db.select().from(ecSalesListLines).where(eq(ecSalesListLines.companyId, sellerId));
    expect(listed.map((line) => [line.reportingCountry, line.kind, line.transactionCount])).toEqual([
      ['DE', 'transfer', 1],
    ]);
    const onTheList = await resolveFilter(db, sellerId, { ecSalesList: 'DE', month: '2023-03' });
    expect(
      (await listTransactionPage(db, { ...onTheList, sort: 'date-asc', limit: 50 })).map((row) => row.eventId),
    ).toEqual(['transfer']);
    expect(await countTransactions(db, await resolveFilter(db, sellerId, { ecSalesList: 'FR' }), 1000)).toBe(0);
  });

  it('narrows a filter to the first and the last day its rows can be on, by the day sums, and to none when none can', async () => {
    const db = context.database.db;
    const seller = await createCompany(db, { tenantId, name: 'Narrowed GmbH' });
    await setUpTaxProfile(db, seller, { establishmentCountry: 'DE', oss: { memberState: 'DE', from: '2021-07-01' } });
    const may = (day: number) => `2023-05-${String(day).padStart(2, '0')}`;
    const sale = (eventId: string, day: number, overrides: Partial<NormalizedTransaction> = {}) =>
      transactionFixture({ eventId, taxPointDate: may(day), completeDate: may(day), ...overrides });
    const taxedAt20 = { vatRate: '0.2', vatAmount: '20.00', grossAmount: '120.00' };
    // A domestic sale every day of May 2023 and distance sales to France on the 3rd and the 20th, from Amazon; an eBay
    // order to Italy on the 11th; a sale to Malta on the 15th in an upload that failed, which counts nowhere.
    await insertTransactions(db, {
      companyId: seller,
      uploadId: await insertUpload(db, seller),
      profile: PROFILE,
      rows: [
        // Every third day's sale is of the SKU the search below finds.
        ...Array.from({ length: 31 }, (_, index) =>
          sale(`de-${index + 1}`, index + 1, index % 3 === 0 ? { sku: 'TEA-SET' } : {}),
        ),
        ...[3, 20].map((day) =>
          sale(`fr-${day}`, day, { arrivalCountry: 'FR', taxableJurisdiction: 'FR', ...taxedAt20 }),
        ),
      ],
    });
    await insertTransactions(db, {
      companyId: seller,
      uploadId: await insertUpload(db, seller, 'completed', { sourceFormat: 'ebay-orders' }),
      profile: PROFILE,
      rows: [
        sale('it-11', 11, {
          source: 'ebay-orders',
          arrivalCountry: 'IT',
          taxableJurisdiction: 'IT',
          vatRate: '0.22',
          vatAmount: '22.00',
          grossAmount: '122.00',
        }),
      ],
    });
    await insertTransactions(db, {
      companyId: seller,
      uploadId: await insertUpload(db, seller, 'failed'),
      profile: PROFILE,
      rows: [sale('mt-15', 15, { arrivalCountry: 'MT', taxableJurisdiction: 'MT', ...taxedAt20 })],
    });
    await recomputeTaxPosition(db, seller);

    const periodOf = async (query: TransactionFilterQuery) => (await resolveFilter(db, seller, query)).period;
    const frenchDays = { start: may(3), end: may(20) };
    expect(await periodOf({ month: '2023-05', jurisdiction: 'FR' })).toEqual(frenchDays);
    expect(await periodOf({ month: '2023-05', taxedIn: 'FR' })).toEqual(frenchDays);
    expect(await periodOf({ country: 'FR' })).toEqual(frenchDays);
    expect(await periodOf({ month: '2023-05', treatment: 'intra-eu-distance-sale', source: 'amazon-vtr' })).toEqual(
      frenchDays,
    );
    expect(await periodOf({ source: 'ebay-orders' })).toEqual({ start: may(11), end: may(11) });
    expect(await periodOf({ jurisdiction: 'DE', from: may(12), to: may(14) })).toEqual({
      start: may(12),
      end: may(14),
    });
    // No stored row can match: no row is read to find none.
    for (const query of [
      { jurisdiction: 'MT' },
      { taxedIn: 'MT', month: '2023-05' },
      { country: 'FR', from: may(21) },
      { source: 'shopify-orders' },
      { source: 'ebay-orders', jurisdiction: 'FR' },
      { ecSalesList: 'DE' },
    ] satisfies TransactionFilterQuery[]) {
      expect(await periodOf(query), JSON.stringify(query)).toEqual(NO_DAYS);
    }
    // Nothing a day sum holds: the range as asked.
    expect(await periodOf({ month: '2023-05', type: 'REFUND' })).toEqual({ start: may(1), end: may(31) });
    expect(await periodOf({ search: 'fr-3' })).toBeUndefined();

    // The narrowed filter finds what the filter over the asked range finds, page by page either way, and counts as
    // many.
    const walk = async (filter: TransactionFilterConditions, sort: 'date-asc' | 'date-desc') => {
      const eventIds: string[] = [];
      let after: TransactionKey | undefined;
      for (;;) {
        const rows = await listTransactionPage(db, { ...filter, sort, after, limit: 2 });
        eventIds.push(...rows.map((row) => row.eventId));
        const last = rows.at(-1);
        if (rows.length < 2 || !last) return eventIds;
        after = { taxPointDate: last.taxPointDate, id: last.id };
      }
    };
    const wholeMay = { start: may(1), end: may(31) };
    for (const [query, expected] of [
      [{ month: '2023-05', taxedIn: 'FR' }, ['fr-3', 'fr-20']],
      [{ month: '2023-05', country: 'IT' }, ['it-11']],
      [{ month: '2023-05', source: 'ebay-orders' }, ['it-11']],
      [
        { month: '2023-05', jurisdiction: 'DE', search: 'TEA-SET' },
        Array.from({ length: 11 }, (_, i) => `de-${1 + 3 * i}`),
      ],
      [{ month: '2023-05', search: 'fr-20' }, ['fr-20']],
      [{ month: '2023-05', jurisdiction: 'MT' }, []],
    ] satisfies [TransactionFilterQuery, string[]][]) {
      const narrowed = await resolveFilter(db, seller, query);
      const asked = { ...narrowed, period: wholeMay };
      const label = JSON.stringify(query);
      expect(await walk(narrowed, 'date-asc'), label).toEqual(await walk(asked, 'date-asc'));
      expect(await walk(narrowed, 'date-desc'), label).toEqual(await walk(asked, 'date-desc'));
      expect([...(await walk(narrowed, 'date-asc'))].sort(), label).toEqual([...expected].sort());
      expect(await countTransactions(db, narrowed, 1000), label).toBe(expected.length);
      expect(await countTransactions(db, asked, 1000), label).toBe(expected.length);
      expect(await countTransactionRows(db, asked, 1000), label).toBe(expected.length);
    }

    // A filter of what a day sum checks is counted from the sums, one that also has a type on the rows: sums that said
    // ten times as many rows are counted so.
    await db
      .update(transactionDaySums)
      .set({ transactionCount: sql`${transactionDaySums.transactionCount} * 10` })
      .where(eq(transactionDaySums.companyId, seller));
    const countOf = async (query: TransactionFilterQuery) =>
      countTransactions(db, await resolveFilter(db, seller, query), 1000);
    expect(await countOf({ jurisdiction: 'FR' })).toBe(20);
    expect(await countOf({ jurisdiction: 'FR', type: 'SALE' })).toBe(2);
    expect(await countOf({ month: '2023-05' })).toBe(34);
  });

  it('refuses an export of another company and a data period of another company', async () => {
    const response = await app.inject({
      method: 'GET',
      url: apiPaths.transactionsExportCsv(companyId, { dataPeriodId: '00000000-0000-4000-8000-000000000000' }),
      headers: bearer(token),
    });
    expect(response.statusCode).toBe(404);
    expect(response.json().code).toBe('data_period_not_found');
  });
});
