import { money, sumMoney } from '@vatlas/domain';
import { describe, expect, it } from 'vitest';
import { FileFormatError } from './format';
import { chunked, parseAll, tableText } from './format-test-kit';
import { allocateByWeights } from './order-amounts';

const COLUMNS = [
  'Name',
  'Email',
  'Financial Status',
  'Paid at',
  'Currency',
  'Subtotal',
  'Shipping',
  'Taxes',
  'Total',
  'Created at',
  'Lineitem quantity',
  'Lineitem name',
  'Lineitem price',
  'Lineitem sku',
  'Billing Name',
  'Billing Street',
  'Billing Country',
  'Shipping Name',
  'Shipping Address1',
  'Shipping Country',
  'Shipping Phone',
  'Cancelled at',
  'Refunded Amount',
  'Id',
  'Lineitem discount',
  'Tax 1 Name',
  'Tax 1 Value',
  'Tax 2 Name',
  'Tax 2 Value',
  'Phone',
];

const PERSONAL = {
  Email: 'erika@example.com',
  'Billing Name': 'Erika Mustermann',
  'Billing Street': 'Hauptstraße 1',
  'Shipping Name': 'Erika Mustermann',
  'Shipping Address1': 'Rue de Rivoli 99',
  'Shipping Phone': '+49 170 1234567',
  Phone: '+49 170 7654321',
};

/** #1001: two lines (2 × 10.00 and 1 × 5.00) plus 4.90 shipping, prices including 19 % German VAT, shipped to FR. */
const ORDER_1001 = [
  {
    ...PERSONAL,
    Name: '#1001',
    'Financial Status': 'paid',
    Currency: 'EUR',
    Subtotal: '25.00',
    Shipping: '4.90',
    Taxes: '4.77',
    Total: '29.90',
    'Created at': '2024-03-01 23:13:13 -0500',
    'Lineitem quantity': '2',
    'Lineitem name': 'Mug',
    'Lineitem price': '10.00',
    'Lineitem sku': 'MUG',
    'Billing Country': 'DE',
    'Shipping Country': 'FR',
    'Refunded Amount': '0.00',
    Id: '5551',
    'Lineitem discount': '0.00',
    'Tax 1 Name': 'DE MwSt 19%',
    'Tax 1 Value': '4.77',
  },
  {
    Name: '#1001',
    'Lineitem quantity': '1',
    'Lineitem name': 'Spoon',
    'Lineitem price': '5.00',
    'Lineitem sku': 'SPOON',
  },
];

/** #1002: one line, half refunded. */
const ORDER_1002 = [
  {
    ...PERSONAL,
    Name: '#1002',
    Currency: 'EUR',
    Taxes: '3.80',
    Total: '23.80',
    'Created at': '2024-03-02 10:00:00 +0100',
    'Lineitem quantity': '1',
    'Lineitem price': '23.80',
    'Shipping Country': 'AT',
    'Refunded Amount': '11.90',
    'Tax 1 Name': 'AT USt 20%',
    'Tax 1 Value': '3.80',
  },
];

/** Cancelled before anything was paid or after a full refund: nothing refunded is left, so nothing was sold. */
const CANCELLED = [
  { ...ORDER_1002[0], Name: '#1003', 'Cancelled at': '2024-03-03 09:00:00 +0100', 'Refunded Amount': '0.00' },
];
const BAD_DATE = [{ ...ORDER_1002[0], Name: '#1004', 'Created at': 'yesterday' }];

const text = tableText(COLUMNS, [...ORDER_1001, ...ORDER_1002, ...CANCELLED, ...BAD_DATE], {
  delimiter: ',',
  lineEnding: '\n',
});

describe('Shopify orders export', () => {
  it('turns each line item into a sale that shares the order total and taxes to the cent', async () => {
    const { transactions } = await parseAll('shopify-orders', text, { defaultDepartureCountry: 'DE' });
    const lines = transactions.filter((row) => row.eventId === '#1001');
    expect(lines).toEqual([
      {
        source: 'shopify-orders',
        lineNumber: 2,
        type: 'SALE',
        eventId: '#1001',
        activityId: '1',
        taxPointDate: '2024-03-01',
        completeDate: '2024-03-01',
        marketplace: null,
        salesChannel: null,
        departureCountry: 'DE',
        arrivalCountry: 'FR',
        taxableJurisdiction: null,
        currency: 'EUR',
        netAmount: '20.10',
        vatAmount: '3.82',
        grossAmount: '23.92',
        vatRate: '0.19',
        buyerVatNumber: null,
        sellerVatNumber: null,
        isExport: false,
        taxReportingScheme: null,
        taxCollectionResponsibility: null,
        quantity: 2,
        sku: 'MUG',
      },
      expect.objectContaining({
        lineNumber: 3,
        activityId: '2',
        netAmount: '5.03',
        vatAmount: '0.95',
        grossAmount: '5.98',
        quantity: 1,
        sku: 'SPOON',
        currency: 'EUR',
        arrivalCountry: 'FR',
      }),
    ]);
    expect(sumMoney(lines.map((line) => money(line.grossAmount))).toFixed(2)).toBe('29.90');
    expect(sumMoney(lines.map((line) => money(line.vatAmount))).toFixed(2)).toBe('4.77');
  });

  it('turns a refunded amount into a refund with the order tax share', async () => {
    const { transactions } = await parseAll('shopify-orders', text);
    expect(transactions.filter((row) => row.eventId === '#1002')).toEqual([
      expect.objectContaining({ type: 'SALE', grossAmount: '23.80', vatAmount: '3.80', vatRate: '0.2' }),
      expect.objectContaining({
        type: 'REFUND',
        activityId: 'refund',
        lineNumber: 4,
        taxPointDate: '2024-03-02',
        grossAmount: '-11.90',
        vatAmount: '-1.90',
        netAmount: '-10.00',
        departureCountry: null,
        arrivalCountry: 'AT',
      }),
    ]);
  });

  it('gives an order without taxes a zero rate: it charged no VAT (decision 039)', async () => {
    const untaxed = [
      {
        ...ORDER_1002[0],
        Name: '#1005',
        Taxes: '0.00',
        'Refunded Amount': '0.00',
        'Tax 1 Name': '',
        'Tax 1 Value': '',
      },
    ];
    const { transactions } = await parseAll('shopify-orders', tableText(COLUMNS, untaxed, { delimiter: ',' }));
    expect(transactions).toEqual([
      expect.objectContaining({ eventId: '#1005', grossAmount: '23.80', vatAmount: '0.00', vatRate: '0' }),
    ]);
  });

  it('leaves a cancelled order that refunded nothing out without a problem, and an order with a bad date with one', async () => {
    const { transactions, problems } = await parseAll('shopify-orders', text);
    expect(transactions.map((row) => row.eventId)).not.toContain('#1003');
    expect(transactions.map((row) => row.eventId)).not.toContain('#1004');
    expect(problems.map((problem) => [problem.lineNumber, problem.column, problem.code])).toEqual([
      [6, 'Created at', 'bad-date'],
    ]);
  });

  it('counts a cancelled order that refunded part of its price for what the seller kept', async () => {
    const kept = [{ ...ORDER_1002[0], Name: '#1006', 'Cancelled at': '2024-03-04 09:00:00 +0100' }];
    const { transactions, problems } = await parseAll('shopify-orders', tableText(COLUMNS, kept, { delimiter: ',' }));
    expect(problems).toEqual([]);
    expect(transactions.map(({ type, grossAmount, vatAmount }) => [type, grossAmount, vatAmount])).toEqual([
      ['SALE', '23.80', '3.80'],
      ['REFUND', '-11.90', '-1.90'],
    ]);
  });

  it('never lets names, addresses, e-mail or phone numbers out', async () => {
    const everything = JSON.stringify(await parseAll('shopify-orders', text));
    for (const value of Object.values(PERSONAL)) expect(everything).not.toContain(value);
  });

  it('gives the same result however the bytes are cut', async () => {
    const whole = await parseAll('shopify-orders', text);
    for (const size of [1, 7, { seed: 9 }]) {
      expect(await parseAll('shopify-orders', chunked(text, size))).toMatchObject({
        transactions: whole.transactions,
        problems: whole.problems,
      });
    }
  });

  it('lists the missing required columns', async () => {
    const error = await parseAll(
      'shopify-orders',
      tableText(
        COLUMNS.filter((name) => name !== 'Taxes' && name !== 'Shipping Country'),
        ORDER_1002,
      ),
    ).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(FileFormatError);
    expect((error as FileFormatError).details).toEqual({ columns: ['Taxes', 'Shipping Country'] });
  });
});

describe('allocateByWeights', () => {
  it('shares cents out exactly, the leftover to the largest remainders', () => {
    const shares = (total: string, weights: string[]) =>
      allocateByWeights(money(total), weights.map(money)).map((share) => share.toFixed(2));
    expect(shares('0.10', ['1', '1', '1'])).toEqual(['0.04', '0.03', '0.03']);
    expect(shares('4.77', ['20', '5'])).toEqual(['3.82', '0.95']);
    expect(shares('10.00', ['0', '0'])).toEqual(['10.00', '0.00']);
    expect(shares('1.00', ['3', '0', '1'])).toEqual(['0.75', '0.00', '0.25']);
    expect(shares('100.00', ['1', '1', '1', '1', '1', '1', '1'])).toEqual([
      '14.29',
      '14.29',
      '14.29',
      '14.29',
      '14.28',
      '14.28',
      '14.28',
    ]);
  });
});
