import { asc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client';
import { ecSalesListLines, liabilities, ossReturnLines, ossThresholdYears, taxPositionProblems } from '../../db/schema';
import { forEachDatabase } from '../../test/databases';
import { ensureExchangeRates } from '../exchange-rates/service';
import { createCompany, createHomeTenant } from '../user/account-test-kit';
import {
  forEachEcSalesListMonth,
  forEachReturnsDaySums,
  insertEcSalesListLines,
  selectDistanceSaleDaySums,
  selectTaxPointSpan,
} from './repository';
import { recomputeTaxPosition } from './service';
import { insertTransactions, insertUpload, setUpTaxProfile, transactionFixture } from './tax-position-test-kit';

const PROFILE = { establishmentCountry: 'DE', ioss: null } as const;

async function readPosition(db: Db, companyId: string) {
  return {
    liabilities: await db
      .select({
        jurisdiction: liabilities.jurisdiction,
        scheme: liabilities.scheme,
        periodStart: liabilities.periodStart,
        currency: liabilities.currency,
        netEur: liabilities.netEur,
        vatEur: liabilities.vatEur,
        netLocal: liabilities.netLocal,
        vatLocal: liabilities.vatLocal,
        zeroRatedNetEur: liabilities.zeroRatedNetEur,
        transactionCount: liabilities.transactionCount,
      })
      .from(liabilities)
      .where(eq(liabilities.companyId, companyId))
      .orderBy(asc(liabilities.jurisdiction), asc(liabilities.scheme)),
    ossLines: await db
      .select({
        periodStart: ossReturnLines.periodStart,
        consumption: ossReturnLines.consumptionCountry,
        dispatch: ossReturnLines.dispatchCountry,
        vatRate: ossReturnLines.vatRate,
        netEur: ossReturnLines.netEur,
        vatEur: ossReturnLines.vatEur,
      })
      .from(ossReturnLines)
      .where(eq(ossReturnLines.companyId, companyId))
      .orderBy(asc(ossReturnLines.consumptionCountry)),
    eslLines: await db
      .select({
        reportingCountry: ecSalesListLines.reportingCountry,
        periodStart: ecSalesListLines.periodStart,
        customerVatNumber: ecSalesListLines.customerVatNumber,
        kind: ecSalesListLines.kind,
        netEur: ecSalesListLines.netEur,
      })
      .from(ecSalesListLines)
      .where(eq(ecSalesListLines.companyId, companyId)),
    thresholds: await db
      .select({
        year: ossThresholdYears.year,
        totalEur: ossThresholdYears.totalEur,
        crossedOn: ossThresholdYears.crossedOn,
      })
      .from(ossThresholdYears)
      .where(eq(ossThresholdYears.companyId, companyId)),
    problems: await db.select().from(taxPositionProblems).where(eq(taxPositionProblems.companyId, companyId)),
  };
}

forEachDatabase('tax position recompute', (context) => {
  let companyId: string;

  beforeAll(async () => {
    const db = context.database.db;
    await ensureExchangeRates(context.database);
    companyId = await createCompany(db, { tenantId: await createHomeTenant(db), name: 'Recompute GmbH' });
    await setUpTaxProfile(db, companyId, {
      establishmentCountry: 'DE',
      oss: { memberState: 'DE', from: '2021-07-01' },
      registrations: [{ country: 'DE', frequency: 'monthly' }],
    });
    const completed = await insertUpload(db, companyId, 'completed');
    await insertTransactions(db, {
      companyId,
      uploadId: completed,
      profile: PROFILE,
      rows: [
        // Domestic DE sale, and a partial refund of it.
        transactionFixture({ taxPointDate: '2023-03-10' }),
        transactionFixture({
          type: 'REFUND',
          taxPointDate: '2023-03-25',
          netAmount: '-20.00',
          vatAmount: '-3.80',
          grossAmount: '-23.80',
        }),
        // Distance sale DE → FR under OSS, French VAT 20 %.
        transactionFixture({
          taxPointDate: '2023-03-15',
          arrivalCountry: 'FR',
          taxableJurisdiction: 'FR',
          netAmount: '50.00',
          vatAmount: '10.00',
          grossAmount: '60.00',
          vatRate: '0.2',
        }),
        // Distance sale DE → PL in złoty, Polish VAT 23 %.
        transactionFixture({
          taxPointDate: '2023-03-20',
          arrivalCountry: 'PL',
          taxableJurisdiction: 'PL',
          currency: 'PLN',
          netAmount: '430.00',
          vatAmount: '98.90',
          grossAmount: '528.90',
          vatRate: '0.23',
        }),
        // Intra-EU B2B supply DE → FR: zero-rated in Germany, listed on the German EC Sales List.
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
        // Amazon collected the VAT as deemed supplier: nothing for the seller to declare.
        transactionFixture({
          taxPointDate: '2023-03-12',
          arrivalCountry: 'FR',
          taxableJurisdiction: 'FR',
          netAmount: '30.00',
          vatAmount: '6.00',
          grossAmount: '36.00',
          vatRate: '0.2',
          taxCollectionResponsibility: 'MARKETPLACE',
        }),
      ],
    });
    // Rows of an upload that is still importing do not count.
    const importing = await insertUpload(db, companyId, 'processing');
    await insertTransactions(db, {
      companyId,
      uploadId: importing,
      profile: PROFILE,
      rows: [transactionFixture({ taxPointDate: '2023-03-11', netAmount: '999.00', vatAmount: '189.81' })],
    });
  });

  describe('a German seller with OSS in March 2023', () => {
    it('stores the hand-computed liabilities, OSS lines, EC Sales List line and threshold', async () => {
      const db = context.database.db;
      await recomputeTaxPosition(db, companyId);
      const position = await readPosition(db, companyId);

      expect(position.liabilities).toEqual([
        // DE local: 100.00 − 20.00 + 1,000.00 (zero-rated B2B) = 1,080.00 net; 19.00 − 3.80 = 15.20 VAT.
        {
          jurisdiction: 'DE',
          scheme: 'local',
          periodStart: '2023-03-01',
          currency: 'EUR',
          netEur: '1080.00',
          vatEur: '15.20',
          netLocal: '1080.00',
          vatLocal: '15.20',
          zeroRatedNetEur: '1000.00',
          transactionCount: 3,
        },
        {
          jurisdiction: 'FR',
          scheme: 'oss',
          periodStart: '2023-03-01',
          currency: 'EUR',
          netEur: '50.00',
          vatEur: '10.00',
          netLocal: '50.00',
          vatLocal: '10.00',
          zeroRatedNetEur: '0.00',
          transactionCount: 1,
        },
        // PLN at the ECB rate of the quarter's last day, Fri 31 Mar 2023: 4.67 PLN per EUR.
        // 430.00 / 4.67 = 92.0770… → 92.08; 98.90 / 4.67 = 21.1777… → 21.18.
        {
          jurisdiction: 'PL',
          scheme: 'oss',
          periodStart: '2023-03-01',
          currency: 'EUR',
          netEur: '92.08',
          vatEur: '21.18',
          netLocal: '92.08',
          vatLocal: '21.18',
          zeroRatedNetEur: '0.00',
          transactionCount: 1,
        },
      ]);
      expect(position.ossLines).toEqual([
        {
          periodStart: '2023-01-01',
          consumption: 'FR',
          dispatch: 'DE',
          vatRate: '0.200000',
          netEur: '50.00',
          vatEur: '10.00',
        },
        {
          periodStart: '2023-01-01',
          consumption: 'PL',
          dispatch: 'DE',
          vatRate: '0.230000',
          netEur: '92.08',
          vatEur: '21.18',
        },
      ]);
      expect(position.eslLines).toEqual([
        {
          reportingCountry: 'DE',
          periodStart: '2023-03-01',
          customerVatNumber: 'FR12345678901',
          kind: 'goods',
          netEur: '1000.00',
        },
      ]);
      // The threshold counts the distance sales at the tax-point rate: 50.00 + 430.00 / 4.7045 (20 Mar) = 141.40.
      expect(position.thresholds).toEqual([{ year: 2023, totalEur: '141.40', crossedOn: null }]);
      expect(position.problems).toEqual([]);
    });

    it('is idempotent: a second recompute stores the same position', async () => {
      const db = context.database.db;
      await recomputeTaxPosition(db, companyId);
      const first = await readPosition(db, companyId);
      await recomputeTaxPosition(db, companyId);
      expect(await readPosition(db, companyId)).toEqual(first);
    });

    it('reports a rate the ECB table lacks instead of converting at 1', async () => {
      const db = context.database.db;
      const otherCompany = await createCompany(db, { tenantId: await createHomeTenant(db), name: 'Late Rates GmbH' });
      await setUpTaxProfile(db, otherCompany, {
        establishmentCountry: 'DE',
        oss: { memberState: 'DE', from: '2021-07-01' },
      });
      await insertTransactions(db, {
        companyId: otherCompany,
        uploadId: await insertUpload(db, otherCompany),
        profile: PROFILE,
        // The vendored ECB history ends on 2024-01-19: a sale in March 2024 has no rate yet.
        rows: [
          transactionFixture({
            taxPointDate: '2024-03-20',
            arrivalCountry: 'PL',
            taxableJurisdiction: 'PL',
            currency: 'PLN',
            netAmount: '100.00',
            vatAmount: '23.00',
            grossAmount: '123.00',
            vatRate: '0.23',
          }),
        ],
      });
      await recomputeTaxPosition(db, otherCompany);
      const position = await readPosition(db, otherCompany);
      expect(position.problems.map((row) => row.problem)).toContainEqual(
        expect.objectContaining({ kind: 'missing-rate', currency: 'PLN', reason: 'outside-table' }),
      );
    });
  });

  it('stores EC sales list lines as they are, whatever a file put in a VAT number', async () => {
    const db = context.database.db;
    const otherCompany = await createCompany(db, { tenantId: await createHomeTenant(db), name: 'Odd Numbers GmbH' });
    // Text that a text format (COPY's, an array literal's) would give a meaning: quotes, backslashes, commas, braces,
    // NULL; and characters of two and four bytes in UTF-8, which the binary COPY's room for a line must hold.
    const vatNumbers = ['FR"1', 'FR\\2', 'FR,3', '{FR4}', 'NULL', ' FR 6 ', 'ΕΛ 7 😀', null];
    await insertEcSalesListLines(
      db,
      otherCompany,
      vatNumbers.map((customerVatNumber, index) => ({
        reportingCountry: 'DE',
        periodStart: '2023-03-01',
        periodEnd: '2023-03-31',
        customerVatNumber,
        kind: 'goods',
        currency: 'EUR',
        netEur: `${index}.50`,
        netLocal: `-${index}.25`,
        transactionCount: index + 1,
        incomplete: index % 2 === 0,
      })),
    );
    const stored = await db
      .select()
      .from(ecSalesListLines)
      .where(eq(ecSalesListLines.companyId, otherCompany))
      .orderBy(asc(ecSalesListLines.transactionCount));
    expect(stored.map((line) => line.customerVatNumber)).toEqual(vatNumbers);
    expect(stored[1]).toMatchObject({
      reportingCountry: 'DE',
      periodStart: '2023-03-01',
      periodEnd: '2023-03-31',
      kind: 'goods',
      currency: 'EUR',
      netEur: '1.50',
      netLocal: '-1.25',
      transactionCount: 2,
      isIncomplete: false,
    });
  });

  it('hands the returns their sums a fetch at a time, and the threshold its distance sales per day and currency', async () => {
    const db = context.database.db;
    const otherCompany = await createCompany(db, { tenantId: await createHomeTenant(db), name: 'Cursor Sums GmbH' });
    await setUpTaxProfile(db, otherCompany, { establishmentCountry: 'DE' });
    const distanceSale = (taxPointDate: string, to: string, currency: string, netAmount: string) =>
      transactionFixture({
        taxPointDate,
        arrivalCountry: to,
        taxableJurisdiction: to,
        currency,
        netAmount,
        vatAmount: '0.00',
        grossAmount: netAmount,
        vatRate: '0.2',
      });
    await insertTransactions(db, {
      companyId: otherCompany,
      uploadId: await insertUpload(db, otherCompany, 'failed'),
      profile: PROFILE,
      rows: [distanceSale('2023-05-02', 'FR', 'EUR', '500.00'), transactionFixture({ taxPointDate: '2023-04-01' })],
    });
    await insertTransactions(db, {
      companyId: otherCompany,
      uploadId: await insertUpload(db, otherCompany),
      profile: PROFILE,
      rows: [
        transactionFixture({ taxPointDate: '2023-05-01' }),
        // Neither the arrival country nor the buyer is read for a B2B supply: one sum of the two.
        ...['FR', 'AT'].map((to) =>
          transactionFixture({
            taxPointDate: '2023-05-01',
            arrivalCountry: to,
            taxableJurisdiction: to,
            netAmount: '1.00',
            vatAmount: '0.00',
            grossAmount: '1.00',
            vatRate: '0',
            buyerVatNumber: `${to}0001`,
          }),
        ),
        transactionFixture({ taxPointDate: '2023-05-03' }),
        distanceSale('2023-05-02', 'FR', 'EUR', '10.00'),
        distanceSale('2023-05-02', 'IT', 'EUR', '20.00'),
        distanceSale('2023-05-02', 'PL', 'PLN', '43.00'),
        distanceSale('2023-05-04', 'FR', 'EUR', '30.00'),
        // In no return: the marketplace declares it.
        transactionFixture({ taxPointDate: '2023-06-30', taxCollectionResponsibility: 'MARKETPLACE' }),
      ],
    });
    const fetches: { treatment: string; date: string; to: string | null; currency: string | null; net: string }[][] =
      [];
    await db.transaction(async (tx) => {
      await forEachReturnsDaySums(
        tx as unknown as Db,
        { companyId: otherCompany, years: undefined },
        async (sums) => {
          fetches.push(
            sums.map((sum) => ({
              treatment: sum.treatment,
              date: sum.date,
              to: sum.arrivalCountry,
              currency: sum.currency,
              net: sum.netAmount,
            })),
          );
        },
        2,
      );
    });
    expect(fetches.map((fetch) => fetch.length)).toEqual([2, 2, 2, 1]);
    type Handed = { treatment: string; date: string; to: string | null };
    const byDateAndCountry = (a: Handed, b: Handed) =>
      `${a.date}${a.to}${a.treatment}`.localeCompare(`${b.date}${b.to}${b.treatment}`);
    expect(fetches.flat().sort(byDateAndCountry)).toEqual([
      { treatment: 'domestic-sale', date: '2023-05-01', to: null, currency: 'EUR', net: '100.00' },
      { treatment: 'intra-eu-b2b-supply', date: '2023-05-01', to: null, currency: 'EUR', net: '2.00' },
      { treatment: 'intra-eu-distance-sale', date: '2023-05-02', to: 'FR', currency: 'EUR', net: '10.00' },
      { treatment: 'intra-eu-distance-sale', date: '2023-05-02', to: 'IT', currency: 'EUR', net: '20.00' },
      { treatment: 'intra-eu-distance-sale', date: '2023-05-02', to: 'PL', currency: 'PLN', net: '43.00' },
      { treatment: 'domestic-sale', date: '2023-05-03', to: null, currency: 'EUR', net: '100.00' },
      { treatment: 'intra-eu-distance-sale', date: '2023-05-04', to: 'FR', currency: 'EUR', net: '30.00' },
    ]);
    const distanceSales = await selectDistanceSaleDaySums(db, { companyId: otherCompany, years: undefined });
    expect(
      distanceSales
        .map((sum) => ({ date: sum.date, currency: sum.currency, net: sum.netAmount, count: sum.transactionCount }))
        .sort((a, b) => `${a.date}${a.currency}`.localeCompare(`${b.date}${b.currency}`)),
    ).toEqual([
      { date: '2023-05-02', currency: 'EUR', net: '30.00', count: 2 },
      { date: '2023-05-02', currency: 'PLN', net: '43.00', count: 1 },
      { date: '2023-05-04', currency: 'EUR', net: '30.00', count: 1 },
    ]);
    expect(distanceSales.every((sum) => sum.treatment === 'intra-eu-distance-sale')).toBe(true);
    // The rates window spans the visible uploads' sums, the marketplace's sale of June too, though it is in no return
    // (a few rates more, read from the index); the failed upload's sum of April is not visible.
    const span = { first: '2023-05-01', last: '2023-06-30' };
    expect(await selectTaxPointSpan(db, { companyId: otherCompany, years: undefined })).toEqual(span);
    expect(await selectTaxPointSpan(db, { companyId: otherCompany, years: [2022, 2023] })).toEqual(span);
    expect(await selectTaxPointSpan(db, { companyId: otherCompany, years: [2022, 2024] })).toBeUndefined();
  });

  it('hands the EC sales list its sums a whole month at a time, in order, whatever the cursor fetches', async () => {
    const db = context.database.db;
    const otherCompany = await createCompany(db, { tenantId: await createHomeTenant(db), name: 'Many Buyers GmbH' });
    await setUpTaxProfile(db, otherCompany, { establishmentCountry: 'DE' });
    const b2b = (taxPointDate: string, buyerVatNumber: string) =>
      transactionFixture({
        taxPointDate,
        arrivalCountry: 'FR',
        taxableJurisdiction: 'FR',
        netAmount: '10.00',
        vatAmount: '0.00',
        grossAmount: '10.00',
        vatRate: '0',
        buyerVatNumber,
      });
    // The second upload's sale to FR001 on 01-05 joins the first's: sums are added up across uploads. A failed
    // upload's rows count nowhere.
    for (const [status, rows] of [
      ['completed', [b2b('2023-01-05', 'FR001')]],
      ['failed', [b2b('2023-01-05', 'FR001'), b2b('2023-01-06', 'FR009')]],
    ] as const) {
      await insertTransactions(db, {
        companyId: otherCompany,
        uploadId: await insertUpload(db, otherCompany, status),
        profile: PROFILE,
        rows,
      });
    }
    await insertTransactions(db, {
      companyId: otherCompany,
      uploadId: await insertUpload(db, otherCompany),
      profile: PROFILE,
      rows: [
        b2b('2023-01-05', 'FR001'),
        b2b('2023-01-09', 'FR002'),
        b2b('2023-01-31', 'FR003'),
        b2b('2023-02-14', 'FR001'),
        b2b('2023-03-01', 'FR002'),
        b2b('2023-03-02', 'FR\t=004'),
        // A domestic sale is no EC sales list sum.
        transactionFixture({ taxPointDate: '2023-02-01' }),
      ],
    });
    const handedOver: { date: string; buyer: string | null; net: string; count: number }[][] = [];
    await db.transaction(async (tx) => {
      const t = tx as unknown as Db;
      // Two sums per fetch: January's four sums (three after summing 01-05) span two fetches.
      await forEachEcSalesListMonth(
        t,
        { companyId: otherCompany, years: undefined },
        async (sums) => {
          handedOver.push(
            sums.map((sum) => ({
              date: sum.date,
              buyer: sum.buyerVatNumber,
              net: sum.netAmount,
              count: sum.transactionCount,
            })),
          );
        },
        2,
      );
    });
    const months = handedOver.map((part) => [...new Set(part.map((sum) => sum.date.slice(0, 7)))]);
    // Every month arrives in exactly one part, and the parts follow the calendar.
    expect(months.flat()).toEqual(['2023-01', '2023-02', '2023-03']);
    expect(handedOver.flat()).toEqual([
      { date: '2023-01-05', buyer: 'FR001', net: '20.00', count: 2 },
      { date: '2023-01-09', buyer: 'FR002', net: '10.00', count: 1 },
      { date: '2023-01-31', buyer: 'FR003', net: '10.00', count: 1 },
      { date: '2023-02-14', buyer: 'FR001', net: '10.00', count: 1 },
      { date: '2023-03-01', buyer: 'FR002', net: '10.00', count: 1 },
      { date: '2023-03-02', buyer: 'FR\t=004', net: '10.00', count: 1 },
    ]);
  });
});
