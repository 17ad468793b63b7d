import type { ExpectedTotals } from './expected-totals';
import type { SyntheticVtrOptions } from './generate-vtr';
import { generateVtrText } from './write-vtr';

/**
 * Rows per monthly report of the demo company (Nordlicht Trading GmbH, seller@vatlas.test): enough for charts and
 * several pages of transactions, few enough that seeding 12 months stays within a few seconds on PGlite.
 */
export const DEMO_VTR_ROWS_PER_MONTH = 400;

/** The demo company is established in Germany, keeps stock in Germany and France (where it is registered) and
 * declares its distance sales through the German OSS. */
export const DEMO_VTR_SELLER_COUNTRY = 'DE';
export const DEMO_VTR_STOCK_COUNTRIES = ['DE', 'FR'] as const;

export type DemoVtrMonth = {
  /** `YYYY-MM`. */
  month: string;
  /** As Amazon names the monthly report (research §3a). */
  fileName: string;
  text: string;
  expected: ExpectedTotals;
};

function addMonths(month: string, count: number): string {
  const [year, monthNumber] = month.split('-').map(Number);
  if (year === undefined || monthNumber === undefined || !/^\d{4}-\d{2}$/.test(month)) {
    throw new Error(`Not a YYYY-MM month: ${month}`);
  }
  const index = year * 12 + (monthNumber - 1) + count;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

function lastDayOf(month: string): string {
  const [year, monthNumber] = month.split('-').map(Number);
  const day = new Date(Date.UTC(year ?? 0, monthNumber ?? 0, 0)).getUTCDate();
  return `${month}-${String(day).padStart(2, '0')}`;
}

export function demoVtrOptions(month: string, seed: number): SyntheticVtrOptions {
  return {
    rows: DEMO_VTR_ROWS_PER_MONTH,
    seed,
    from: `${month}-01`,
    to: lastDayOf(month),
    sellerCountry: DEMO_VTR_SELLER_COUNTRY,
    stockCountries: DEMO_VTR_STOCK_COUNTRIES,
    layout: 95,
    delimiter: '\t',
  };
}

/**
 * One Amazon report per month from `firstMonth` on, each with its own seed derived from `seed`, so the demo seed
 * uploads them as a seller would (refunds stay inside their month's report, as Amazon's monthly file has them).
 */
export function generateDemoVtrMonths(firstMonth: string, months = 12, seed = 2026): DemoVtrMonth[] {
  return Array.from({ length: months }, (_, offset) => {
    const month = addMonths(firstMonth, offset);
    const { text, expected } = generateVtrText(demoVtrOptions(month, seed * 100 + offset));
    return { month, fileName: `Sales Tax Transaction Report_M-${month}.txt`, text, expected };
  });
}
