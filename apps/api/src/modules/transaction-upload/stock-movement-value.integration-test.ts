import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { companyJurisdictions, taxPositionProfiles, transactions } from '../../db/schema';
import { forEachDatabase } from '../../test/databases';
import { updatesOf } from '../../test/migration-backfill';
import { getDataHealth } from '../data-health/service';
import { getEcSalesList, getLiabilitySummary } from '../liabilities/service';
import { recomputeTaxPosition } from '../tax-position/service';
import {
  insertTransactions,
  insertUpload,
  pollWithoutJob,
  setUpTaxProfile,
} from '../tax-position/tax-position-test-kit';
import { createCompany, createHomeTenant, createPerson } from '../user/account-test-kit';
import { parseAll, vtrText } from './formats/format-test-kit';
import { replaceDaySumsFromRows } from './repository';

/**
 * Golden figures, computed by hand, for stock movements valued at their cost price (COST_PRICE_OF_ITEMS × QTY):
 * an Amazon report read by the real parser, stored, and run through the tax engine's recompute. A transfer between
 * two member states is a zero-rated supply of the departure country (Art. 17 VAT Directive), listed on its EC Sales
 * List under the company's own VAT number in the arrival country, and an intra-Community acquisition there (Art. 21),
 * which owes no VAT to pay. The seller's own inbound shipment from one member state into another's fulfilment centre
 * is such a transfer too. A movement without either value stays at zero and keeps raising the data-health alert.
 */

const DE_VAT = 'DE123456789';
const FR_VAT = 'FR11123456782';

const MOVE = {
  SALES_CHANNEL: 'AFN',
  MARKETPLACE: 'N/A',
  TRANSACTION_TYPE: 'FC_TRANSFER',
  TRANSACTION_COMPLETE_DATE: '',
  SELLER_SKU: 'MUG-RED',
  EXPORT_OUTSIDE_EU: 'NO',
};
const move = (id: string, date: string, from: string, to: string, qty: string, cost: string, type = 'FC_TRANSFER') => ({
  ...MOVE,
  TRANSACTION_TYPE: type,
  TRANSACTION_EVENT_ID: id,
  ACTIVITY_TRANSACTION_ID: `${id}-1`,
  TAX_CALCULATION_DATE: date,
  QTY: qty,
  COST_PRICE_OF_ITEMS: cost,
  SALE_DEPART_COUNTRY: from,
  SALE_ARRIVAL_COUNTRY: to,
});

const REPORT = vtrText([
  // A domestic German sale: 100.00 net, 19.00 VAT.
  {
    SALES_CHANNEL: 'AFN',
    MARKETPLACE: 'amazon.de',
    TRANSACTION_TYPE: 'SALE',
    TRANSACTION_EVENT_ID: '302-0000001-0000001',
    ACTIVITY_TRANSACTION_ID: 'amzn1:crow:sale1',
    TAX_CALCULATION_DATE: '05-03-2024',
    QTY: '1',
    TOTAL_ACTIVITY_VALUE_AMT_VAT_EXCL: '100.00',
    PRICE_OF_ITEMS_VAT_RATE_PERCENT: '0.19',
    TOTAL_ACTIVITY_VALUE_VAT_AMT: '19.00',
    TOTAL_ACTIVITY_VALUE_AMT_VAT_INCL: '119.00',
    TRANSACTION_CURRENCY_CODE: 'EUR',
    SALE_DEPART_COUNTRY: 'DE',
    SALE_ARRIVAL_COUNTRY: 'DE',
    TAXABLE_JURISDICTION: 'GERMANY',
    EXPORT_OUTSIDE_EU: 'NO',
    TAX_REPORTING_SCHEME: 'REGULAR',
    TAX_COLLECTION_RESPONSIBILITY: 'SELLER',
  },
  // DE → FR: 10 × 12.345 = 123.45.
  move('FBA15GOLD01', '10-03-2024', 'DE', 'FR', '10', '12.345'),
  // DE → FR: 3 × 0.335 = 1.005, half-up 1.01.
  move('FBA15GOLD02', '12-03-2024', 'DE', 'FR', '3', '0.335'),
  // FR → DE: 4 × 25.00 = 100.00.
  move('FBA15GOLD03', '15-03-2024', 'FR', 'DE', '4', '25.00'),
  // The seller's own shipment DE → FR into a fulfilment centre, 2 × 5.00 = 10.00: a transfer like the others.
  move('FBA15GOLD04', '18-03-2024', 'DE', 'FR', '2', '5.00', 'INBOUND'),
  // DE → FR without a cost price: stays at zero and raises the alert.
  move('FBA15GOLD05', '20-03-2024', 'DE', 'FR', '7', ''),
]);

forEachDatabase('stock movements valued at their cost price', (context) => {
  let companyId: string;
  let uploadId: string;

  beforeAll(async () => {
    const db = context.database.db;
    const tenantId = await createHomeTenant(db);
    const owner = await createPerson(db, { tenantId, label: 'cost-owner', issuer: 'http://vatlas.test/idp' });
    companyId = await createCompany(db, { tenantId, name: 'Cost Price GmbH', owners: [owner] });
    await setUpTaxProfile(db, companyId, {
      establishmentCountry: 'DE',
      oss: { memberState: 'DE', from: '2021-07-01' },
      registrations: [
        { country: 'DE', frequency: 'monthly' },
        { country: 'FR', frequency: 'monthly' },
      ],
    });
    for (const [country, vatNumber] of [
      ['DE', DE_VAT],
      ['FR', FR_VAT],
    ] as const) {
      await db
        .update(companyJurisdictions)
        .set({ vatNumber })
        .where(and(eq(companyJurisdictions.companyId, companyId), eq(companyJurisdictions.countryCode, country)));
    }
    const { transactions, problems } = await parseAll('amazon-vtr', REPORT);
    expect(problems).toEqual([]);
    expect(transactions.map((row) => [row.type, row.netAmount, row.currency])).toEqual([
      ['SALE', '100.00', 'EUR'],
      ['FC_TRANSFER', '123.45', 'EUR'],
      ['FC_TRANSFER', '1.01', 'EUR'],
      ['FC_TRANSFER', '100.00', 'EUR'],
      ['INBOUND', '10.00', 'EUR'],
      ['FC_TRANSFER', '0', null],
    ]);
    uploadId = await insertUpload(db, companyId);
    await insertTransactions(db, {
      companyId,
      uploadId,
      profile: { establishmentCountry: 'DE', ioss: null },
      rows: transactions,
    });
    await recomputeTaxPosition(db, companyId);
  });

  it('declares transfers out as zero-rated supplies and transfers in as acquisitions, to the cent', async () => {
    const summary = await getLiabilitySummary(context.database.db, companyId, 2024);
    expect(summary.problems).toEqual([]);
    const march = (country: string) => {
      const line = summary.jurisdictions.find((j) => j.jurisdiction === country && j.scheme === 'local');
      return line?.months.find((month) => month.periodStart === '2024-03-01');
    };
    // DE: sale 100.00 + transfers out 123.45 + 1.01 + the inbound shipment's 10.00 (+ 0.00) = 234.46 net, 134.46 of
    // it zero-rated; VAT only the sale's 19.00; the 100.00 arriving from France is an acquisition, not a supply.
    expect(march('DE')).toMatchObject({
      netEur: '234.46',
      vatEur: '19.00',
      zeroRatedNetEur: '134.46',
      acquisitionNetEur: '100.00',
      isIncomplete: false,
    });
    // FR: the 100.00 sent to Germany, zero-rated; 123.45 + 1.01 + 10.00 = 134.46 arriving from Germany.
    expect(march('FR')).toMatchObject({
      netEur: '100.00',
      vatEur: '0.00',
      zeroRatedNetEur: '100.00',
      acquisitionNetEur: '134.46',
      isIncomplete: false,
    });
  });

  it("lists each country's transfers out on its EC Sales List under the company's number in the arrival country", async () => {
    const list = await getEcSalesList(context.database.db, companyId, '2024-03');
    const lines = list.lines
      .map((line) => [line.reportingCountry, line.customerVatNumber, line.kind, line.netEur, line.transactionCount])
      .sort();
    expect(lines).toEqual([
      // Four transfers out of Germany (the inbound shipment and the one without a value among them): 134.46.
      ['DE', FR_VAT, 'transfer', '134.46', 4],
      ['FR', DE_VAT, 'transfer', '100.00', 1],
    ]);
  });

  it('flags only the movement that has neither an activity value nor a cost price', async () => {
    const health = await getDataHealth(context.database.db, companyId, 2024);
    expect(health.alerts.find((alert) => alert.code === 'stock-movement-without-cost-price')).toEqual({
      code: 'stock-movement-without-cost-price',
      severity: 'warning',
      count: 1,
      periods: ['2024-03'],
    });
  });

  it('classifies the inbound shipments stored before as transfers (migration 0027), recomputed when a worker starts', async () => {
    const db = context.database.db;
    /** Germany's zero-rated net and France's acquisitions in March, as stored. */
    const march = async () => {
      const summary = await getLiabilitySummary(db, companyId, 2024);
      const month = (country: string) =>
        summary.jurisdictions
          .find((j) => j.jurisdiction === country && j.scheme === 'local')
          ?.months.find((line) => line.periodStart === '2024-03-01');
      return [month('DE')?.zeroRatedNetEur, month('FR')?.acquisitionNetEur];
    };
    const isRequested = async () => {
      const [row] = await db
        .select({ at: taxPositionProfiles.recomputeRequestedAt })
        .from(taxPositionProfiles)
        .where(eq(taxPositionProfiles.companyId, companyId));
      return row?.at !== null && row?.at !== undefined;
    };
    const inboundTreatments = async () =>
      (
        await db
          .select({ treatment: transactions.treatment })
          .from(transactions)
          .where(and(eq(transactions.companyId, companyId), eq(transactions.transactionType, 'INBOUND')))
      ).map((row) => row.treatment);
    // The company as the importer left it before: the shipment stored as inbound stock, and computed so.
    await db
      .update(transactions)
      .set({ treatment: 'inbound-movement' })
      .where(and(eq(transactions.companyId, companyId), eq(transactions.transactionType, 'INBOUND')));
    await replaceDaySumsFromRows(db, uploadId);
    await recomputeTaxPosition(db, companyId);
    expect(await march()).toEqual(['124.46', '124.46']);

    for (const statement of updatesOf('0027_inbound_shipments_between_member_states_are_transfers.sql')) {
      await db.execute(sql.raw(statement));
    }
    expect(await inboundTreatments()).toEqual(['own-goods-transfer']);
    expect(await isRequested()).toBe(true);
    // The stored position stays as it was until a worker starts, which recomputes every year before its first job.
    expect(await march()).toEqual(['124.46', '124.46']);
    await pollWithoutJob(context.database);
    expect(await march()).toEqual(['134.46', '134.46']);
    expect(await isRequested()).toBe(false);
  });
});
