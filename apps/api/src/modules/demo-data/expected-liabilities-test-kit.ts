import type { LiabilitySummary } from '@vatlas/contract';
import { addMoney, formatMoneyFixed2, type Money, money, ZERO } from '@vatlas/domain';
import type { ExpectedBucket } from '../transaction-upload/synthetic-vtr';

/**
 * Puts the liabilities the API reports and the generator's own expectation side by side, per
 * `jurisdiction|scheme|YYYY-MM`, net and VAT in euro, so a test compares them to the cent. For euro files only: the
 * generator sums each currency apart and the engine converts, so only euro buckets are comparable without redoing
 * the engine's conversion in the test.
 */

export type NetAndVat = { net: string; vat: string };

const keyOf = (jurisdiction: string, scheme: string, month: string) => `${jurisdiction}|${scheme}|${month}`;

/** The months of the summaries, keyed; throws on a line that is not a complete euro line, which this kit cannot compare. */
export function reportedLiabilities(summaries: readonly LiabilitySummary[]): Map<string, NetAndVat> {
  const reported = new Map<string, NetAndVat>();
  for (const summary of summaries) {
    for (const line of summary.jurisdictions) {
      if (line.currency !== 'EUR') throw new Error(`${line.jurisdiction} ${line.scheme} is in ${line.currency}`);
      for (const month of line.months) {
        if (month.isIncomplete || month.netLocal !== month.netEur || month.vatLocal !== month.vatEur) {
          throw new Error(`${line.jurisdiction} ${line.scheme} ${month.periodStart} is not a complete euro line`);
        }
        reported.set(keyOf(line.jurisdiction, line.scheme, month.periodStart.slice(0, 7)), {
          net: month.netEur,
          vat: month.vatEur,
        });
      }
    }
  }
  return reported;
}

/**
 * What the generator expects to be declared: its `local` and `oss` buckets (the `none` ones the marketplace
 * declares). A key the engine reports without a bucket — a month of a jurisdiction with only stock transfers, which
 * carry no value — is expected at zero, so a line the generator does not know must add up to nothing.
 */
export function expectedLiabilities(
  buckets: readonly ExpectedBucket[],
  reportedKeys: Iterable<string> = [],
): Map<string, NetAndVat> {
  const sums = new Map<string, { net: Money; vat: Money }>();
  for (const key of reportedKeys) sums.set(key, { net: ZERO, vat: ZERO });
  for (const bucket of buckets) {
    if (bucket.scheme === 'none') continue;
    if (bucket.currency !== 'EUR') throw new Error(`A ${bucket.currency} bucket cannot be compared in euro`);
    const key = keyOf(bucket.taxableJurisdiction, bucket.scheme, bucket.month);
    const sum = sums.get(key) ?? { net: ZERO, vat: ZERO };
    sums.set(key, { net: addMoney(sum.net, money(bucket.netAmount)), vat: addMoney(sum.vat, money(bucket.vatAmount)) });
  }
  return new Map(
    [...sums].map(([key, sum]) => [key, { net: formatMoneyFixed2(sum.net), vat: formatMoneyFixed2(sum.vat) }]),
  );
}

/** Sorted plain objects, so a failing comparison shows the differing keys side by side. */
export function byKey(amounts: ReadonlyMap<string, NetAndVat>): Record<string, NetAndVat> {
  return Object.fromEntries([...amounts].sort(([a], [b]) => a.localeCompare(b)));
}
