/**
 * Return periods are calendar-aligned: months, two-month terms starting in January (Jan–Feb, Mar–Apr …, as in
 * Ireland and Norway), calendar quarters and calendar years, unless shifted by an `offset` of whole months: the UK's
 * VAT staggers 2 and 3 are quarters shifted by one and two months (Feb–Apr, Mar–May …; decision 047). Other
 * boundaries a company may pick (a Danish or Irish non-calendar year) are outside this model.
 */
import type { ReturnFrequency } from '../countries/country-rules';
import {
  addMonths,
  assertIsoDate,
  FilingCalendarError,
  firstDayOf,
  lastDayOf,
  parseIsoDate,
  type YearMonth,
} from './calendar-dates';

/** Both days inclusive, ISO dates. */
export type ReturnPeriod = { start: string; end: string };

const MONTHS_PER_PERIOD: Readonly<Record<ReturnFrequency, number>> = {
  monthly: 1,
  'every-two-months': 2,
  quarterly: 3,
  annual: 12,
};

/**
 * The period of `frequency` that contains `date`; with an `offset`, periods begin that many months after the
 * calendar-aligned ones (a quarter with offset 1 runs February to April, and November to January).
 */
export function returnPeriodOf(frequency: ReturnFrequency, date: string, offset = 0): ReturnPeriod {
  assertIsoDate(date, 'date');
  const length = MONTHS_PER_PERIOD[frequency];
  const { year, month } = parseIsoDate(date);
  const intoPeriod = (((month - 1 - offset) % length) + length) % length;
  const first: YearMonth = addMonths({ year, month }, -intoPeriod);
  return { start: firstDayOf(first), end: lastDayOf(addMonths(first, length - 1)) };
}

/** Every period of `frequency` (shifted by `offset` months) that overlaps [from, to] (both inclusive), in order. */
export function returnPeriods(frequency: ReturnFrequency, from: string, to: string, offset = 0): ReturnPeriod[] {
  assertIsoDate(from, 'from');
  assertIsoDate(to, 'to');
  if (from > to) throw new FilingCalendarError('invalid-range', `from ${from} is after to ${to}`);
  const length = MONTHS_PER_PERIOD[frequency];
  const periods: ReturnPeriod[] = [];
  let first: YearMonth = parseIsoDate(returnPeriodOf(frequency, from, offset).start);
  // ISO dates compare as strings, so no Date objects are needed to walk the range.
  while (firstDayOf(first) <= to) {
    periods.push({ start: firstDayOf(first), end: lastDayOf(addMonths(first, length - 1)) });
    first = addMonths(first, length);
  }
  return periods;
}
