import { TRANSACTION_TYPES, type TransactionType } from '@vatlas/domain';
import { type GeneratedVtrText, VTR_LINE_ENDING } from '../transaction-upload/synthetic-vtr';

/**
 * Keeps the rows of a generated tab-separated report that are in euro, or carry no value (returns, transfers and
 * inbound shipments have no currency), and the generator's own expectation for exactly those rows.
 *
 * Why: the vendored ECB history ends in January 2024, so recent months have no GBP, PLN or SEK rates, and the tax
 * engine would rightly leave those amounts out as missing. A rate is never invented; instead the demo seller sells
 * on the euro marketplaces only, so every figure of its demo is computable and can be checked to the cent. The
 * expectation stays the generator's: its buckets are kept per currency, so dropping the other currencies' buckets
 * leaves the euro ones exactly as the generator summed them.
 */
export function keepEuroRows(generated: GeneratedVtrText): GeneratedVtrText {
  const lines = generated.text.split(VTR_LINE_ENDING);
  if (lines.at(-1) === '') lines.pop();
  const [header, ...rows] = lines;
  if (header === undefined) throw new Error('The generated report has no header.');
  const columns = header.split('\t');
  const currencyColumn = columns.indexOf('TRANSACTION_CURRENCY_CODE');
  const typeColumn = columns.indexOf('TRANSACTION_TYPE');
  if (currencyColumn < 0 || typeColumn < 0) {
    throw new Error('Only a tab-separated report with TRANSACTION_CURRENCY_CODE and TRANSACTION_TYPE can be filtered.');
  }

  const rowsByType = Object.fromEntries(TRANSACTION_TYPES.map((type) => [type, 0])) as Record<TransactionType, number>;
  const kept: string[] = [];
  for (const row of rows) {
    const cells = row.split('\t');
    const currency = cells[currencyColumn] ?? '';
    if (currency !== '' && currency !== 'EUR') continue;
    const type = cells[typeColumn] as TransactionType;
    if (!(type in rowsByType)) throw new Error(`Unknown transaction type in the generated report: ${type}`);
    rowsByType[type] += 1;
    kept.push(row);
  }
  return {
    text: [header, ...kept].map((line) => line + VTR_LINE_ENDING).join(''),
    expected: {
      rowCount: kept.length,
      rowsByType,
      buckets: generated.expected.buckets.filter((bucket) => bucket.currency === 'EUR'),
    },
  };
}
