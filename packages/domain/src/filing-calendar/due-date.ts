import { findCountryRule } from '../countries/country-rules';
import { addIsoDays } from '../exchange-rates/exchange-rate-table';
import {
  addMonths,
  assertIsoDate,
  clampedDayOf,
  daysInMonth,
  FilingCalendarError,
  lastDayOf,
  parseIsoDate,
} from './calendar-dates';
import {
  type DeadlineQuery,
  type DeadlineRule,
  type DeadlineShift,
  type DueDateRule,
  findDeadlineRule,
  findPaymentRule,
} from './filing-rules';
import type { ReturnPeriod } from './return-periods';
import { lastWorkingDayOf, nextWorkingDay, nthWorkingDayOf } from './working-days';

export type DueDateInput = DeadlineQuery & { period: ReturnPeriod };

/** The day `rule` sets for a period ending on `periodEnd`, before any weekend or holiday shift. */
export function applyDueDateRule(rule: DueDateRule, country: string, periodEnd: string): string {
  const end = parseIsoDate(periodEnd);
  switch (rule.kind) {
    case 'day-of-month': {
      const month = addMonths(end, rule.monthsAfter);
      const exception = rule.dueMonthExceptions?.find((candidate) => candidate.month === month.month);
      return clampedDayOf(month, exception?.day ?? rule.day);
    }
    case 'last-day-of-month':
      return lastDayOf(addMonths(end, rule.monthsAfter));
    case 'last-working-day':
      return lastWorkingDayOf(country, addMonths(end, rule.monthsAfter));
    case 'working-day-of-month':
      return nthWorkingDayOf(country, addMonths(end, rule.monthsAfter), rule.workingDay);
    case 'days-after':
      return addIsoDays(periodEnd, rule.days);
    case 'month-and-days-after': {
      // Month end to month end: HMRC's quarter ending 30 June is due 7 August, not 6 August.
      const month = addMonths(end, rule.months);
      const isMonthEnd = end.day === daysInMonth(end);
      return addIsoDays(isMonthEnd ? lastDayOf(month) : clampedDayOf(month, end.day), rule.days);
    }
  }
}

export function applyDeadlineShift(shift: DeadlineShift, country: string, date: string): string {
  return shift === 'next-working-day' ? nextWorkingDay(country, date) : date;
}

/** The day a filing is due: the country's (or scheme's) rule for the period, then its weekend and holiday shift. */
export function dueDate(input: DueDateInput): string {
  assertIsoDate(input.period.start, 'period start');
  assertIsoDate(input.period.end, 'period end');
  if (input.period.start > input.period.end) {
    throw new FilingCalendarError(
      'invalid-range',
      `period ${input.period.start}–${input.period.end} ends before it starts`,
    );
  }
  return dayOfDeadlineRule(findDeadlineRule(input), input.country, input.period.end);
}

/**
 * The day a filing's VAT is paid where that is not the day it is filed (`findPaymentRule`: Croatia's and Portugal's
 * periodic returns, Italy's annual balance); undefined where it is paid with the filing, or nothing is paid.
 */
export function paymentDueDate(input: DueDateInput): string | undefined {
  const rule = findPaymentRule(input);
  return rule === undefined ? undefined : dayOfDeadlineRule(rule, input.country, input.period.end);
}

/** The day `rule` sets for a period of `country` ending on `periodEnd`, weekend and holiday shift included. */
export function dayOfDeadlineRule(rule: DeadlineRule, country: string, periodEnd: string): string {
  // The holiday calendar is keyed by ISO code: Greece's VAT prefix EL and the seller's habit UK map to GR and GB.
  const calendar = findCountryRule(country)?.code ?? country;
  const unshifted = applyDueDateRule(rule.dueDate.value, calendar, periodEnd);
  return applyDeadlineShift(rule.shift.value, calendar, unshifted);
}
