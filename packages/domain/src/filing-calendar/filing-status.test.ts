import { describe, expect, it } from 'vitest';
import { FILING_DUE_SOON_DAYS, type FilingStatus, filingStatus } from './filing-status';

describe('filingStatus', () => {
  it('counts two weeks as due soon', () => {
    expect(FILING_DUE_SOON_DAYS).toBe(14);
  });

  it.each<{ case: string; dueDate: string; filedOn: string | null; expected: FilingStatus }>([
    { case: 'due today', dueDate: '2026-05-10', filedOn: null, expected: 'due-soon' },
    { case: 'due in 14 days', dueDate: '2026-05-24', filedOn: null, expected: 'due-soon' },
    { case: 'due in 15 days', dueDate: '2026-05-25', filedOn: null, expected: 'upcoming' },
    { case: 'due yesterday', dueDate: '2026-05-09', filedOn: null, expected: 'overdue' },
    { case: 'filed early', dueDate: '2026-06-10', filedOn: '2026-05-02', expected: 'filed' },
    { case: 'filed late', dueDate: '2026-04-10', filedOn: '2026-04-20', expected: 'filed' },
  ])('$case → $expected', ({ dueDate, filedOn, expected }) => {
    expect(filingStatus({ dueDate, filedOn, today: '2026-05-10' })).toBe(expected);
  });

  it('counts calendar days across a year end and a leap day', () => {
    expect(filingStatus({ dueDate: '2028-01-10', filedOn: null, today: '2027-12-27' })).toBe('due-soon');
    expect(filingStatus({ dueDate: '2028-03-14', filedOn: null, today: '2028-02-28' })).toBe('upcoming');
    expect(filingStatus({ dueDate: '2028-03-14', filedOn: null, today: '2028-02-29' })).toBe('due-soon');
  });

  it('refuses a date that is not ISO', () => {
    expect(() => filingStatus({ dueDate: '10/05/2026', filedOn: null, today: '2026-05-10' })).toThrow(
      /not an ISO date/,
    );
  });
});
