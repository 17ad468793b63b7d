import { formatMoneyFixed2, money, rateFraction } from '../money';
import type { NormalizedTransaction } from '../transactions/normalized-transaction';
import { findVatRates, type VatRateLookupError } from '../vat';
import type { ExplanationContext } from './explain';
import { computeRowVat } from './row-vat';
import { taxedAtDestination } from './threshold';
import type { TransactionTreatment } from './treatment';
import { ZERO_RATED_GOODS_COUNTRIES } from './vat-due';

/** A stored row as the cross-check needs it. */
export type CrossCheckRow = { treatment: TransactionTreatment } & Pick<
  NormalizedTransaction,
  'taxPointDate' | 'departureCountry' | 'arrivalCountry' | 'taxableJurisdiction' | 'vatRate' | 'netAmount' | 'vatAmount'
>;

/**
 * Where a row's figures disagree with our rules. Rates are fractions (`0.19`) like the file's, amounts decimal
 * strings in the row's currency.
 * - `jurisdiction-differs`: the file taxed the row in another country than our rules give (a threshold or OSS
 *   setting that differs between the marketplace and the company profile, usually).
 * - `rate-not-in-force`: the file's rate is none of the rates of that country on that day.
 * - `zero-rate-expected`: a zero-rated supply (B2B, export, transfer) carries VAT.
 * - `vat-differs`: the file's VAT is not net × rate rounded half-up to the cent.
 * - `rate-missing`: a taxable row without a rate, so its VAT cannot be checked.
 * - `no-rate-data`: Vatlas has no rates for that country and day.
 */
export type CrossCheckDifference =
  | { code: 'jurisdiction-differs'; expected: string; actual: string }
  | { code: 'rate-not-in-force'; jurisdiction: string; date: string; rate: string; ratesInForce: readonly string[] }
  | { code: 'zero-rate-expected'; rate: string }
  | { code: 'vat-differs'; expected: string; actual: string; difference: string }
  | { code: 'rate-missing' }
  | { code: 'no-rate-data'; jurisdiction: string; date: string; reason: VatRateLookupError['kind'] };

/**
 * The differences between a row and our rules: whether its jurisdiction is the one the rules give, whether its rate
 * is in force there on the tax point, and whether its VAT is net × rate to the cent. Rows on which the company owes
 * nothing (movements, marketplace sales) have nothing to check.
 */
export function crossCheckRow(row: CrossCheckRow, context: ExplanationContext): CrossCheckDifference[] {
  const expected = expectedTreatment(row, context);
  if (expected === undefined) return [];
  const differences: CrossCheckDifference[] = [];
  const jurisdiction = row.taxableJurisdiction ?? expected.jurisdiction;
  if (row.taxableJurisdiction !== null && row.taxableJurisdiction !== expected.jurisdiction) {
    differences.push({
      code: 'jurisdiction-differs',
      expected: expected.jurisdiction,
      actual: row.taxableJurisdiction,
    });
  }

  if (row.vatRate === null) {
    if (!expected.zeroRated) differences.push({ code: 'rate-missing' });
    return differences;
  }
  if (expected.zeroRated) {
    if (!money(row.vatRate).eq(0)) differences.push({ code: 'zero-rate-expected', rate: row.vatRate });
  } else {
    const rateCheck = checkRateInForce(jurisdiction, row.taxPointDate, row.vatRate);
    if (rateCheck !== undefined) differences.push(rateCheck);
  }

  const vat = computeRowVat(row.netAmount, row.vatRate);
  if (!money(vat).eq(money(row.vatAmount))) {
    differences.push({
      code: 'vat-differs',
      expected: vat,
      actual: formatMoneyFixed2(money(row.vatAmount)),
      difference: formatMoneyFixed2(money(row.vatAmount).minus(money(vat))),
    });
  }
  return differences;
}

/**
 * Where our rules tax a row and whether zero-rated there; undefined for rows on which the company owes nothing
 * (movements, marketplace sales) or whose countries the file does not give.
 */
export function expectedTreatment(
  row: Pick<CrossCheckRow, 'treatment' | 'taxPointDate' | 'departureCountry' | 'arrivalCountry'>,
  context: ExplanationContext,
): { jurisdiction: string; zeroRated: boolean } | undefined {
  const { departureCountry: from, arrivalCountry: to } = row;
  switch (row.treatment) {
    case 'domestic-sale':
    case 'donation':
      return from === null ? undefined : { jurisdiction: from, zeroRated: false };
    case 'intra-eu-distance-sale': {
      if (from === null || to === null) return undefined;
      const { profile, threshold } = context;
      const destination =
        (profile.oss !== null && profile.oss.from <= row.taxPointDate) ||
        taxedAtDestination({ date: row.taxPointDate, departureCountry: from }, profile, threshold);
      return { jurisdiction: destination ? to : from, zeroRated: false };
    }
    case 'intra-eu-b2b-supply':
    case 'export':
    case 'own-goods-transfer':
      return from === null ? undefined : { jurisdiction: from, zeroRated: true };
    case 'import-ioss':
    case 'import':
      return to === null ? undefined : { jurisdiction: to, zeroRated: false };
    case 'non-eu-movement':
    case 'inbound-movement':
    case 'return-movement':
    case 'domestic-movement':
    case 'marketplace-deemed-supplier':
    case 'commingling-purchase':
    case 'unclassified':
      return undefined;
  }
}

function checkRateInForce(jurisdiction: string, date: string, rate: string): CrossCheckDifference | undefined {
  // Northern Ireland charges the UK's rates.
  const found = findVatRates(jurisdiction === 'XI' ? 'GB' : jurisdiction, date);
  if (!found.ok) return { code: 'no-rate-data', jurisdiction, date, reason: found.error.kind };
  const percents = [
    ...Object.values(found.period.rates),
    // Regions with a rate of their own (Madeira, the French overseas departments); those listed at 0 (Heligoland,
    // the Canaries) are outside the VAT area, so 0 is not a rate of the country.
    ...found.period.regionalExceptions.map((exception) => exception.standard).filter((rate) => !money(rate).eq(0)),
    ...(ZERO_RATED_GOODS_COUNTRIES.includes(jurisdiction) ? ['0'] : []),
  ];
  const ratesInForce = [...new Set(percents.map((percent) => rateFraction(percent).toFixed()))].sort(
    (a, b) => Number.parseFloat(a) - Number.parseFloat(b), // ordering only; the rates stay strings
  );
  return ratesInForce.some((inForce) => money(inForce).eq(money(rate)))
    ? undefined
    : { code: 'rate-not-in-force', jurisdiction, date, rate, ratesInForce };
}
