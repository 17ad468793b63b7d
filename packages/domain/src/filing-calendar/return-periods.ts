/**
 * Return periods are calendar-aligned: months, two-month terms starting in January (Jan–Feb, Mar–Apr …, as in
 * Ireland and Norway), calendar quarters and calendar years. Countries that let a company pick other boundaries
 * (UK VAT staggers, a Danish or Irish non-calendar year) are outside this model.
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

/** The period of `frequency` that contains `date`. */
export function returnPeriodOf(frequency: ReturnFrequency, date: string): ReturnPeriod {
  assertIsoDate(date, 'date');
  const length = MONTHS_PER_PERIOD[frequency];
  const { year, month } = parseIsoDate(date);
  const first: YearMonth = { year, month: month - ((month - 1) % length) };
  return { start: firstDayOf(first), end: lastDayOf(addMonths(first, length - 1)) };
}

/** Every period of `frequency` that overlaps [from, to] (both inclusive), in order. */
export function returnPeriods(frequency: ReturnFrequency, from: string, to: string): ReturnPeriod[] {
  assertIsoDate(from, 'from');
  assertIsoDate(to, 'to');
  if (from > to) throw new FilingCalendarError('invalid-range', `from ${from} is after to ${to}`);
  const length = MONTHS_PER_PERIOD[frequency];
  const periods: ReturnPeriod[] = [];
  let first: YearMonth = parseIsoDate(returnPeriodOf(frequency, from).start);
  // ISO dates compare as strings, so no Date objects are needed to walk the range.
  while (firstDayOf(first) <= to) {
    periods.push({ start: firstDayOf(first), end: lastDayOf(addMonths(first, length - 1)) });
    first = addMonths(first, length);
  }
  return periods;
}
