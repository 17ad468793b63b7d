import { classifyTransaction, money, sumMoney } from '@vatlas/domain';
import { describe, expect, it } from 'vitest';
import { readCountryName, readMarketplaceAmount, readMarketplaceDate } from './cell-values';
import { FileFormatError } from './format';
import { chunked, EBAY_ORDER_COLUMNS, parseAll, tableText } from './format-test-kit';

const PERSONAL = {
  'Buyer Username': 'erika_m',
  'Buyer Name': 'Erika Mustermann',
  'Buyer Email': 'erika@example.com',
  'Buyer Address 1': 'Hauptstraße 1',
  'Ship To Name': 'Erika Mustermann',
  'Ship To Phone': '+33 1 23 45 67 89',
  'Ship To Address 1': 'Rue de Rivoli 99',
};

/** One item from Germany to France: €24.99 plus €4.90 shipping, VAT included in the price, none stated. */
const TO_FRANCE = {
  ...PERSONAL,
  'Sales Record Number': '101',
  'Order Number': '01-11111-11111',
  'Buyer Country': 'Germany',
  'Ship To Country': 'France',
  'Item Number': '256000000001',
  'Item Title': 'Red mug',
  'Custom Label': 'MUG-RED',
  Quantity: '1',
  'Sold For': '€24.99',
  'Shipping And Handling': '€4.90',
  'Item Country': 'Germany',
  'Total Price': '€29.89',
  'Sale Date': 'Mar-15-24',
  'Transaction ID': '2900000000001',
};

/** Two items in one order within the UK: the order's row carries shipping and total, the items their prices. */
const UK_ORDER: readonly Readonly<Record<string, string>>[] = [
  {
    ...PERSONAL,
    'Sales Record Number': '102',
    'Order Number': '02-22222-22222',
    'Ship To Country': 'United Kingdom',
    'Shipping And Handling': '£3.00',
    'Total Price': '£33.00',
    'Sale Date': '16-Mar-24',
  },
  {
    'Sales Record Number': '103',
    'Order Number': '02-22222-22222',
    'Item Number': '256000000002',
    'Custom Label': 'SPOON',
    Quantity: '2',
    'Sold For': '£10.00',
    'Item Country': 'United Kingdom',
    'Sale Date': '16-Mar-24',
    'Transaction ID': '2900000000002',
  },
  {
    'Sales Record Number': '104',
    'Order Number': '02-22222-22222',
    'Item Number': '256000000003',
    Quantity: '1',
    'Sold For': '£10.00',
    'Item Country': 'United Kingdom',
    'Sale Date': '16-Mar-24',
    'Transaction ID': '2900000000003',
  },
];

/** Into Norway, where eBay collected 25 % VAT (included in the Total Price) under VOEC. */
const TO_NORWAY = {
  'Sales Record Number': '105',
  'Order Number': '03-33333-33333',
  'Ship To Country': 'Norway',
  'Item Number': '256000000004',
  Quantity: '1',
  'Sold For': 'EUR 20,00',
  'Item Country': 'Deutschland',
  'eBay Collect And Remit Tax Rate': '25%',
  'eBay Collect And Remit Tax Type': 'VAT',
  'eBay Collected Tax': 'EUR 5,00',
  'Total Price': 'EUR 25,00',
  'eBay Collected Tax and Fees Included in Total': 'Yes',
  'Sale Date': '17.03.2024',
};

/** A seller that added 19 % German VAT on top of its price, to a German buyer. */
const SELLER_TAXED = {
  'Order Number': '04-44444-44444',
  'Ship To Country': 'Germany',
  'Item Number': '256000000005',
  Quantity: '1',
  'Sold For': '1.000,00 €',
  'Seller Collected Tax': '190,00 €',
  'Total Price': '1.190,00 €',
  'Sale Date': '2024-03-18',
};

const SLASH_DATE = { ...TO_FRANCE, 'Order Number': '05-55555-55555', 'Sale Date': '03/04/24' };
const ATLANTIS = { ...TO_FRANCE, 'Order Number': '06-66666-66666', 'Ship To Country': 'Atlantis' };

/** The report as eBay writes it: a blank line, the header, the orders, then its footer. */
function reportText(records: readonly Readonly<Record<string, string>>[]): string {
  return `""\n${tableText(EBAY_ORDER_COLUMNS, records, { delimiter: ',', lineEnding: '\n', quoteAll: true })}\n"${records.length} record(s) downloaded,from Mar-01-24 to Mar-31-24"\n"Seller ID : shop123"\n`;
}

const text = reportText([TO_FRANCE, ...UK_ORDER, TO_NORWAY, SELLER_TAXED, SLASH_DATE, ATLANTIS]);

describe('eBay orders report', () => {
  it('turns each item into a sale with its share of the order, and leaves the junk lines around the table out', async () => {
    const { transactions, problems } = await parseAll('ebay-orders', text, { defaultDepartureCountry: 'DE' });

    expect(transactions[0]).toEqual({
      source: 'ebay-orders',
      lineNumber: 3,
      type: 'SALE',
      eventId: '01-11111-11111',
      activityId: '2900000000001',
      taxPointDate: '2024-03-15',
      completeDate: '2024-03-15',
      marketplace: 'eBay',
      salesChannel: null,
      departureCountry: 'DE',
      arrivalCountry: 'FR',
      taxableJurisdiction: null,
      currency: 'EUR',
      netAmount: '29.89',
      vatAmount: '0.00',
      grossAmount: '29.89',
      // No tax stated on a consumer's price: the engine takes the VAT out of it (decision 039).
      vatRate: '0',
      buyerVatNumber: null,
      sellerVatNumber: null,
      isExport: false,
      taxReportingScheme: null,
      taxCollectionResponsibility: null,
      quantity: 1,
      sku: 'MUG-RED',
    });

    const uk = transactions.filter((tx) => tx.eventId === '02-22222-22222');
    expect(uk.map((tx) => [tx.lineNumber, tx.activityId, tx.sku, tx.quantity, tx.grossAmount])).toEqual([
      [5, '2900000000002', 'SPOON', 2, '22.00'],
      [6, '2900000000003', '256000000003', 1, '11.00'],
    ]);
    expect(sumMoney(uk.map((tx) => money(tx.grossAmount))).toFixed(2)).toBe('33.00');
    expect(uk.every((tx) => tx.currency === 'GBP' && tx.departureCountry === 'GB' && tx.arrivalCountry === 'GB')).toBe(
      true,
    );
    expect(uk[0]?.taxPointDate).toBe('2024-03-16');

    expect(transactions.find((tx) => tx.eventId === '03-33333-33333')).toMatchObject({
      departureCountry: 'DE',
      arrivalCountry: 'NO',
      currency: 'EUR',
      netAmount: '20.00',
      vatAmount: '5.00',
      grossAmount: '25.00',
      vatRate: '0.25',
      taxCollectionResponsibility: 'MARKETPLACE',
      activityId: '1',
      taxPointDate: '2024-03-17',
    });
    expect(transactions.find((tx) => tx.eventId === '04-44444-44444')).toMatchObject({
      departureCountry: 'DE',
      arrivalCountry: 'DE',
      netAmount: '1000.00',
      vatAmount: '190.00',
      grossAmount: '1190.00',
      vatRate: null,
      taxCollectionResponsibility: null,
    });
    expect(transactions).toHaveLength(5);

    expect(problems).toEqual([
      {
        lineNumber: 9,
        column: 'Sale Date',
        code: 'bad-date',
        message: 'Line 9: Sale Date "03/04/24" is not a date (expected e.g. Mar-15-24, 15.03.2024 or 2024-03-15).',
      },
      {
        lineNumber: 10,
        column: 'Ship To Country',
        code: 'unknown-country',
        message: 'Line 10: "Atlantis" is not a country.',
      },
    ]);
  });

  it('gives each sale the treatment its countries and eBay’s collection make', async () => {
    const { transactions } = await parseAll('ebay-orders', text, { defaultDepartureCountry: 'DE' });
    const profile = { establishmentCountry: 'DE', ioss: null };
    expect(transactions.map((tx) => [tx.eventId, classifyTransaction(tx, profile)])).toEqual([
      ['01-11111-11111', 'intra-eu-distance-sale'],
      ['02-22222-22222', 'domestic-sale'],
      ['02-22222-22222', 'domestic-sale'],
      ['03-33333-33333', 'marketplace-deemed-supplier'],
      ['04-44444-44444', 'domestic-sale'],
    ]);
  });

  it('makes a sale to a business with a VAT number of another member state an intra-Community supply, and drops any other tax id', async () => {
    const business = {
      ...TO_FRANCE,
      'Buyer Tax Identifier Name': 'VAT',
      'Buyer Tax Identifier Value': 'FR 403 032 650 45',
    };
    const codiceFiscale = {
      ...TO_FRANCE,
      'Order Number': '09-99999-99999',
      'Ship To Country': 'Italy',
      'Buyer Tax Identifier Name': 'CODICE_FISCALE',
      'Buyer Tax Identifier Value': 'RSSMRA80A01H501U',
    };
    // A French business having the goods sent to Belgium: still identified in another member state than Germany.
    const elsewhere = { ...business, 'Order Number': '10-10101-10101', 'Ship To Country': 'Belgium' };
    // A German VAT number for goods leaving Germany zero-rates nothing; a number with wrong check digits is no number.
    const german = { ...business, 'Order Number': '11-11111-11111', 'Buyer Tax Identifier Value': 'DE136695976' };
    const broken = { ...business, 'Order Number': '12-12121-12121', 'Buyer Tax Identifier Value': 'FR40303265046' };
    const { transactions } = await parseAll(
      'ebay-orders',
      reportText([business, codiceFiscale, elsewhere, german, broken]),
      { defaultDepartureCountry: 'DE' },
    );
    const profile = { establishmentCountry: 'DE', ioss: null };
    expect(transactions.map((tx) => [tx.buyerVatNumber, classifyTransaction(tx, profile)])).toEqual([
      ['FR40303265045', 'intra-eu-b2b-supply'],
      [null, 'intra-eu-distance-sale'],
      ['FR40303265045', 'intra-eu-b2b-supply'],
      [null, 'intra-eu-distance-sale'],
      [null, 'intra-eu-distance-sale'],
    ]);
    expect(JSON.stringify(transactions)).not.toContain('RSSMRA80A01H501U');
  });

  it('takes the departure from the company where the report names no Item Country', async () => {
    const { transactions } = await parseAll('ebay-orders', reportText([SELLER_TAXED]), {
      defaultDepartureCountry: 'AT',
    });
    expect(transactions[0]?.departureCountry).toBe('AT');
  });

  it('never carries a buyer’s name, e-mail, address or phone into what it makes of the file', async () => {
    const everything = JSON.stringify(await parseAll('ebay-orders', text, { defaultDepartureCountry: 'DE' }));
    for (const value of Object.values(PERSONAL)) expect(everything).not.toContain(value);
  });

  it('reads the same however the upload splits the bytes', async () => {
    const whole = await parseAll('ebay-orders', text, { defaultDepartureCountry: 'DE' });
    for (const size of [1, 7, { seed: 3 }]) {
      expect(await parseAll('ebay-orders', chunked(text, size), { defaultDepartureCountry: 'DE' })).toMatchObject({
        transactions: whole.transactions,
        problems: whole.problems,
      });
    }
  });

  it('refuses an order whose amounts name no currency, or two', async () => {
    const bare = { ...TO_FRANCE, 'Sold For': '24.99', 'Shipping And Handling': '4.90', 'Total Price': '29.89' };
    const mixed = { ...TO_FRANCE, 'Order Number': '07-77777-77777', 'Total Price': '£29.89' };
    const { transactions, problems } = await parseAll('ebay-orders', reportText([bare, mixed]));
    expect(transactions).toEqual([]);
    expect(problems.map(({ code, message }) => [code, message])).toEqual([
      [
        'missing-currency',
        'Line 3: Order "01-11111-11111" names no currency: its amounts carry no currency sign or code.',
      ],
      ['bad-currency', 'Line 4: Order "07-77777-77777" mixes currencies (EUR, GBP).'],
    ]);
  });

  it('refuses an order without its Total Price or an item without its price, rather than taking nothing', async () => {
    const noTotal = { ...TO_FRANCE, 'Total Price': '' };
    const noPrice = { ...TO_FRANCE, 'Order Number': '08-88888-88888', 'Sold For': '' };
    const { transactions, problems } = await parseAll('ebay-orders', reportText([noTotal, noPrice]));
    expect(transactions).toEqual([]);
    expect(problems.map(({ column, code, message }) => [column, code, message])).toEqual([
      ['Total Price', 'missing-amount', 'Line 3: Total Price is empty.'],
      ['Sold For', 'missing-amount', 'Line 4: Sold For is empty.'],
    ]);
  });

  it('names the columns a report lacks, and tells a file of another kind apart', async () => {
    const withoutPrice = EBAY_ORDER_COLUMNS.filter((column) => column !== 'Total Price' && column !== 'Sold For');
    await expect(
      parseAll('ebay-orders', tableText(withoutPrice, [TO_FRANCE], { delimiter: ',' })),
    ).rejects.toMatchObject({
      code: 'missing-columns',
      message: 'The eBay orders report lacks the columns Sold For, Total Price.',
    });
    await expect(parseAll('ebay-orders', 'Bestellnummer;Verkaufsdatum\n1;2\n')).rejects.toBeInstanceOf(FileFormatError);
    await expect(parseAll('ebay-orders', 'Bestellnummer;Verkaufsdatum\n1;2\n')).rejects.toMatchObject({
      code: 'unknown-format',
    });
  });
});

describe('marketplace cells', () => {
  it('reads amounts with their currency signs, in either decimal convention', () => {
    expect(readMarketplaceAmount('£12.99')).toEqual({ amount: '12.99', currency: 'GBP' });
    expect(readMarketplaceAmount('US $1,234.50')).toEqual({ amount: '1234.50', currency: 'USD' });
    expect(readMarketplaceAmount('AU $5.00')).toEqual({ amount: '5.00', currency: 'AUD' });
    expect(readMarketplaceAmount('EUR 12,99')).toEqual({ amount: '12.99', currency: 'EUR' });
    expect(readMarketplaceAmount('1.234,56 €')).toEqual({ amount: '1234.56', currency: 'EUR' });
    expect(readMarketplaceAmount('-£3.00')).toEqual({ amount: '-3.00', currency: 'GBP' });
    expect(readMarketplaceAmount('£-3.00')).toEqual({ amount: '-3.00', currency: 'GBP' });
    expect(readMarketplaceAmount('12,50 zł')).toEqual({ amount: '12.50', currency: 'PLN' });
    expect(readMarketplaceAmount('1,234')).toEqual({ amount: '1234', currency: null });
    expect(readMarketplaceAmount('9.99')).toEqual({ amount: '9.99', currency: null });
    for (const text of ['', 'free', '£', '£1.2.3,4,5', '€5 €', '12,3,4'])
      expect(readMarketplaceAmount(text)).toBeUndefined();
  });

  it('reads dates in eBay’s layouts and refuses a slash date that could be read two ways', () => {
    expect(readMarketplaceDate('Mar-15-24')).toBe('2024-03-15');
    expect(readMarketplaceDate('Mar-15-2024 10:34:05 PDT')).toBe('2024-03-15');
    expect(readMarketplaceDate('15-Mar-24')).toBe('2024-03-15');
    expect(readMarketplaceDate('15 Mär 2024')).toBe('2024-03-15');
    expect(readMarketplaceDate('Mar 15, 2024')).toBe('2024-03-15');
    expect(readMarketplaceDate('15. Dez 2024')).toBe('2024-12-15');
    expect(readMarketplaceDate('15.03.24')).toBe('2024-03-15');
    expect(readMarketplaceDate('2024-03-15T10:00:00Z')).toBe('2024-03-15');
    for (const text of ['03/04/24', 'Feb-30-24', 'Foo-15-24', 'yesterday', ''])
      expect(readMarketplaceDate(text)).toBeUndefined();
  });

  it('reads countries by their English or German names, the whole world', () => {
    expect(readCountryName('United Kingdom')).toBe('GB');
    expect(readCountryName('Deutschland')).toBe('DE');
    expect(readCountryName('united states')).toBe('US');
    expect(readCountryName('Australien')).toBe('AU');
    expect(readCountryName('FR')).toBe('FR');
    expect(readCountryName('Atlantis')).toBeUndefined();
    expect(readCountryName('')).toBeUndefined();
  });
});
