import { formatMoneyFixed2, money, sumMoney } from '@vatlas/domain';
import { describe, expect, it } from 'vitest';
import { generateVtrText } from '../transaction-upload/synthetic-vtr';
import { DEMO_TRANSACTION_MONTHS, demoTransactionMonths, firstOfLastCompleteMonths } from './demo-transactions';
import { keepEuroRows } from './euro-rows';

/** Data rows by header name, read without the import parser. */
function readRows(text: string): Record<string, string>[] {
  const [header = '', ...lines] = text.split('\r\n').filter((line) => line !== '');
  const columns = header.split('\t');
  return lines.map((line) => {
    const cells = line.split('\t');
    return Object.fromEntries(columns.map((column, index) => [column, cells[index] ?? '']));
  });
}

describe('firstOfLastCompleteMonths', () => {
  it.each([
    ['2026-11-21', 12, '2025-11'],
    ['2026-01-01', 12, '2025-01'],
    ['2026-12-31', 12, '2025-12'],
    ['2026-03-15', 1, '2026-02'],
    ['2026-01-31', 1, '2025-12'],
  ])('on %s the last %i complete months start in %s', (today, count, first) => {
    expect(firstOfLastCompleteMonths(today, count)).toBe(first);
  });

  it('refuses what is not an ISO date', () => {
    expect(() => firstOfLastCompleteMonths('21.11.2026', 12)).toThrow('Not an ISO date');
  });
});

describe('keepEuroRows', () => {
  // Stock in Poland and buyers in Sweden: PLN and SEK rows besides the euro ones.
  const generated = generateVtrText({ rows: 1500, seed: 5, from: '2025-01-01', to: '2025-02-28' });
  const kept = keepEuroRows(generated);
  const keptRows = readRows(kept.text);

  it('drops the rows in other currencies and keeps the euro rows and the rows without a value', () => {
    const currencies = new Set(readRows(generated.text).map((row) => row.TRANSACTION_CURRENCY_CODE));
    expect(currencies).toEqual(new Set(['', 'EUR', 'PLN', 'SEK', 'GBP']));
    expect(new Set(keptRows.map((row) => row.TRANSACTION_CURRENCY_CODE))).toEqual(new Set(['', 'EUR']));
    const euroOrEmpty = readRows(generated.text).filter((row) =>
      ['', 'EUR'].includes(row.TRANSACTION_CURRENCY_CODE ?? ''),
    );
    expect(keptRows).toEqual(euroOrEmpty);
    expect(kept.text.endsWith('\r\n')).toBe(true);
    expect(kept.text.split('\r\n')[0]).toBe(generated.text.split('\r\n')[0]);
  });

  it("keeps exactly the generator's euro buckets, and counts the kept rows by type", () => {
    expect(kept.expected.buckets).toEqual(generated.expected.buckets.filter((bucket) => bucket.currency === 'EUR'));
    expect(kept.expected.buckets.length).toBeLessThan(generated.expected.buckets.length);
    expect(kept.expected.rowCount).toBe(keptRows.length);
    for (const [type, rowCount] of Object.entries(kept.expected.rowsByType)) {
      expect(rowCount).toBe(keptRows.filter((row) => row.TRANSACTION_TYPE === type).length);
    }
  });

  it('leaves buckets that add up to the kept rows, to the cent', () => {
    // A transfer's value is its cost price × QTY (VAT 0), the seller's inbound shipment from another member state's
    // too; one from inside the country is no supply and has no bucket.
    const isCrossBorderInbound = (row: Record<string, string>) =>
      row.TRANSACTION_TYPE === 'INBOUND' && row.SALE_DEPART_COUNTRY !== row.SALE_ARRIVAL_COUNTRY;
    const netOf = (row: Record<string, string>) =>
      row.TRANSACTION_TYPE === 'FC_TRANSFER' || isCrossBorderInbound(row)
        ? money(row.COST_PRICE_OF_ITEMS ?? '').times(row.QTY ?? '')
        : row.TRANSACTION_TYPE === 'INBOUND'
          ? money('0')
          : money(row.TOTAL_ACTIVITY_VALUE_AMT_VAT_EXCL || '0');
    const net = (rows: readonly Record<string, string>[]) => formatMoneyFixed2(sumMoney(rows.map(netOf)));
    const vat = (rows: readonly Record<string, string>[]) =>
      formatMoneyFixed2(sumMoney(rows.map((row) => money(row.TOTAL_ACTIVITY_VALUE_VAT_AMT || '0'))));
    expect(formatMoneyFixed2(sumMoney(kept.expected.buckets.map((bucket) => money(bucket.netAmount))))).toBe(
      net(keptRows),
    );
    expect(formatMoneyFixed2(sumMoney(kept.expected.buckets.map((bucket) => money(bucket.vatAmount))))).toBe(
      vat(keptRows),
    );
  });

  it('refuses a comma-separated report, whose fields it cannot split safely', () => {
    const csv = generateVtrText({ rows: 5, seed: 5, from: '2025-01-01', to: '2025-01-31', delimiter: ',' });
    expect(() => keepEuroRows(csv)).toThrow('tab-separated');
  });
});

describe('demoTransactionMonths', () => {
  const months = demoTransactionMonths('2026-11-21');

  it('is one Amazon report per complete month of the last year, in euro only', () => {
    expect(months.map((month) => month.month)).toEqual([
      '2025-11',
      '2025-12',
      '2026-01',
      '2026-02',
      '2026-03',
      '2026-04',
      '2026-05',
      '2026-06',
      '2026-07',
      '2026-08',
      '2026-09',
      '2026-10',
    ]);
    expect(months).toHaveLength(DEMO_TRANSACTION_MONTHS);
    expect(months[0]?.fileName).toBe('Sales Tax Transaction Report_M-2025-11.txt');
    for (const month of months) {
      const rows = readRows(month.text);
      expect(rows.length).toBe(month.expected.rowCount);
      expect(rows.every((row) => ['', 'EUR'].includes(row.TRANSACTION_CURRENCY_CODE ?? ''))).toBe(true);
      // Every tax point inside its own month: each report stands for its month alone.
      expect(month.expected.buckets.every((bucket) => bucket.month === month.month)).toBe(true);
      expect(new Set(month.expected.buckets.map((bucket) => bucket.scheme))).toEqual(new Set(['local', 'oss', 'none']));
    }
  });

  it.each(['2026-11-21', '2027-06-01'])('repeats no transaction across the twelve reports (today %s)', (today) => {
    // The import's identity of a row: event, activity, type and SKU (transaction-identity.ts).
    const identities = demoTransactionMonths(today).flatMap((month) =>
      readRows(month.text).map((row) =>
        [row.TRANSACTION_EVENT_ID, row.ACTIVITY_TRANSACTION_ID, row.TRANSACTION_TYPE, row.SELLER_SKU].join('|'),
      ),
    );
    expect(new Set(identities).size).toBe(identities.length);
  });

  it('gives the same files for the same day', () => {
    expect(demoTransactionMonths('2026-11-21').map((month) => month.text)).toEqual(months.map((month) => month.text));
  });
});
