/**
 * Calendar arithmetic on ISO dates (YYYY-MM-DD) for the filing calendar. Everything is counted in UTC so a
 * daylight-saving change never skips or repeats a day; a due date is a calendar day, not an instant.
 */
import { isIsoDate } from '../validation/field-issue';

export type YearMonth = { year: number; month: number };

export class FilingCalendarError extends Error {
  readonly code: 'invalid-date' | 'invalid-range' | 'unknown-country' | 'no-ec-sales-list' | 'no-annual-return';
  constructor(code: FilingCalendarError['code'], message: string) {
    super(message);
    this.name = 'FilingCalendarError';
    this.code = code;
  }
}

export function assertIsoDate(date: string, what: string): void {
  if (!isIsoDate(date)) throw new FilingCalendarError('invalid-date', `${what} is not an ISO date: ${date}`);
}

export function parseIsoDate(date: string): YearMonth & { day: number } {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return { year, month, day };
}

export function formatIsoDate(year: number, month: number, day: number): string {
  return new Date(Date.UTC(year, month - 1, day)).toISOString().slice(0, 10);
}

/** The month `count` months after (or before, when negative) `from`. */
export function addMonths(from: YearMonth, count: number): YearMonth {
  const index = from.year * 12 + (from.month - 1) + count;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
}

/** Every month (YYYY-MM) from `from` to `to`, both inclusive; empty when `to` is earlier. */
export function monthsBetween(from: string, to: string): string[] {
  const [first, last] = [parseIsoDate(`${from}-01`), parseIsoDate(`${to}-01`)];
  const count = (last.year - first.year) * 12 + (last.month - first.month) + 1;
  return Array.from({ length: Math.max(0, count) }, (_, index) => {
    const { year, month } = addMonths(first, index);
    return `${year}-${String(month).padStart(2, '0')}`;
  });
}

export function daysInMonth({ year, month }: YearMonth): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

export function firstDayOf(month: YearMonth): string {
  return formatIsoDate(month.year, month.month, 1);
}

export function lastDayOf(month: YearMonth): string {
  return formatIsoDate(month.year, month.month, daysInMonth(month));
}

/** Day `day` of `month`, or its last day when the month is shorter (a "30th" in February is the 28th or 29th). */
export function clampedDayOf(month: YearMonth, day: number): string {
  return formatIsoDate(month.year, month.month, Math.min(day, daysInMonth(month)));
}

export function isWeekend(date: string): boolean {
  const { year, month, day } = parseIsoDate(date);
  const weekday = new Date(Date.UTC(year, month - 1, day)).getUTCDay();
  return weekday === 0 || weekday === 6;
}

/** Whole days from `from` to `to`; negative when `to` is earlier. */
export function daysBetween(from: string, to: string): number {
  const start = parseIsoDate(from);
  const end = parseIsoDate(to);
  const millis = Date.UTC(end.year, end.month - 1, end.day) - Date.UTC(start.year, start.month - 1, start.day);
  return Math.round(millis / 86_400_000);
}
