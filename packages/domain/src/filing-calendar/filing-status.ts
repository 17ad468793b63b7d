import { assertIsoDate, daysBetween } from './calendar-dates';

/**
 * How many days ahead a filing counts as due soon. The product specification sets no number; two weeks leaves time to
 * collect a period's data and to file through a representative.
 */
export const FILING_DUE_SOON_DAYS = 14;

export const FILING_STATUSES = ['upcoming', 'due-soon', 'overdue', 'filed'] as const;
export type FilingStatus = (typeof FILING_STATUSES)[number];

/**
 * Where a filing stands on `today`. A filed return is 'filed' whenever it was filed, late or not: lateness is history
 * (and a penalty matter), not something left to do. Due today is still 'due-soon'; overdue starts the day after.
 */
export function filingStatus(input: { dueDate: string; filedOn: string | null; today: string }): FilingStatus {
  assertIsoDate(input.dueDate, 'dueDate');
  assertIsoDate(input.today, 'today');
  if (input.filedOn !== null) {
    assertIsoDate(input.filedOn, 'filedOn');
    return 'filed';
  }
  const daysLeft = daysBetween(input.today, input.dueDate);
  if (daysLeft < 0) return 'overdue';
  return daysLeft <= FILING_DUE_SOON_DAYS ? 'due-soon' : 'upcoming';
}
