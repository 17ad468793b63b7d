import { describe, expect, it } from 'vitest';
import { groupByMonth, isMonthString, monthGridRange, monthGridWeeks, shiftMonth } from './calendar-dates';

describe('month grid', () => {
  it('runs Monday to Sunday over whole weeks around the month', () => {
    // November 2026 starts on a Sunday and ends on a Monday.
    const weeks = monthGridWeeks('2026-11');
    expect(weeks).toHaveLength(6);
    expect(weeks[0]).toEqual([
      '2026-10-26',
      '2026-10-27',
      '2026-10-28',
      '2026-10-29',
      '2026-10-30',
      '2026-10-31',
      '2026-11-01',
    ]);
    expect(weeks.at(-1)?.[0]).toBe('2026-11-30');
    expect(monthGridRange('2026-11')).toEqual({ from: '2026-10-26', to: '2026-12-06' });
  });

  it('has four weeks for a February that starts on a Monday', () => {
    expect(monthGridWeeks('2027-02')).toHaveLength(4);
    expect(monthGridRange('2027-02')).toEqual({ from: '2027-02-01', to: '2027-02-28' });
  });

  it('moves between months over year ends and checks month strings', () => {
    expect(shiftMonth('2026-12', 1)).toBe('2027-01');
    expect(shiftMonth('2026-01', -1)).toBe('2025-12');
    expect(isMonthString('2026-13')).toBe(false);
    expect(isMonthString('2026-09')).toBe(true);
  });
});

describe('groupByMonth', () => {
  it('groups consecutive items by the month of their date', () => {
    const groups = groupByMonth(['2026-01-10', '2026-01-31', '2026-02-10'], (date) => date);
    expect(groups).toEqual([
      { month: '2026-01', items: ['2026-01-10', '2026-01-31'] },
      { month: '2026-02', items: ['2026-02-10'] },
    ]);
  });
});
