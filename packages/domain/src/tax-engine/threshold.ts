import { isEuCountry } from '../countries';
import { formatMoneyRoundedHalfUp, type Money, money, ZERO } from '../money';
import type { CompanyTaxProfile } from '../transactions/company-tax-profile';
import type { TransactionDaySum } from './day-sum';
import { yearOf } from './periods';

/**
 * The EU-wide €10,000 threshold for intra-EU distance sales (Art. 59c, research §2): net of VAT, all member states of
 * consumption together, per calendar year. Once exceeded, the supply that exceeds it and every later one are taxed
 * in the member state of consumption, for the rest of that year and the whole next year.
 *
 * The database sums per day, so the crossing is known to the day: every supply of the day the total passes €10,000
 * counts as at or after the crossing. The threshold is measured in EUR at the ECB rate of each supply's tax point
 * (or the previous publication day), like the local return of the departure country it decides about.
 */
export const OSS_THRESHOLD_EUR = '10000';

export type OssThresholdYear = {
  year: number;
  /** Intra-EU B2C distance sales of the year, net, in EUR (refunds deducted). */
  distanceSalesEur: string;
  /** The tax point of the day whose supplies took the year's total above €10,000, or null while it has not. */
  crossedOn: string | null;
  /** The previous year's total was above €10,000, so the whole year is taxed at destination. Known only from the
   * sums given: without the previous year's data this is false. */
  exceededPreviousYear: boolean;
  /** True when a missing exchange rate left sales out of the total (see the position's problems). */
  incomplete: boolean;
};

type ToEur = (sum: TransactionDaySum, amount: string, rule: { kind: 'tax-point'; date: string }) => Money | undefined;

export function computeOssThresholds(
  sums: readonly TransactionDaySum[],
  toEur: ToEur,
): { years: OssThresholdYear[]; byYear: ReadonlyMap<number, OssThresholdYear> } {
  const days = new Map<string, { eur: Money; incomplete: boolean }>();
  for (const sum of sums) {
    if (sum.treatment !== 'intra-eu-distance-sale') continue;
    const eur = toEur(sum, sum.netAmount, { kind: 'tax-point', date: sum.date });
    const day = days.get(sum.date) ?? { eur: ZERO, incomplete: false };
    days.set(sum.date, {
      eur: eur === undefined ? day.eur : day.eur.plus(eur),
      incomplete: day.incomplete || eur === undefined,
    });
  }

  const limit = money(OSS_THRESHOLD_EUR);
  const totals = new Map<number, { eur: Money; crossedOn: string | null; incomplete: boolean }>();
  // ISO dates sort chronologically as text.
  for (const [date, day] of [...days.entries()].sort(([a], [b]) => a.localeCompare(b))) {
    const year = totals.get(yearOf(date)) ?? { eur: ZERO, crossedOn: null, incomplete: false };
    const eur = year.eur.plus(day.eur);
    // Once crossed, a later refund that brings the total back below does not undo it.
    const crossedOn = year.crossedOn ?? (eur.gt(limit) ? date : null);
    totals.set(yearOf(date), { eur, crossedOn, incomplete: year.incomplete || day.incomplete });
  }

  const years = [...totals.entries()]
    .sort(([a], [b]) => a - b)
    .map(([year, total]): OssThresholdYear => {
      const previous = totals.get(year - 1);
      return {
        year,
        distanceSalesEur: formatMoneyRoundedHalfUp(total.eur),
        crossedOn: total.crossedOn,
        exceededPreviousYear: previous !== undefined && previous.crossedOn !== null,
        incomplete: total.incomplete,
      };
    });
  return { years, byYear: new Map(years.map((year) => [year.year, year])) };
}

/**
 * Whether a distance sale (outside OSS) is taxed in the member state of consumption. The threshold relief applies
 * only to a supplier established in one member state whose goods leave from there (Art. 59c(1)); a sale from stock
 * in another state, or by a seller established outside the EU, is taxed at destination from the first euro.
 */
export function taxedAtDestination(
  sum: Pick<TransactionDaySum, 'date' | 'departureCountry'>,
  profile: Pick<CompanyTaxProfile, 'establishmentCountry'>,
  year: OssThresholdYear | undefined,
): boolean {
  if (!isEuCountry(profile.establishmentCountry) || sum.departureCountry !== profile.establishmentCountry) return true;
  if (year === undefined) return false;
  return year.exceededPreviousYear || (year.crossedOn !== null && sum.date >= year.crossedOn);
}
