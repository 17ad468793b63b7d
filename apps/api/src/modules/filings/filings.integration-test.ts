import {
  apiPaths,
  crossCheckPageSchema,
  ecSalesListSchema,
  type Filing,
  filingListSchema,
  filingSchema,
  liabilitySummarySchema,
  ossReturnSchema,
  ossThresholdSchema,
} from '@vatlas/contract';
import { filingStatus, todayIsoDate } from '@vatlas/domain';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client';
import { forEachDatabase, holdInTransaction, releaseOnceWaiting } from '../../test/databases';
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
import { type FilingRecord, listFilingRows } from './repository';
import { refreshFilings } from './service';

const PROFILE = { establishmentCountry: 'DE', ioss: null } as const;

forEachDatabase('filings and liabilities API', (context) => {
  let app: FastifyInstance;
  let token: string;
  let companyId: string;

  beforeAll(async () => {
    const db = context.database.db;
    await ensureExchangeRates(context.database);
    ({ app, companyId, token } = await startAppWithCompanyOwner(context.database, {
      label: 'filings-owner',
      companyName: 'Filings GmbH',
    }));
    await setUpTaxProfile(db, companyId, {
      establishmentCountry: 'DE',
      oss: { memberState: 'DE', from: '2021-07-01' },
      registrations: [{ country: 'DE', frequency: 'monthly' }],
    });
    await insertTransactions(db, {
      companyId,
      uploadId: await insertUpload(db, companyId),
      profile: PROFILE,
      rows: [
        transactionFixture({ taxPointDate: '2023-03-10' }),
        transactionFixture({
          type: 'REFUND',
          taxPointDate: '2023-03-25',
          netAmount: '-20.00',
          vatAmount: '-3.80',
          grossAmount: '-23.80',
        }),
        transactionFixture({
          taxPointDate: '2023-02-15',
          arrivalCountry: 'FR',
          taxableJurisdiction: 'FR',
          netAmount: '50.00',
          vatAmount: '10.00',
          grossAmount: '60.00',
          vatRate: '0.2',
        }),
        transactionFixture({
          taxPointDate: '2023-03-05',
          arrivalCountry: 'FR',
          taxableJurisdiction: 'FR',
          netAmount: '1000.00',
          vatAmount: '0.00',
          grossAmount: '1000.00',
          vatRate: '0',
          buyerVatNumber: 'FR12345678901',
        }),
        // Cross-check cases: VAT of 18.00 where 100.00 × 19 % is 19.00; a 16 % German rate in 2023 (valid only in
        // the second half of 2020).
        transactionFixture({
          eventId: '302-wrong-vat',
          taxPointDate: '2023-03-11',
          vatAmount: '18.00',
          grossAmount: '118.00',
        }),
        transactionFixture({
          eventId: '302-wrong-rate',
          taxPointDate: '2023-03-12',
          vatAmount: '16.00',
          grossAmount: '116.00',
          vatRate: '0.16',
        }),
      ],
    });
    await recomputeTaxPosition(db, companyId);
  });
  afterAll(async () => {
    await app?.close();
  });

  const get = async (url: string) => {
    const response = await app.inject({ method: 'GET', url, headers: bearer(token) });
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };
  const listFilings = async (query: Record<string, string | undefined> = {}) =>
    filingListSchema.parse(await get(apiPaths.filings(companyId, query)));
  /** One more domestic sale on `taxPointDate`, in an upload of its own, and the tax position recomputed. */
  const addSale = async (taxPointDate: string) => {
    const db = context.database.db;
    await insertTransactions(db, {
      companyId,
      uploadId: await insertUpload(db, companyId),
      profile: PROFILE,
      rows: [transactionFixture({ taxPointDate })],
    });
    await recomputeTaxPosition(db, companyId);
  };
  const find = (items: Filing[], filingType: string, periodStart: string) =>
    items.find((item) => item.filingType === filingType && item.periodStart === periodStart);

  describe('the filing calendar', () => {
    it('plans returns and lists from the first month with data, with due dates and amounts', async () => {
      const { today, items } = await listFilings();
      expect(today).toBe(todayIsoDate());
      // February's VAT return: 10 March 2023, a Friday. March's: 10 April 2023 is Easter Monday, so 11 April.
      expect(find(items, 'vat-return', '2023-02-01')).toMatchObject({ dueDate: '2023-03-10', amountEur: '0.00' });
      // 100.00 × 19 % + 18.00 + 16.00 − 3.80 (refund) = 49.20 of VAT charged in March.
      expect(find(items, 'vat-return', '2023-03-01')).toMatchObject({
        jurisdiction: 'DE',
        frequency: 'monthly',
        periodEnd: '2023-03-31',
        dueDate: '2023-04-11',
        currency: 'EUR',
        amountEur: '49.20',
        amountLocal: '49.20',
        status: 'overdue',
        filedOn: null,
      });
      // Each open filing names the rule of its due date, with its sources and whether the research verified it.
      expect(find(items, 'vat-return', '2023-03-01')?.deadlineRule).toEqual({
        dueDate: { kind: 'day-of-month', monthsAfter: 1, day: 10 },
        shift: 'next-working-day',
        sources: ['MAR-DE', 'MAR-DE-ESL', 'AV-DE', 'DATEV'],
        isVerified: true,
      });
      // The OSS return of Q1 2023 in Germany: 30 April, not moved for the Sunday; French VAT 10.00.
      expect(find(items, 'oss-return', '2023-01-01')).toMatchObject({
        jurisdiction: 'DE',
        periodEnd: '2023-03-31',
        dueDate: '2023-04-30',
        amountEur: '10.00',
        deadlineRule: { dueDate: { kind: 'last-day-of-month', monthsAfter: 1 }, shift: 'none', isVerified: false },
      });
      // The German EC Sales List lists the B2B supply of 1,000.00; due the 25th after the period.
      const esl = items.find((item) => item.filingType === 'ec-sales-list' && item.periodEnd === '2023-03-31');
      expect(esl).toMatchObject({ jurisdiction: 'DE', dueDate: '2023-04-25', amountEur: '1000.00' });
      // The calendar runs to the period of today; each status follows from the due date.
      expect(items.some((item) => item.periodStart <= today && item.periodEnd >= today)).toBe(true);
      for (const item of items) {
        expect(item.status).toBe(filingStatus({ dueDate: item.dueDate, filedOn: null, today }));
      }
    });

    it('filters by status, jurisdiction and due dates', async () => {
      const overdue = await listFilings({ status: 'overdue' });
      expect(overdue.items.length).toBeGreaterThan(0);
      expect(overdue.items.every((item) => item.status === 'overdue')).toBe(true);
      const april = await listFilings({ from: '2023-04-01', to: '2023-04-30', jurisdiction: 'DE' });
      expect(april.items.map((item) => `${item.filingType} ${item.dueDate}`)).toEqual([
        'vat-return 2023-04-11',
        'ec-sales-list 2023-04-25',
        'oss-return 2023-04-30',
      ]);
      expect((await listFilings({ jurisdiction: 'FR' })).items).toEqual([]);
    });

    it('marks a filing filed, freezes its amount, refuses a second mark, and reopens it', async () => {
      const march = find((await listFilings()).items, 'vat-return', '2023-03-01') as Filing;
      const mark = (payload: Record<string, string>) =>
        app.inject({
          method: 'POST',
          url: apiPaths.markFilingFiled(companyId, march.id),
          headers: bearer(token),
          payload,
        });

      const future = await mark({ filedOn: '2999-01-01', reference: 'ELSTER-1' });
      expect(future.statusCode).toBe(400);
      expect(future.json().details).toEqual([expect.objectContaining({ field: 'filedOn' })]);
      const noReference = await mark({ filedOn: '2023-04-05', reference: '  ' });
      expect(noReference.statusCode).toBe(400);
      expect(noReference.json().details).toEqual([expect.objectContaining({ field: 'reference' })]);

      const filed = await mark({ filedOn: '2023-04-05', reference: 'ELSTER-4711' });
      expect(filed.statusCode, filed.body).toBe(200);
      expect(filingSchema.parse(filed.json())).toMatchObject({
        status: 'filed',
        filedOn: '2023-04-05',
        filingReference: 'ELSTER-4711',
        deadlineRule: null,
      });
      expect((await mark({ filedOn: '2023-04-06', reference: 'again' })).statusCode).toBe(409);
      // Audited once: the refused second mark left no event.
      const audited = await listAuditEvents(context.database.db, {
        limit: 10,
        action: 'filing_marked_filed',
        companyId,
      });
      expect(audited.map((event) => [event.targetId, event.details])).toEqual([
        [
          march.id,
          {
            jurisdiction: 'DE',
            filingType: 'vat-return',
            periodStart: '2023-03-01',
            filedOn: '2023-04-05',
            filingReference: 'ELSTER-4711',
          },
        ],
      ]);

      // More March data arrives: the filed return keeps what was filed.
      await addSale('2023-03-28');
      expect(find((await listFilings()).items, 'vat-return', '2023-03-01')).toMatchObject({
        status: 'filed',
        amountEur: '49.20',
      });

      const reopened = await app.inject({
        method: 'POST',
        url: apiPaths.reopenFiling(companyId, march.id),
        headers: bearer(token),
      });
      expect(reopened.statusCode, reopened.body).toBe(200);
      expect(reopened.json()).toMatchObject({ filedOn: null, filingReference: null });
      // The log keeps the mark the reopen erased from the filing.
      const reopenings = await listAuditEvents(context.database.db, {
        limit: 10,
        action: 'filing_reopened',
        companyId,
      });
      expect(reopenings.map((event) => [event.targetId, event.actorUserId, event.details])).toEqual([
        [
          march.id,
          audited[0]?.actorUserId,
          {
            jurisdiction: 'DE',
            filingType: 'vat-return',
            periodStart: '2023-03-01',
            filedOn: '2023-04-05',
            filingReference: 'ELSTER-4711',
          },
        ],
      ]);
      expect(find((await listFilings()).items, 'vat-return', '2023-03-01')).toMatchObject({
        status: 'overdue',
        amountEur: '68.20',
      });
      const again = await app.inject({
        method: 'POST',
        url: apiPaths.reopenFiling(companyId, march.id),
        headers: bearer(token),
      });
      expect(again.statusCode).toBe(409);
    });

    it('takes the first of two marks sent at once and refuses the second, as it would one sent after it', async () => {
      const february = find((await listFilings()).items, 'vat-return', '2023-02-01') as Filing;
      /**
       * Sends `request` twice while the test holds the filing's row in a transaction of its own, and lets both go once
       * both wait: each has then read the filing, or waits to, before either has written.
       */
      const twiceAtOnce = async <T>(request: () => Promise<T>): Promise<T[]> => {
        const holder = await holdInTransaction(context.database.db, (txDb) =>
          txDb.execute(sql`select id from filings where id = ${february.id} for update`),
        );
        const responses = Promise.all([request(), request()]);
        await releaseOnceWaiting(context, holder, 2);
        return responses;
      };

      let attempt = 0;
      const marks = await twiceAtOnce(() => {
        attempt += 1;
        return app.inject({
          method: 'POST',
          url: apiPaths.markFilingFiled(companyId, february.id),
          headers: bearer(token),
          payload: { filedOn: '2023-03-09', reference: `ELSTER-${attempt}` },
        });
      });
      expect(marks.map((response) => response.statusCode).sort()).toEqual([200, 409]);
      const taken = marks.find((response) => response.statusCode === 200);
      const refused = marks.find((response) => response.statusCode === 409);
      expect(refused?.json()).toMatchObject({
        code: 'filing_already_filed',
        message: 'This filing was marked filed on 2023-03-09; reopen it first.',
      });
      // The filing keeps the reference of the mark that was taken, and the log one event.
      const stored = find((await listFilings()).items, 'vat-return', '2023-02-01');
      expect(stored?.filingReference).toBe(taken?.json().filingReference);
      const audited = await listAuditEvents(context.database.db, {
        limit: 10,
        action: 'filing_marked_filed',
        companyId,
      });
      expect(audited.filter((event) => event.targetId === february.id)).toHaveLength(1);

      const reopens = await twiceAtOnce(() =>
        app.inject({ method: 'POST', url: apiPaths.reopenFiling(companyId, february.id), headers: bearer(token) }),
      );
      expect(reopens.map((response) => response.statusCode).sort()).toEqual([200, 409]);
      expect(reopens.find((response) => response.statusCode === 409)?.json().code).toBe('filing_not_filed');
      const reopenings = await listAuditEvents(context.database.db, {
        limit: 10,
        action: 'filing_reopened',
        companyId,
      });
      expect(reopenings.filter((event) => event.targetId === february.id)).toHaveLength(1);
      expect(find((await listFilings()).items, 'vat-return', '2023-02-01')).toMatchObject({
        filedOn: null,
        filingReference: null,
      });
    });

    it('answers 404 for a filing of another company', async () => {
      const response = await app.inject({
        method: 'POST',
        url: apiPaths.markFilingFiled(companyId, '00000000-0000-4000-8000-000000000000'),
        headers: bearer(token),
        payload: { filedOn: '2023-04-05', reference: 'x' },
      });
      expect(response.statusCode).toBe(404);
    });
  });

  describe('liabilities', () => {
    it('summarises the year per jurisdiction and scheme', async () => {
      const summary = liabilitySummarySchema.parse(await get(apiPaths.liabilitySummary(companyId, 2023)));
      expect(summary.jurisdictions.map((line) => [line.jurisdiction, line.scheme, line.totals.vatEur])).toEqual([
        ['DE', 'local', '68.20'],
        ['FR', 'oss', '10.00'],
      ]);
      const germany = summary.jurisdictions[0];
      expect(germany?.months.map((month) => [month.periodStart, month.vatEur, month.zeroRatedNetEur])).toEqual([
        ['2023-03-01', '68.20', '1000.00'],
      ]);
      expect(summary.totals.vatEur).toBe('78.20');
      expect(summary.threshold).toMatchObject({
        year: 2023,
        limitEur: '10000.00',
        distanceSalesEur: '50.00',
        crossedOn: null,
      });
      expect(summary.problems).toEqual([]);
      expect(liabilitySummarySchema.parse(await get(apiPaths.liabilitySummary(companyId, 2022))).jurisdictions).toEqual(
        [],
      );
    });

    it('shows the OSS return of a quarter, the EC Sales List of a month and the threshold of a year', async () => {
      const oss = ossReturnSchema.parse(await get(apiPaths.ossLines(companyId, '2023-Q1')));
      expect(oss).toMatchObject({ periodStart: '2023-01-01', periodEnd: '2023-03-31', totals: { vatEur: '10.00' } });
      expect(oss.lines).toEqual([
        expect.objectContaining({
          memberStateOfConsumption: 'FR',
          memberStateOfDispatch: 'DE',
          vatRate: '0.2',
          netEur: '50.00',
        }),
      ]);
      const esl = ecSalesListSchema.parse(await get(apiPaths.ecSalesList(companyId, '2023-03')));
      expect(esl.lines).toEqual([
        expect.objectContaining({
          reportingCountry: 'DE',
          customerVatNumber: 'FR12345678901',
          kind: 'goods',
          netEur: '1000.00',
        }),
      ]);
      expect(ossThresholdSchema.parse(await get(apiPaths.ossThreshold(companyId, 2024)))).toMatchObject({
        distanceSalesEur: '0.00',
        crossedOn: null,
      });
    });

    it('lists every row whose VAT or rate is off, a page at a time', async () => {
      const first = crossCheckPageSchema.parse(await get(apiPaths.crossCheck(companyId, { limit: 1 })));
      expect(first.nextCursor).not.toBeNull();
      const second = crossCheckPageSchema.parse(
        await get(apiPaths.crossCheck(companyId, { limit: 1, cursor: first.nextCursor ?? '' })),
      );
      expect(second.nextCursor).toBeNull();
      expect([...first.items, ...second.items].map((row) => [row.eventId, row.differences])).toEqual([
        ['302-wrong-vat', ['vat-amount']],
        ['302-wrong-rate', ['rate-not-valid']],
      ]);
      expect(second.items[0]?.validRates).toEqual(expect.arrayContaining(['19', '7']));
    });

    it('writes nothing when a read finds the calendar as stored, and only the filing whose amount changed', async () => {
      const db = context.database.db;
      // xmin is the transaction that last wrote the row: unchanged, nothing rewrote it.
      const writers = async () => {
        const result = (await db.execute(
          sql`select id, xmin::text as "writer" from filings where company_id = ${companyId}`,
        )) as unknown as { rows: { id: string; writer: string }[] };
        return new Map(result.rows.map((row) => [row.id, row.writer]));
      };
      const { items } = await listFilings();
      const before = await writers();
      expect(before.size).toBe(items.length);
      await listFilings();
      expect(await writers()).toEqual(before);

      // A domestic sale in October 2023 changes October's VAT return and nothing else.
      await addSale('2023-10-16');
      const after = await listFilings();
      const october = find(after.items, 'vat-return', '2023-10-01') as Filing;
      expect(october.amountEur).toBe('19.00');
      const rewritten = [...(await writers())].filter(([id, writer]) => before.get(id) !== writer).map(([id]) => id);
      expect(rewritten).toEqual([october.id]);
    });

    it('answers the filings it read when a refresh changes none, which the calendar then shows as they are', async () => {
      const db = context.database.db;
      const refresh = () => db.transaction((tx) => refreshFilings(tx as unknown as Db, companyId));
      const stored = await listFilingRows(db, companyId);
      expect(await refresh()).toEqual(stored);

      // An open filing whose stored amount is off: the refresh puts it right, and answers nothing.
      const open = stored.find((row) => row.filedOn === null) as FilingRecord;
      await db.execute(sql`update filings set amount_eur = '0.01' where id = ${open.id}`);
      expect(await refresh()).toBeUndefined();
      const mended = await listFilingRows(db, companyId);
      expect(mended.find((row) => row.id === open.id)?.amountEur).toBe(open.amountEur);
      expect(await refresh()).toEqual(mended);
      expect((await listFilings()).items.map((filing) => filing.id)).toEqual(mended.map((row) => row.id));
    });
  });

  // Decision 045. By now March (68.20) and October (19.00) hold the German VAT of 2023, both open.
  describe('the annual return', () => {
    const post = async (url: string, payload?: Record<string, string>) => {
      const response = await app.inject({ method: 'POST', url, headers: bearer(token), payload });
      expect(response.statusCode, response.body).toBe(200);
      return filingSchema.parse(response.json());
    };
    const annual2023 = async () => find((await listFilings()).items, 'annual-return', '2023-01-01') as Filing;

    it("pays the year's VAT less what the periodic returns declared: nothing while they follow the data", async () => {
      const { items } = await listFilings();
      // 31 July after the year (a Wednesday in 2024); 2022's, due in the calendar's window, is planned too.
      expect(find(items, 'annual-return', '2023-01-01')).toMatchObject({
        jurisdiction: 'DE',
        frequency: 'annual',
        periodEnd: '2023-12-31',
        dueDate: '2024-07-31',
        currency: 'EUR',
        amountEur: '0.00',
        amountLocal: '0.00',
        deadlineExtension: null,
        // The research gives no date for Germany's annual return: 31 July is marked unverified.
        deadlineRule: { dueDate: { kind: 'last-day-of-month', monthsAfter: 7 }, isVerified: false },
        annualSettlement: {
          vatForYearEur: '87.20',
          vatForYearLocal: '87.20',
          declaredEur: '87.20',
          declaredLocal: '87.20',
        },
      });
      expect(find(items, 'annual-return', '2022-01-01')).toMatchObject({ dueDate: '2023-07-31', amountEur: '0.00' });
      // The periodic returns' amounts are unchanged by it: the year is declared once.
      expect(find(items, 'vat-return', '2023-03-01')?.amountEur).toBe('68.20');
    });

    it('shows data that came after a return was filed as its balance, frozen once filed, re-totalled when reopened', async () => {
      const march = find((await listFilings()).items, 'vat-return', '2023-03-01') as Filing;
      await post(apiPaths.markFilingFiled(companyId, march.id), { filedOn: '2023-04-05', reference: 'ELSTER-03' });
      // A sale of 19.00 VAT in March, after its return was filed as 68.20.
      await addSale('2023-03-29');
      expect(await annual2023()).toMatchObject({
        amountEur: '19.00',
        annualSettlement: { vatForYearEur: '106.20', declaredEur: '87.20' },
      });

      const annual = await annual2023();
      const filed = await post(apiPaths.markFilingFiled(companyId, annual.id), {
        filedOn: '2024-07-01',
        reference: 'ELSTER-2023',
      });
      expect(filed).toMatchObject({ status: 'filed', amountEur: '19.00', annualSettlement: null });
      await addSale('2023-03-30');
      expect(await annual2023()).toMatchObject({ status: 'filed', amountEur: '19.00', annualSettlement: null });

      // Reopened, it is re-totalled at once: the second late sale joins the balance.
      expect(await post(apiPaths.reopenFiling(companyId, annual.id))).toMatchObject({
        filedOn: null,
        amountEur: '38.00',
        annualSettlement: { vatForYearEur: '125.20', declaredEur: '87.20' },
      });
      await post(apiPaths.reopenFiling(companyId, march.id));
      expect(await annual2023()).toMatchObject({ amountEur: '0.00', annualSettlement: { declaredEur: '125.20' } });
    });
  });
});
