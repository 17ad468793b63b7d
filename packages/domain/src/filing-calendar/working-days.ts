/**
 * Working days of a country: Monday to Friday except its national public holidays, taken from `date-holidays`
 * (ISC; its holiday data is CC-BY-3.0). Only holidays of type `public` count: observances, bank and school holidays
 * do not close the tax office. Regional holidays (a German state, a Swiss canton) are left out on purpose: a
 * deadline is set by the national authority, and ignoring a regional holiday can only make a date earlier, never late.
 *
 * This is the only module of the filing calendar that loads the holiday data (about 1 MB), so code that merely
 * formats or classifies filings never pulls it into a browser bundle.
 */
import Holidays from 'date-holidays';
import { addIsoDays } from '../exchange-rates/exchange-rate-table';
import { clampedDayOf, isWeekend, lastDayOf, parseIsoDate, type YearMonth } from './calendar-dates';

/** Public holidays per `COUNTRY-YEAR`, built on first use; the data never changes while the process runs. */
const publicHolidaysByYear = new Map<string, ReadonlySet<string>>();

function publicHolidays(country: string, year: number): ReadonlySet<string> {
  const key = `${country}-${year}`;
  const cached = publicHolidaysByYear.get(key);
  if (cached) return cached;
  const days = new Set(
    new Holidays(country)
      .getHolidays(year)
      .filter((holiday) => holiday.type === 'public')
      // `date` is the local calendar day ("2026-12-25 00:00:00"), independent of the process's time zone.
      .map((holiday) => holiday.date.slice(0, 10)),
  );
  publicHolidaysByYear.set(key, days);
  return days;
}

export function isPublicHoliday(country: string, date: string): boolean {
  return publicHolidays(country, parseIsoDate(date).year).has(date);
}

export function isWorkingDay(country: string, date: string): boolean {
  return !isWeekend(date) && !isPublicHoliday(country, date);
}

/** `date` itself when it is a working day, otherwise the first working day after it. */
export function nextWorkingDay(country: string, date: string): string {
  let day = date;
  while (!isWorkingDay(country, day)) day = addIsoDays(day, 1);
  return day;
}

export function lastWorkingDayOf(country: string, month: YearMonth): string {
  let day = lastDayOf(month);
  while (!isWorkingDay(country, day)) day = addIsoDays(day, -1);
  return day;
}

/** The `n`-th working day of `month` (1 = the first). */
export function nthWorkingDayOf(country: string, month: YearMonth, n: number): string {
  let day = clampedDayOf(month, 1);
  let count = isWorkingDay(country, day) ? 1 : 0;
  while (count < n) {
    day = addIsoDays(day, 1);
    if (isWorkingDay(country, day)) count += 1;
  }
  return day;
}
