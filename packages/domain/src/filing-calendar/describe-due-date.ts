/**
 * A deadline rule in plain English ("10th of the month after the period, moved to the next working day when it
 * falls on a weekend or public holiday"), built from the rule data so the words can never disagree with the date.
 * Kept apart from `due-date.ts` so showing a rule does not load the holiday data.
 */
import { type DeadlineQuery, type DeadlineShift, type DueDateRule, findDeadlineRule } from './filing-rules';

const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

const ORDINAL_SUFFIXES: Readonly<Record<number, string>> = { 1: 'st', 2: 'nd', 3: 'rd' };

function ordinal(value: number): string {
  const lastTwo = value % 100;
  if (lastTwo >= 11 && lastTwo <= 13) return `${value}th`;
  return `${value}${ORDINAL_SUFFIXES[value % 10] ?? 'th'}`;
}

function monthAfter(monthsAfter: number): string {
  return monthsAfter === 1 ? 'the month after the period' : `the ${ordinal(monthsAfter)} month after the period`;
}

function plural(count: number, unit: string): string {
  return `${count} ${unit}${count === 1 ? '' : 's'}`;
}

export function describeDueDateRule(rule: DueDateRule): string {
  switch (rule.kind) {
    case 'day-of-month': {
      // Grouped by day, so Sweden reads "the 17th in January and August".
      const monthsByDay = new Map<number, string[]>();
      for (const { month, day } of rule.dueMonthExceptions ?? []) {
        monthsByDay.set(day, [...(monthsByDay.get(day) ?? []), MONTH_NAMES[month - 1] ?? String(month)]);
      }
      const exceptions = [...monthsByDay]
        .map(([day, months]) => `the ${ordinal(day)} in ${months.join(' and ')}`)
        .join(', ');
      return `${ordinal(rule.day)} of ${monthAfter(rule.monthsAfter)}${exceptions ? ` (${exceptions})` : ''}`;
    }
    case 'last-day-of-month':
      return `last day of ${monthAfter(rule.monthsAfter)}`;
    case 'last-working-day':
      return `last working day of ${monthAfter(rule.monthsAfter)}`;
    case 'working-day-of-month':
      return `${ordinal(rule.workingDay)} working day of ${monthAfter(rule.monthsAfter)}`;
    case 'days-after':
      return `${plural(rule.days, 'day')} after the end of the period`;
    case 'month-and-days-after':
      return rule.days === 0
        ? `${plural(rule.months, 'month')} after the end of the period`
        : `${plural(rule.months, 'month')} and ${plural(rule.days, 'day')} after the end of the period`;
  }
}

/** Whether the rule can land on a weekend or holiday at all; working-day rules never do. */
function canFallOnClosedDay(rule: DueDateRule): boolean {
  return rule.kind !== 'last-working-day' && rule.kind !== 'working-day-of-month';
}

const SHIFT_WORDS: Record<DeadlineShift, string> = {
  'next-working-day': 'moved to the next working day when it falls on a weekend or public holiday',
  none: 'not moved for weekends or public holidays',
};

/** The deadline of one filing in words, e.g. for a tooltip next to its due date. */
export function describeDueDate(query: DeadlineQuery): string {
  const { dueDate, shift } = findDeadlineRule(query);
  const text = describeDueDateRule(dueDate.value);
  const sentence = canFallOnClosedDay(dueDate.value) ? `${text}, ${SHIFT_WORDS[shift.value]}` : text;
  return sentence.charAt(0).toUpperCase() + sentence.slice(1);
}
