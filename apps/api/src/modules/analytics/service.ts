import {
  ANALYTICS_BREAKDOWNS,
  type Analytics,
  type AnalyticsBreakdown,
  type AnalyticsFigures,
  type AnalyticsLine,
  type AnalyticsQuery,
} from '@vatlas/contract';
import { addIsoDays, convertToEur, type ExchangeRateTable, monthsBetween } from '@vatlas/domain';
import BigBase from 'big.js';
import type { Db } from '../../db/client';
import { loadExchangeRateTable } from '../exchange-rates/repository';
import { type AnalyticsDaySum, type AnalyticsDimension, type MonthDays, selectAnalyticsDaySums } from './repository';

/** A private constructor so a global change of `Big.DP`/`Big.RM` elsewhere cannot change a sum. */
const Decimal = BigBase();
Decimal.DP = 40;
Decimal.RM = BigBase.roundHalfUp;

/**
 * How far back from a tax-point day the rate of the previous publication day is looked for (the tax engine's rule for
 * local returns): the ECB never goes more than four days without a publication, so a longer gap means missing data.
 */
const RATE_LOOKBACK_DAYS = 7;

/** First and last day of the months `from`…`to`. */
export function daysOfMonths(from: string, to: string): MonthDays {
  const [year, month] = to.split('-').map(Number) as [number, number];
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return { fromDate: `${from}-01`, toDate: `${to}-${String(lastDay).padStart(2, '0')}` };
}

/** Each month of the span with its first and last day: the sums are read a month at a time (`selectAnalyticsDaySums`). */
export const monthDaysOf = (query: AnalyticsQuery): MonthDays[] =>
  monthsBetween(query.from, query.to).map((month) => daysOfMonths(month, month));

/** The rate (units per EUR) of `date` or the previous publication day; undefined when there is none. */
function rateOn(rates: ExchangeRateTable, currency: string, date: string): string | undefined {
  if (currency === 'EUR') return '1';
  const coverage = rates.coverage;
  if (coverage === undefined || date > coverage.to || date < coverage.from) return undefined;
  for (let offset = 0; offset <= RATE_LOOKBACK_DAYS; offset += 1) {
    const found = rates.findRate(currency, addIsoDays(date, -offset));
    if (found.kind === 'rate') return found.rate;
    // The first publication day decides: a currency it quotes as N/A is missing, not taken from an older day.
    if (found.reason !== 'not-published') return undefined;
  }
  return undefined;
}

type Accumulator = { net: BigBase; vat: BigBase; gross: BigBase; count: number; unconverted: number };

const emptyAccumulator = (): Accumulator => ({
  net: new Decimal(0),
  vat: new Decimal(0),
  gross: new Decimal(0),
  count: 0,
  unconverted: 0,
});

const toFigures = (sum: Accumulator): AnalyticsFigures => ({
  netEur: sum.net.toFixed(2),
  vatEur: sum.vat.toFixed(2),
  grossEur: sum.gross.toFixed(2),
  transactionCount: sum.count,
  unconvertedCount: sum.unconverted,
});

const BREAKDOWN_OF_DIMENSION: Record<Exclude<AnalyticsDimension, 'total'>, AnalyticsBreakdown> = {
  country: 'byCountry',
  arrival: 'byArrivalCountry',
  channel: 'byChannel',
  rate: 'byRate',
};

/** A sum's text is zero ("0", "0.00", "-0.00"): no rate is needed to convert it. */
const isZero = (amount: string) => /^-?0+(\.0+)?$/.test(amount);

/**
 * Shapes day sums into the analytics answer. Each (day, currency[, dimension]) sum is converted to EUR with
 * `convertToEur` (amount ÷ the ECB rate of the day or the previous publication day, half-up to the cent), then added
 * as exact decimals. A sum without a rate (or without a currency, unless it is zero) stays out of the EUR figures and
 * is counted as unconverted.
 */
export function shapeAnalytics(
  query: AnalyticsQuery,
  sums: readonly AnalyticsDaySum[],
  rates: ExchangeRateTable,
): Analytics {
  const totals = emptyAccumulator();
  const months = new Map(monthsBetween(query.from, query.to).map((month) => [month, emptyAccumulator()]));
  const breakdowns = new Map<AnalyticsBreakdown, Map<string | null, Accumulator>>(
    ANALYTICS_BREAKDOWNS.filter((name) => name !== 'byMonth').map((name) => [name, new Map()]),
  );
  const unconverted = new Map<string | null, { transactionCount: number; days: Set<string> }>();
  // A day's rate serves every sum of that day and currency (the total's and each breakdown's): looked up once.
  const dayRates = new Map<string, string | undefined>();
  const rateOf = (currency: string, date: string): string | undefined => {
    const key = `${currency} ${date}`;
    if (dayRates.has(key)) return dayRates.get(key);
    const rate = rateOn(rates, currency, date);
    dayRates.set(key, rate);
    return rate;
  };

  for (const sum of sums) {
    const targets: Accumulator[] = [];
    if (sum.dimension === 'total') {
      targets.push(totals);
      const month = months.get(sum.date.slice(0, 7));
      if (month) targets.push(month);
    } else {
      const lines = breakdowns.get(BREAKDOWN_OF_DIMENSION[sum.dimension]) as Map<string | null, Accumulator>;
      let line = lines.get(sum.key);
      if (!line) {
        line = emptyAccumulator();
        lines.set(sum.key, line);
      }
      targets.push(line);
    }

    const allZero = isZero(sum.netAmount) && isZero(sum.vatAmount) && isZero(sum.grossAmount);
    const rate = sum.currency === null ? undefined : rateOf(sum.currency, sum.date);
    for (const target of targets) target.count += sum.transactionCount;
    if (allZero) continue;
    if (rate === undefined || sum.currency === null) {
      for (const target of targets) target.unconverted += sum.transactionCount;
      if (sum.dimension === 'total') {
        let missing = unconverted.get(sum.currency);
        if (!missing) {
          missing = { transactionCount: 0, days: new Set() };
          unconverted.set(sum.currency, missing);
        }
        missing.transactionCount += sum.transactionCount;
        missing.days.add(sum.date);
      }
      continue;
    }
    // EUR sums are exact cents already: no division. Others: amount ÷ rate, half-up to the cent.
    const currency = sum.currency;
    const convert = (amount: string) => (currency === 'EUR' ? amount : convertToEur(amount, currency, rate));
    const net = convert(sum.netAmount);
    const vat = convert(sum.vatAmount);
    const gross = convert(sum.grossAmount);
    for (const target of targets) {
      target.net = target.net.plus(net);
      target.vat = target.vat.plus(vat);
      target.gross = target.gross.plus(gross);
    }
  }

  const byGrossDescending = (lines: Map<string | null, Accumulator>): AnalyticsLine[] =>
    [...lines]
      .sort(([keyA, a], [keyB, b]) => b.gross.cmp(a.gross) || String(keyA).localeCompare(String(keyB)))
      .map(([key, sum]) => ({ key, ...toFigures(sum) }));
  const byRate = [...(breakdowns.get('byRate') as Map<string | null, Accumulator>)]
    .sort(([keyA], [keyB]) => {
      if (keyA === null) return 1;
      if (keyB === null) return -1;
      return new Decimal(keyB).cmp(keyA);
    })
    .map(([key, sum]) => ({ key, ...toFigures(sum) }));

  return {
    from: query.from,
    to: query.to,
    currency: 'EUR',
    totals: toFigures(totals),
    byMonth: [...months].map(([key, sum]) => ({ key, ...toFigures(sum) })),
    byCountry: byGrossDescending(breakdowns.get('byCountry') as Map<string | null, Accumulator>),
    byArrivalCountry: byGrossDescending(breakdowns.get('byArrivalCountry') as Map<string | null, Accumulator>),
    byChannel: byGrossDescending(breakdowns.get('byChannel') as Map<string | null, Accumulator>),
    byRate,
    unconverted: [...unconverted]
      .sort(([a], [b]) => String(a).localeCompare(String(b)))
      .map(([currency, missing]) => ({
        currency,
        transactionCount: missing.transactionCount,
        days: missing.days.size,
      })),
  };
}

export async function getAnalytics(db: Db, companyId: string, query: AnalyticsQuery): Promise<Analytics> {
  const { fromDate, toDate } = daysOfMonths(query.from, query.to);
  const sums = await selectAnalyticsDaySums(db, companyId, monthDaysOf(query));
  const currencies = [
    ...new Set(sums.flatMap((sum) => (sum.currency && sum.currency !== 'EUR' ? [sum.currency] : []))),
  ];
  const rates =
    currencies.length === 0
      ? undefined
      : await loadExchangeRateTable(db, {
          from: addIsoDays(fromDate, -RATE_LOOKBACK_DAYS),
          // The table's coverage is the stored file's, so a weekend at the end of the span is unpublished, not past it.
          to: toDate,
          currencies,
        });
  const emptyTable: ExchangeRateTable = {
    coverage: undefined,
    findRate: (currency, date) => ({ kind: 'missing-rate', currency, date, reason: 'outside-table' }),
    findOssConversionRate: (currency, date) => ({ kind: 'missing-rate', currency, date, reason: 'outside-table' }),
  };
  return shapeAnalytics(query, sums, rates ?? emptyTable);
}
