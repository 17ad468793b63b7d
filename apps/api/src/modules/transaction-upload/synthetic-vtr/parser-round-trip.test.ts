import { addMoney, formatMoneyFixed2, type Money, money, type NormalizedTransaction } from '@vatlas/domain';
import { describe, expect, it } from 'vitest';
import { parseTransactionFile } from '../formats/format';
import type { ExpectedTotals } from './expected-totals';
import type { SyntheticVtrOptions } from './generate-vtr';
import { generateVtrText } from './write-vtr';

async function* bytesOf(text: string): AsyncGenerator<Uint8Array> {
  const bytes = new TextEncoder().encode(text);
  // Odd chunk sizes, so records and multi-byte letters are cut at every kind of boundary.
  for (let start = 0; start < bytes.length; start += 65_537) yield bytes.subarray(start, start + 65_537);
}

async function parseAll(text: string) {
  const transactions: NormalizedTransaction[] = [];
  let problems = 0;
  for await (const batch of parseTransactionFile('amazon-vtr', bytesOf(text))) {
    transactions.push(...batch.transactions);
    problems += batch.problems.length;
  }
  return { transactions, problems };
}

/** The generator's expectation, summed again from what the import parser made of the file. */
function sumParsed(transactions: NormalizedTransaction[]): ExpectedTotals['buckets'] {
  const sums = new Map<string, { net: Money; vat: Money; gross: Money; rowCount: number }>();
  for (const row of transactions) {
    if (row.currency === null) continue;
    // A transfer is the departure country's, in `local`: between fulfilment centres, or the seller's own shipment into
    // another member state's. An inbound shipment inside one country is valued (cost price) but no supply.
    const isCrossBorder = row.departureCountry !== row.arrivalCountry;
    if (row.type === 'INBOUND' && !isCrossBorder) continue;
    const isTransfer = row.type === 'FC_TRANSFER' || row.type === 'INBOUND';
    const scheme =
      row.taxCollectionResponsibility === 'MARKETPLACE'
        ? 'none'
        : row.taxReportingScheme === 'UNION-OSS'
          ? 'oss'
          : null;
    const isDistanceSale = row.buyerVatNumber === null && !row.isExport && row.departureCountry !== row.arrivalCountry;
    const key = [
      isTransfer ? row.departureCountry : row.taxableJurisdiction,
      isTransfer ? 'local' : (scheme ?? (isDistanceSale ? 'oss' : 'local')),
      row.taxPointDate.slice(0, 7),
      row.currency,
    ].join('|');
    const sum = sums.get(key) ?? { net: money('0'), vat: money('0'), gross: money('0'), rowCount: 0 };
    sums.set(key, {
      net: addMoney(sum.net, money(row.netAmount)),
      vat: addMoney(sum.vat, money(row.vatAmount)),
      gross: addMoney(sum.gross, money(row.grossAmount)),
      rowCount: sum.rowCount + 1,
    });
  }
  return [...sums.entries()]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([key, sum]) => {
      const [taxableJurisdiction = '', scheme = '', month = '', currency = ''] = key.split('|');
      return {
        taxableJurisdiction,
        scheme: scheme as 'local' | 'oss' | 'none',
        month,
        currency,
        netAmount: formatMoneyFixed2(sum.net),
        vatAmount: formatMoneyFixed2(sum.vat),
        grossAmount: formatMoneyFixed2(sum.gross),
        rowCount: sum.rowCount,
      };
    });
}

const BASE: SyntheticVtrOptions = { rows: 3000, seed: 11, from: '2025-01-01', to: '2025-06-30' };

describe('the import parser reading the synthetic VTR', () => {
  it.each([
    ['95 columns, tab-separated', BASE],
    ['92 columns, tab-separated', { ...BASE, layout: 92 as const }],
    ['95 columns, CSV', { ...BASE, delimiter: ',' as const }],
  ])('accepts every row of the %s layout, and its totals are the expectation', async (_name, options) => {
    const { text, expected } = generateVtrText(options);
    const { transactions, problems } = await parseAll(text);
    expect(problems).toBe(0);
    expect(transactions).toHaveLength(options.rows);
    // Every transfer and inbound shipment comes out valued at its cost price: none is left for the data-health alert.
    const movements = transactions.filter((row) => row.type === 'FC_TRANSFER' || row.type === 'INBOUND');
    expect(movements.length).toBeGreaterThan(100);
    expect(movements.every((row) => money(row.netAmount).gt(0) && row.vatAmount === '0')).toBe(true);
    expect(sumParsed(transactions)).toEqual(expected.buckets);
    const serialised = JSON.stringify(transactions);
    // Personal data of the file never reaches the normalised rows.
    expect(serialised).not.toMatch(/Müller|Nowak|Dvořák|Lefèvre|García|Rossi|Öberg|Schröder|Kowalczyk/);
    expect(serialised).not.toMatch(/Hauptstraße|Rue de la Roquette|Floriańska/);
  });
});
