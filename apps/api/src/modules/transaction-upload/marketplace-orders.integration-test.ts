import {
  apiPaths,
  type LiabilitySummary,
  type TransactionPage,
  type TransactionUpload,
  type UploadProblemPage,
} from '@vatlas/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { companies } from '../../db/schema';
import { forEachDatabase } from '../../test/databases';
import { createTestConfig, type TestProvider } from '../../test/test-app';
import { buildMultipart } from '../documents/document-test-kit';
import type { FileStorage } from '../storage/file-storage';
import { bearer, createCompany, createHomeTenant, createPerson, type Person, signIn } from '../user/account-test-kit';
import { EBAY_ORDER_COLUMNS, ETSY_SOLD_ORDER_COLUMNS, tableText } from './formats/format-test-kit';
import { countTransactionRows, createTestImportWorker, startUploadApp, type UploadApp } from './upload-test-kit';

/**
 * Decisions 048 and 049: eBay's orders report and Etsy's sold-orders file uploaded through the API, imported by the
 * real worker and taxed by the real engine. Golden figures by hand: a German seller in the German OSS, prices including
 * VAT, none stated in the files.
 */
const EBAY_ORDERS: readonly Readonly<Record<string, string>>[] = [
  // To a consumer in France: €110.00 + €9.00 shipping. OSS: 119 × 20 / 120 = 19.8333… → VAT 19.83, net 99.17.
  {
    'Order Number': '11-00001-00001',
    'Buyer Name': 'Jeanne Martin',
    'Ship To Address 1': '1 Place Bellecour',
    'Ship To Country': 'France',
    'Item Number': '300000000001',
    'Custom Label': 'LAMP',
    Quantity: '1',
    'Sold For': '€110.00',
    'Shipping And Handling': '€9.00',
    'Item Country': 'Germany',
    'Total Price': '€119.00',
    'Sale Date': 'Apr-03-25',
    'Transaction ID': '3100000000001',
  },
  // Two items to a German consumer, the order's row first: €238.00 holds 238 × 19 / 119 = 38.00 German VAT.
  {
    'Order Number': '11-00002-00002',
    'Buyer Name': 'Erika Mustermann',
    'Ship To Address 1': 'Hauptstraße 1',
    'Ship To Country': 'Germany',
    'Shipping And Handling': '€0.00',
    'Total Price': '€238.00',
    'Sale Date': 'Apr-10-25',
  },
  {
    'Order Number': '11-00002-00002',
    'Item Number': '300000000002',
    'Custom Label': 'CHAIR',
    Quantity: '1',
    'Sold For': '€150.00',
    'Item Country': 'Germany',
    'Sale Date': 'Apr-10-25',
    'Transaction ID': '3100000000002',
  },
  {
    'Order Number': '11-00002-00002',
    'Item Number': '300000000003',
    'Custom Label': 'CUSHION',
    Quantity: '2',
    'Sold For': '€44.00',
    'Item Country': 'Germany',
    'Sale Date': 'Apr-10-25',
    'Transaction ID': '3100000000003',
  },
  // Into Norway, where eBay collected the VAT under VOEC: nothing for the seller to declare.
  {
    'Order Number': '11-00003-00003',
    'Ship To Country': 'Norway',
    'Item Number': '300000000004',
    Quantity: '1',
    'Sold For': '€40.00',
    'Item Country': 'Germany',
    'eBay Collect And Remit Tax Rate': '25%',
    'eBay Collected Tax': '€10.00',
    'Total Price': '€50.00',
    'eBay Collected Tax and Fees Included in Total': 'Yes',
    'Sale Date': 'Apr-12-25',
  },
];

function ebayReportOf(records: readonly Readonly<Record<string, string>>[]): Buffer {
  const table = tableText(EBAY_ORDER_COLUMNS, records, { delimiter: ',', lineEnding: '\n', quoteAll: true });
  return Buffer.from(
    `\n${table}\n${records.length} record(s) downloaded,from Apr-01-25 to Apr-30-25\nSeller ID : shop\n`,
  );
}

const ETSY_ORDERS: readonly Readonly<Record<string, string>>[] = [
  // To a consumer in France: €34.90 holds 34.90 × 20 / 120 = 5.8166… → VAT 5.82, net 29.08 in the French OSS.
  {
    'Sale Date': '05/02/25',
    'Order ID': '3200000001',
    'Full Name': 'Jeanne Martin',
    'Street 1': '1 Place Bellecour',
    'Number of Items': '2',
    'Ship Country': 'France',
    Currency: 'EUR',
    'Order Value': '30.00',
    Shipping: '4.90',
    'Sales Tax': '0.00',
    'Order Total': '34.90',
    'Adjusted Order Total': '34.90',
    'Order Type': 'online',
    SKU: 'MUG-RED',
  },
  // To Austria, €59.50 of which €29.75 refunded: the €29.75 kept holds 29.75 × 20 / 120 = 4.9583… → 4.96, net 24.79.
  {
    'Sale Date': '05/06/25',
    'Order ID': '3200000002',
    'Number of Items': '1',
    'Ship Country': 'Austria',
    Currency: 'EUR',
    'Order Total': '59.50',
    'Adjusted Order Total': '29.75',
    'Order Type': 'online',
  },
  // To the UK, where Etsy collected the VAT: the marketplace's sale.
  {
    'Sale Date': '05/07/25',
    'Order ID': '3200000003',
    'Number of Items': '1',
    'Ship Country': 'United Kingdom',
    Currency: 'GBP',
    'Sales Tax': '4.00',
    'Order Total': '24.00',
    'Adjusted Order Total': '24.00',
    'Order Type': 'online',
  },
  // Sold in person at a market in Germany: €11.90 holds 1.90 German VAT.
  {
    'Sale Date': '05/09/25',
    'Order ID': '3200000004',
    'Number of Items': '1',
    Currency: 'EUR',
    'Order Total': '11.90',
    'Order Type': 'In Person',
  },
];

/** A year's liabilities as jurisdiction, scheme and totals. */
function liabilityTotals(summary: LiabilitySummary) {
  return summary.jurisdictions.map(({ jurisdiction, scheme, totals }) => ({
    jurisdiction,
    scheme,
    netEur: totals.netEur,
    vatEur: totals.vatEur,
    transactionCount: totals.transactionCount,
  }));
}

forEachDatabase('marketplace order reports through the API', (context) => {
  const config = createTestConfig();
  let started: UploadApp;
  let app: FastifyInstance;
  let provider: TestProvider;
  let storage: FileStorage;
  let tenantId: string;
  let member: Person;

  beforeAll(async () => {
    const db = context.database.db;
    started = await startUploadApp(context.database, config, 'marketplaces');
    ({ app, provider, storage } = started);
    tenantId = await createHomeTenant(db);
    member = await createPerson(db, { tenantId, label: 'marketplace-member', issuer: config.auth.issuer });
  });
  afterAll(async () => {
    await started?.close();
  });

  async function call<T>(method: 'GET' | 'PUT', url: string, payload?: object): Promise<T> {
    const response = await app.inject({ method, url, payload, headers: bearer(await signIn(app, provider, member)) });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<T>();
  }

  /** A German seller in the German OSS since 2021. */
  async function createSeller(name: string): Promise<string> {
    const db = context.database.db;
    const companyId = await createCompany(db, { tenantId, name, owners: [member] });
    await db.update(companies).set({ establishmentCountryCode: 'DE' }).where(eq(companies.id, companyId));
    await call('PUT', apiPaths.taxSchemes(companyId), {
      oss: { memberState: 'DE', effectiveFrom: '2021-07-01', identificationNumber: null },
      ioss: null,
    });
    return companyId;
  }

  async function uploadAndImport(
    companyId: string,
    format: 'ebay-orders' | 'etsy-orders',
    file: Buffer,
    fileName: string,
  ): Promise<TransactionUpload> {
    const body = buildMultipart({ format }, [{ fileName, contentType: 'text/csv', bytes: file }]);
    const response = await app.inject({
      method: 'POST',
      url: apiPaths.transactionUploads(companyId),
      ...body,
      headers: { ...body.headers, ...bearer(await signIn(app, provider, member)) },
    });
    expect(response.statusCode, response.body).toBe(202);
    const queued = response.json<TransactionUpload>();
    expect(queued.format).toBe(format);
    await createTestImportWorker({ database: context.database, storage }).runOnce();
    return call<TransactionUpload>('GET', apiPaths.transactionUpload(companyId, queued.id));
  }

  it('imports each eBay item as a sale and owes the VAT its prices hold, where the goods went', async () => {
    const companyId = await createSeller('eBay Seller GmbH');
    const done = await uploadAndImport(
      companyId,
      'ebay-orders',
      ebayReportOf(EBAY_ORDERS),
      'eBay-OrdersReport-Apr-2025.csv',
    );
    expect(done).toMatchObject({ status: 'completed', rowsRead: 5, rowsImported: 4, problemCount: 0, errorCode: null });

    const summary = await call<LiabilitySummary>('GET', apiPaths.liabilitySummary(companyId, 2025));
    expect(liabilityTotals(summary)).toEqual([
      { jurisdiction: 'DE', scheme: 'local', netEur: '200.00', vatEur: '38.00', transactionCount: 2 },
      { jurisdiction: 'FR', scheme: 'oss', netEur: '99.17', vatEur: '19.83', transactionCount: 1 },
    ]);
    // The items, shares of the order to the cent (150 : 88 of 238), with the treatment eBay's collection makes.
    const page = await call<TransactionPage>('GET', apiPaths.transactions(companyId, { sort: 'date-asc' }));
    expect(
      page.items
        .map(({ eventId, sku, grossAmount, treatment }) => [eventId, sku, grossAmount, treatment])
        .sort((a, b) => `${a[0]}${a[1]}`.localeCompare(`${b[0]}${b[1]}`)),
    ).toEqual([
      ['11-00001-00001', 'LAMP', '119.00', 'intra-eu-distance-sale'],
      ['11-00002-00002', 'CHAIR', '150.00', 'domestic-sale'],
      ['11-00002-00002', 'CUSHION', '88.00', 'domestic-sale'],
      ['11-00003-00003', '300000000004', '50.00', 'marketplace-deemed-supplier'],
    ]);
    expect(JSON.stringify(page)).not.toContain('Mustermann');
  });

  it('counts eBay items once when a second file holds them again: rows without a jurisdiction are the same rows', async () => {
    // eBay's rows carry no taxable jurisdiction; the identity key holds a row without one as the same as another
    // without one (NULLS NOT DISTINCT, decision 057), so the second file's items are duplicates, not new rows.
    const companyId = await createSeller('eBay Twice GmbH');
    const first = await uploadAndImport(companyId, 'ebay-orders', ebayReportOf(EBAY_ORDERS), 'eBay-Apr-2025.csv');
    expect(first).toMatchObject({ status: 'completed', rowsImported: 4, rowsDuplicate: 0 });
    // Another file (an empty line more at its end, so not refused as the same file) with the same rows.
    const secondFile = Buffer.concat([ebayReportOf(EBAY_ORDERS), Buffer.from('\r\n')]);
    const again = await uploadAndImport(companyId, 'ebay-orders', secondFile, 'eBay-Apr-2025-again.csv');
    expect(again).toMatchObject({ status: 'completed', rowsImported: 0, rowsDuplicate: 4 });
    const summary = await call<LiabilitySummary>('GET', apiPaths.liabilitySummary(companyId, 2025));
    expect(liabilityTotals(summary)).toEqual([
      { jurisdiction: 'DE', scheme: 'local', netEur: '200.00', vatEur: '38.00', transactionCount: 2 },
      { jurisdiction: 'FR', scheme: 'oss', netEur: '99.17', vatEur: '19.83', transactionCount: 1 },
    ]);
  });

  it('refuses an eBay report with a bad row as a whole, names the row, and keeps what was imported before', async () => {
    const companyId = await createSeller('eBay Seller Two GmbH');
    await uploadAndImport(companyId, 'ebay-orders', ebayReportOf(EBAY_ORDERS), 'eBay-OrdersReport-Apr-2025.csv');
    const before = await countTransactionRows(context.database.db, { companyId });
    expect(before).toBe(4);
    const bad = {
      ...(EBAY_ORDERS[0] as Readonly<Record<string, string>>),
      'Order Number': '11-00009-00009',
      'Sale Date': '04/13/25',
    };
    const failed = await uploadAndImport(companyId, 'ebay-orders', ebayReportOf([bad]), 'eBay-OrdersReport-bad.csv');
    expect(failed).toMatchObject({ status: 'failed', rowsImported: 0, problemCount: 1 });
    const problems = await call<UploadProblemPage>('GET', apiPaths.transactionUploadProblems(companyId, failed.id));
    expect(problems.items).toMatchObject([
      {
        lineNumber: 3,
        column: 'Sale Date',
        code: 'bad-date',
        message: 'Line 3: Sale Date "04/13/25" is not a date (expected e.g. Mar-15-24, 15.03.2024 or 2024-03-15).',
      },
    ]);
    expect(await countTransactionRows(context.database.db, { companyId })).toBe(before);
  });

  it('imports each Etsy order as a sale, a lower adjusted total as its refund, and owes the VAT the prices hold', async () => {
    const companyId = await createSeller('Etsy Maker GmbH');
    const file = Buffer.from(tableText(ETSY_SOLD_ORDER_COLUMNS, ETSY_ORDERS, { delimiter: ',', lineEnding: '\r\n' }));
    const done = await uploadAndImport(companyId, 'etsy-orders', file, 'EtsySoldOrders2025-5.csv');
    expect(done).toMatchObject({ status: 'completed', rowsRead: 4, rowsImported: 5, problemCount: 0, errorCode: null });

    const summary = await call<LiabilitySummary>('GET', apiPaths.liabilitySummary(companyId, 2025));
    expect(liabilityTotals(summary)).toEqual([
      { jurisdiction: 'AT', scheme: 'oss', netEur: '24.79', vatEur: '4.96', transactionCount: 2 },
      { jurisdiction: 'DE', scheme: 'local', netEur: '10.00', vatEur: '1.90', transactionCount: 1 },
      { jurisdiction: 'FR', scheme: 'oss', netEur: '29.08', vatEur: '5.82', transactionCount: 1 },
    ]);
    const page = await call<TransactionPage>('GET', apiPaths.transactions(companyId, { sort: 'date-asc' }));
    expect(
      page.items
        .map(({ eventId, type, grossAmount, treatment }) => [eventId, type, grossAmount, treatment])
        .sort((a, b) => `${a[0]}${a[1]}`.localeCompare(`${b[0]}${b[1]}`)),
    ).toEqual([
      ['3200000001', 'SALE', '34.90', 'intra-eu-distance-sale'],
      ['3200000002', 'REFUND', '-29.75', 'intra-eu-distance-sale'],
      ['3200000002', 'SALE', '59.50', 'intra-eu-distance-sale'],
      ['3200000003', 'SALE', '24.00', 'marketplace-deemed-supplier'],
      ['3200000004', 'SALE', '11.90', 'domestic-sale'],
    ]);
    expect(JSON.stringify(page)).not.toContain('Martin');
  });
});
