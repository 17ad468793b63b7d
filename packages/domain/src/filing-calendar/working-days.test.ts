import { describe, expect, it } from 'vitest';
import { isPublicHoliday, isWorkingDay, lastWorkingDayOf, nextWorkingDay, nthWorkingDayOf } from './working-days';

describe('working days', () => {
  it.each([
    { country: 'DE', date: '2026-10-03', isHoliday: true, why: 'German Unity Day' },
    {
      country: 'DE',
      date: '2026-12-24',
      isHoliday: false,
      why: 'Christmas Eve is a bank holiday afternoon, not public',
    },
    { country: 'DE', date: '2026-01-06', isHoliday: false, why: 'Epiphany is regional (BW, BY, ST), not national' },
    { country: 'AT', date: '2026-01-06', isHoliday: true, why: 'Epiphany is national in Austria' },
    { country: 'NO', date: '2026-05-17', isHoliday: true, why: 'Constitution Day' },
    { country: 'CH', date: '2026-08-01', isHoliday: true, why: 'Swiss National Day' },
    { country: 'GB', date: '2026-12-28', isHoliday: true, why: 'substitute for Boxing Day on a Saturday' },
    { country: 'GR', date: '2026-04-13', isHoliday: true, why: 'Orthodox Easter Monday' },
  ])('$country $date public holiday: $isHoliday ($why)', ({ country, date, isHoliday }) => {
    expect(isPublicHoliday(country, date)).toBe(isHoliday);
  });

  it('treats weekends as closed and moves to the first open day', () => {
    expect(isWorkingDay('FR', '2026-05-16')).toBe(false);
    // Friday 1 May (Labour Day) 2026, then a weekend.
    expect(nextWorkingDay('FR', '2026-05-01')).toBe('2026-05-04');
    expect(nextWorkingDay('FR', '2026-05-04')).toBe('2026-05-04');
  });

  it('finds the last and the n-th working day of a month', () => {
    // 31 May 2026 is a Sunday, 30 May a Saturday.
    expect(lastWorkingDayOf('NL', { year: 2026, month: 5 })).toBe('2026-05-29');
    // 1 January is a holiday and 3–4 January 2026 a weekend.
    expect(nthWorkingDayOf('DE', { year: 2026, month: 1 }, 1)).toBe('2026-01-02');
    expect(nthWorkingDayOf('DE', { year: 2026, month: 1 }, 2)).toBe('2026-01-05');
  });
});
