import { classifyTransaction } from '@vatlas/domain';
import { describe, expect, it } from 'vitest';
import { readMonthFirstDate } from './cell-values';
import { chunked, ETSY_SOLD_ORDER_COLUMNS, parseAll, tableText } from './format-test-kit';

const PERSONAL = {
  'Buyer User ID': 'erikam1980',
  'Full Name': 'Erika Mustermann',
  'First Name': 'Erika',
  'Last Name': 'Mustermann',
  'Street 1': 'Rue de Rivoli 99',
  'Ship City': 'Paris',
  'Ship Zipcode': '75001',
  Buyer: 'erika_buys',
};

/** A German shop's order to France: €30.00 + €4.90 shipping, VAT in the price, none stated. */
const TO_FRANCE = {
  ...PERSONAL,
  'Sale Date': '03/15/24',
  'Order ID': '3100000001',
  'Number of Items': '2',
  'Ship Country': 'France',
  Currency: 'EUR',
  'Order Value': '30.00',
  Shipping: '4.90',
  'Sales Tax': '0.00',
  'Order Total': '34.90',
  Status: 'Completed',
  'Adjusted Order Total': '34.90',
  'Order Type': 'online',
  SKU: 'MUG-RED,MUG-BLUE',
};

/** To the UK, where Etsy collected £4.00 VAT on a £20.00 order: the marketplace's sale. */
const TO_UK = {
  'Sale Date': '3/16/2024',
  'Order ID': '3100000002',
  'Number of Items': '1',
  'Ship Country': 'United Kingdom',
  Currency: 'GBP',
  'Order Value': '20.00',
  'Sales Tax': '4.00',
  'Order Total': '24.00',
  'Adjusted Order Total': '24.00',
  'Order Type': 'online',
  'VAT Paid by Buyer': '4.00',
};

/** Partly refunded: €59.50 paid, €29.75 given back. */
const REFUNDED = {
  'Sale Date': '03/17/24',
  'Order ID': '3100000003',
  'Number of Items': '1',
  'Ship Country': 'Austria',
  Currency: 'EUR',
  'Order Total': '59.50',
  'Adjusted Order Total': '29.75',
  'Order Type': 'online',
};

/** Sold at a craft market, no shipping address. */
const IN_PERSON = {
  'Sale Date': '03/18/24',
  'Order ID': '3100000004',
  'Number of Items': '1',
  Currency: 'EUR',
  'Order Total': '11.90',
  'Order Type': 'In Person',
  'InPerson Location': 'Weihnachtsmarkt Leipzig',
};

const BAD = [
  { ...TO_FRANCE, 'Order ID': '3100000005', 'Sale Date': '15.03.2024' },
  { ...TO_FRANCE, 'Order ID': '3100000006', 'Ship Country': '' },
  { ...TO_FRANCE, 'Order ID': '3100000007', 'Order Total': '£34.90' },
  { ...TO_FRANCE, 'Order ID': '3100000008', 'Order Total': '' },
];

const text = tableText(ETSY_SOLD_ORDER_COLUMNS, [TO_FRANCE, TO_UK, REFUNDED, IN_PERSON, ...BAD], {
  delimiter: ',',
  lineEnding: '\r\n',
});

describe('Etsy sold orders', () => {
  it('turns each order into a sale of its total, and a lower adjusted total into a refund', async () => {
    const { transactions } = await parseAll('etsy-orders', text, { defaultDepartureCountry: 'DE' });
    expect(transactions[0]).toEqual({
      source: 'etsy-orders',
      lineNumber: 2,
      type: 'SALE',
      eventId: '3100000001',
      activityId: 'sale',
      taxPointDate: '2024-03-15',
      completeDate: '2024-03-15',
      marketplace: 'Etsy',
      salesChannel: null,
      departureCountry: 'DE',
      arrivalCountry: 'FR',
      taxableJurisdiction: null,
      currency: 'EUR',
      netAmount: '34.90',
      vatAmount: '0.00',
      grossAmount: '34.90',
      vatRate: '0',
      buyerVatNumber: null,
      sellerVatNumber: null,
      isExport: false,
      taxReportingScheme: null,
      taxCollectionResponsibility: null,
      quantity: 2,
      sku: 'MUG-RED,MUG-BLUE',
    });
    expect(transactions.find((tx) => tx.eventId === '3100000002')).toMatchObject({
      arrivalCountry: 'GB',
      currency: 'GBP',
      taxPointDate: '2024-03-16',
      netAmount: '20.00',
      vatAmount: '4.00',
      grossAmount: '24.00',
      vatRate: null,
      taxCollectionResponsibility: 'MARKETPLACE',
    });
    expect(
      transactions
        .filter((tx) => tx.eventId === '3100000003')
        .map(({ type, activityId, grossAmount, vatAmount, netAmount, taxPointDate }) => [
          type,
          activityId,
          grossAmount,
          vatAmount,
          netAmount,
          taxPointDate,
        ]),
    ).toEqual([
      ['SALE', 'sale', '59.50', '0.00', '59.50', '2024-03-17'],
      ['REFUND', 'refund', '-29.75', '0.00', '-29.75', '2024-03-17'],
    ]);
    expect(transactions.find((tx) => tx.eventId === '3100000004')).toMatchObject({
      departureCountry: 'DE',
      arrivalCountry: 'DE',
      grossAmount: '11.90',
    });
    expect(transactions).toHaveLength(5);
  });

  it('refunds Etsy’s tax share with a refund of an order Etsy collected on', async () => {
    const refundedUk = { ...TO_UK, 'Adjusted Order Total': '12.00' };
    const { transactions } = await parseAll(
      'etsy-orders',
      tableText(ETSY_SOLD_ORDER_COLUMNS, [refundedUk], { delimiter: ',' }),
    );
    expect(
      transactions.map(({ type, grossAmount, vatAmount, netAmount }) => [type, grossAmount, vatAmount, netAmount]),
    ).toEqual([
      ['SALE', '24.00', '4.00', '20.00'],
      ['REFUND', '-12.00', '-2.00', '-10.00'],
    ]);
  });

  it('gives each sale the treatment its countries and Etsy’s collection make', async () => {
    const { transactions } = await parseAll('etsy-orders', text, { defaultDepartureCountry: 'DE' });
    const profile = { establishmentCountry: 'DE', ioss: null };
    expect(transactions.map((tx) => [tx.eventId, tx.type, classifyTransaction(tx, profile)])).toEqual([
      ['3100000001', 'SALE', 'intra-eu-distance-sale'],
      ['3100000002', 'SALE', 'marketplace-deemed-supplier'],
      ['3100000003', 'SALE', 'intra-eu-distance-sale'],
      ['3100000003', 'REFUND', 'intra-eu-distance-sale'],
      ['3100000004', 'SALE', 'domestic-sale'],
    ]);
  });

  it('names the line, column and reason of each order it cannot read', async () => {
    const { problems } = await parseAll('etsy-orders', text, { defaultDepartureCountry: 'DE' });
    expect(problems).toEqual([
      {
        lineNumber: 6,
        column: 'Sale Date',
        code: 'bad-date',
        message: 'Line 6: Sale Date "15.03.2024" is not a date (expected 03/15/24).',
      },
      {
        lineNumber: 7,
        column: 'Ship Country',
        code: 'unknown-country',
        message: 'Line 7: Ship Country is empty: where the goods went decides their VAT.',
      },
      {
        lineNumber: 8,
        column: 'Order Total',
        code: 'bad-currency',
        message: 'Line 8: Order Total is in GBP, the order in EUR.',
      },
      { lineNumber: 9, column: 'Order Total', code: 'missing-amount', message: 'Line 9: Order Total is empty.' },
    ]);
  });

  it('never carries a buyer’s name, id or address into what it makes of the file', async () => {
    const everything = JSON.stringify(await parseAll('etsy-orders', text, { defaultDepartureCountry: 'DE' }));
    for (const value of [...Object.values(PERSONAL), 'Weihnachtsmarkt']) expect(everything).not.toContain(value);
  });

  it('reads the same however the upload splits the bytes', async () => {
    const whole = await parseAll('etsy-orders', text, { defaultDepartureCountry: 'DE' });
    for (const size of [1, 5, { seed: 11 }]) {
      expect(await parseAll('etsy-orders', chunked(text, size), { defaultDepartureCountry: 'DE' })).toMatchObject({
        transactions: whole.transactions,
        problems: whole.problems,
      });
    }
  });

  it('names the columns a file lacks, and tells a file of another kind apart', async () => {
    await expect(parseAll('etsy-orders', 'Sale Date,Order ID,Currency\n03/15/24,1,EUR\n')).rejects.toMatchObject({
      code: 'missing-columns',
      message: 'The Etsy sold-orders file lacks the columns Ship Country, Order Total.',
    });
    await expect(parseAll('etsy-orders', 'Item Name,Price\nMug,12.00\n')).rejects.toMatchObject({
      code: 'unknown-format',
    });
    // The other file of Etsy's download, the order items: named, and the right one asked for.
    const items = 'Sale Date,Item Name,Buyer,Quantity,Price,Currency,Transaction ID,Listing ID,Order ID\n';
    await expect(parseAll('etsy-orders', `${items}03/15/24,Mug,erika,1,12.00,EUR,1,2,3\n`)).rejects.toMatchObject({
      code: 'unknown-format',
      message: expect.stringContaining("This is Etsy's order items file (EtsySoldOrderItems)"),
    });
  });

  it('reads dates month first, as Etsy writes them', () => {
    expect(readMonthFirstDate('03/15/24')).toBe('2024-03-15');
    expect(readMonthFirstDate('3/5/2024')).toBe('2024-03-05');
    expect(readMonthFirstDate('2024-03-15')).toBe('2024-03-15');
    for (const text of ['15/03/24', '02/30/24', '15.03.2024', '']) expect(readMonthFirstDate(text)).toBeUndefined();
  });
});
