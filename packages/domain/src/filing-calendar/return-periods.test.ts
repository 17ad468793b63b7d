import { describe, expect, it } from 'vitest';
import { FilingCalendarError } from './calendar-dates';
import { returnPeriodOf, returnPeriods } from './return-periods';

describe('returnPeriods', () => {
  it('lists calendar months overlapping the range, across a year end and a leap February', () => {
    expect(returnPeriods('monthly', '2023-12-15', '2024-02-01')).toEqual([
      { start: '2023-12-01', end: '2023-12-31' },
      { start: '2024-01-01', end: '2024-01-31' },
      { start: '2024-02-01', end: '2024-02-29' },
    ]);
  });

  it('lists two-month terms starting in January (Norway, Ireland)', () => {
    expect(returnPeriods('every-two-months', '2025-10-01', '2026-03-01')).toEqual([
      { start: '2025-09-01', end: '2025-10-31' },
      { start: '2025-11-01', end: '2025-12-31' },
      { start: '2026-01-01', end: '2026-02-28' },
      { start: '2026-03-01', end: '2026-04-30' },
    ]);
  });

  it('lists calendar quarters, the range cutting into the first and the last', () => {
    expect(returnPeriods('quarterly', '2025-11-30', '2026-04-01')).toEqual([
      { start: '2025-10-01', end: '2025-12-31' },
      { start: '2026-01-01', end: '2026-03-31' },
      { start: '2026-04-01', end: '2026-06-30' },
    ]);
  });

  it('lists calendar years', () => {
    expect(returnPeriods('annual', '2024-07-01', '2026-01-01')).toEqual([
      { start: '2024-01-01', end: '2024-12-31' },
      { start: '2025-01-01', end: '2025-12-31' },
      { start: '2026-01-01', end: '2026-12-31' },
    ]);
  });

  it('answers one period for a single day', () => {
    expect(returnPeriods('quarterly', '2026-06-30', '2026-06-30')).toEqual([
      { start: '2026-04-01', end: '2026-06-30' },
    ]);
  });

  it('refuses a reversed range and a date that does not exist', () => {
    expect(() => returnPeriods('monthly', '2026-02-01', '2026-01-01')).toThrow(FilingCalendarError);
    expect(() => returnPeriods('monthly', '2026-02-30', '2026-03-01')).toThrow(/not an ISO date/);
  });
});

describe('returnPeriodOf', () => {
  it.each([
    { frequency: 'monthly', date: '2026-12-31', expected: { start: '2026-12-01', end: '2026-12-31' } },
    { frequency: 'every-two-months', date: '2026-06-15', expected: { start: '2026-05-01', end: '2026-06-30' } },
    { frequency: 'quarterly', date: '2026-08-01', expected: { start: '2026-07-01', end: '2026-09-30' } },
    { frequency: 'annual', date: '2026-02-28', expected: { start: '2026-01-01', end: '2026-12-31' } },
  ] as const)('$frequency period of $date', ({ frequency, date, expected }) => {
    expect(returnPeriodOf(frequency, date)).toEqual(expected);
  });
});

describe('quarters shifted by an offset (the UK staggers 2 and 3)', () => {
  it.each([
    { offset: 1, date: '2026-01-15', expected: { start: '2025-11-01', end: '2026-01-31' } },
    { offset: 1, date: '2026-02-01', expected: { start: '2026-02-01', end: '2026-04-30' } },
    { offset: 1, date: '2026-12-31', expected: { start: '2026-11-01', end: '2027-01-31' } },
    { offset: 2, date: '2026-02-28', expected: { start: '2025-12-01', end: '2026-02-28' } },
    { offset: 2, date: '2028-02-29', expected: { start: '2027-12-01', end: '2028-02-29' } },
    { offset: 2, date: '2026-03-01', expected: { start: '2026-03-01', end: '2026-05-31' } },
    { offset: 0, date: '2026-02-01', expected: { start: '2026-01-01', end: '2026-03-31' } },
  ])('offset $offset: the quarter of $date', ({ offset, date, expected }) => {
    expect(returnPeriodOf('quarterly', date, offset)).toEqual(expected);
  });

  it('lists them across a year end', () => {
    expect(returnPeriods('quarterly', '2025-12-15', '2026-05-01', 1).map((period) => period.end)).toEqual([
      '2026-01-31',
      '2026-04-30',
      '2026-07-31',
    ]);
  });
});
