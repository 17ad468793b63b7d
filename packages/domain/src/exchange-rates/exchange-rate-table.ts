import BigBase from 'big.js';
import type { EcbRateRow } from './ecb-csv';

/**
 * The ECB euro reference rates as a pure lookup, and the OSS conversion rule: amounts in another currency are
 * converted "using the exchange rate applying on the last date of the tax period, as published by the European
 * Central Bank for that day, or, if there is no publication on that day, on the next day of publication" — Art. 366
 * and the identical Art. 369xh of Directive 2006/112/EC [NWB-366] [NWB-369xh] (Art. 369h for the Union scheme).
 * A missing rate is a data problem the caller reports; it is never replaced by 1.0.
 */

const EUR = 'EUR';

/** A private constructor, so a change of the global `Big.DP`/`Big.RM` elsewhere cannot change a comparison. */
const Decimal = BigBase();

/**
 * How far past the period end the OSS rule looks for the next publication day. The longest TARGET closures are a
 * weekend joined to Christmas or Easter: the ECB file from 1999 to 2024-01-19 never goes more than four days without
 * rates, so a longer gap means the table lacks data.
 */
export const OSS_RATE_LOOKAHEAD_DAYS = 7;

/**
 * Why no rate was found:
 * - 'not-published': the table covers the day but has no publication then (or within the look-ahead).
 * - 'not-quoted': the ECB published that day but quoted this currency as N/A, or never quotes it (AED, SAR…).
 * - 'outside-table': the day is before the first or after the last row; the rate file needs refreshing.
 */
export type MissingRateReason = 'not-published' | 'not-quoted' | 'outside-table';

export type RateFound = {
  kind: 'rate';
  currency: string;
  /** The day asked for: the period end for the OSS rule. */
  date: string;
  /** The publication day the rate is of; later than `date` when the OSS rule moved to the next publication. */
  rateDate: string;
  /** Units of `currency` per 1 EUR as a decimal string. */
  rate: string;
};

export type MissingRate = { kind: 'missing-rate'; currency: string; date: string; reason: MissingRateReason };

export type RateLookup = RateFound | MissingRate;

export type ExchangeRateTable = {
  /** The first and last publication day of the rate file, or undefined for an empty one. */
  readonly coverage: { from: string; to: string } | undefined;
  /** The rate published on exactly `date`; EUR is 1 by definition on any day. */
  findRate(currency: string, date: string): RateLookup;
  /** The OSS rate for a period ending on `periodEnd`: that day's rate or the next publication day's. */
  findOssConversionRate(currency: string, periodEnd: string): RateLookup;
};

/** `date` (YYYY-MM-DD) plus `days`, counted in UTC so a daylight-saving change never skips or repeats a day. */
export function addIsoDays(date: string, days: number): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

/**
 * A lookup over `rows`. Their first and last day are the table's coverage, unless `coverage` gives that of the whole
 * rate file `rows` were cut from: a window of it must still tell a day the ECB did not publish (inside the file) from
 * one the file does not reach yet, whatever the window. Days outside the rows given then read as not published, so a
 * window must hold every day its caller looks up.
 */
export function createExchangeRateTable(
  rows: readonly EcbRateRow[],
  options: { coverage?: { from: string; to: string } } = {},
): ExchangeRateTable {
  const byDate = new Map<string, Readonly<Record<string, string>>>();
  for (const row of rows) byDate.set(row.date, row.rates);
  // ISO dates sort as strings, so the coverage needs no Date parsing.
  const dates = [...byDate.keys()].sort();
  const first = dates[0];
  const last = dates.at(-1);
  const coverage =
    options.coverage ?? (first !== undefined && last !== undefined ? { from: first, to: last } : undefined);
  const isCovered = (date: string) => coverage !== undefined && date >= coverage.from && date <= coverage.to;

  const lookup = (currency: string, date: string, rateDate: string): RateLookup => {
    if (currency === EUR) return { kind: 'rate', currency, date, rateDate, rate: '1' };
    const rates = byDate.get(rateDate);
    if (!rates) {
      return { kind: 'missing-rate', currency, date, reason: isCovered(rateDate) ? 'not-published' : 'outside-table' };
    }
    const rate = rates[currency];
    return rate === undefined
      ? { kind: 'missing-rate', currency, date, reason: 'not-quoted' }
      : { kind: 'rate', currency, date, rateDate, rate };
  };

  return {
    coverage,
    findRate: (currency, date) => lookup(currency, date, date),
    findOssConversionRate(currency, periodEnd) {
      if (currency === EUR) return lookup(currency, periodEnd, periodEnd);
      for (let offset = 0; offset <= OSS_RATE_LOOKAHEAD_DAYS; offset += 1) {
        const day = addIsoDays(periodEnd, offset);
        // The first publication day decides, even when it quotes this currency as N/A: the article names that day's
        // rate, so a later day's rate would be a different rule, and the gap is reported instead.
        if (byDate.has(day)) return lookup(currency, periodEnd, day);
        // Past the last row we cannot know whether the ECB published; the file needs refreshing, not a guess.
        if (!isCovered(day)) return { kind: 'missing-rate', currency, date: periodEnd, reason: 'outside-table' };
      }
      return { kind: 'missing-rate', currency, date: periodEnd, reason: 'not-published' };
    },
  };
}

const AMOUNT = /^-?\d+(\.\d+)?$/;
const POSITIVE_RATE = /^\d+(\.\d+)?$/;

/**
 * Quotients to three decimal places, cut toward zero (`convertToEur`): a quotient rounds half up to the cent exactly
 * as its three places do, since it lies half a cent or more past its cents exactly when its third place is 5 or more.
 * big.js's division costs a step per place: at 40 places, the analytics' conversions of a year of day sums took
 * 150 ms of a 500 ms answer.
 */
const Quotient = BigBase();
Quotient.DP = 3;
Quotient.RM = BigBase.roundDown;

/**
 * `amount` of `currency` in EUR, rounded ROUND_HALF_UP (halves away from zero, so a credit note mirrors its invoice)
 * to the cent, as a decimal string with two places. The ECB quotes units of currency per 1 EUR, so EUR = amount / rate.
 * big.js divides to three decimal places, cut toward zero, before the single explicit rounding (`Quotient`); no binary
 * float is involved.
 */
export function convertToEur(amount: string, currency: string, rate: string): string {
  if (!AMOUNT.test(amount)) throw new RangeError(`"${amount}" is not a decimal amount`);
  if (!POSITIVE_RATE.test(rate) || new Decimal(rate).eq(0)) throw new RangeError(`"${rate}" is not a positive rate`);
  if (currency === EUR && !new Decimal(rate).eq(1)) throw new RangeError(`EUR converts at 1, not ${rate}`);
  return new Quotient(amount).div(rate).round(2, BigBase.roundHalfUp).toFixed(2);
}
