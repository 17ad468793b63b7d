import { ANALYTICS_MAX_MONTHS, monthSpan } from '@vatlas/contract';

export type MonthRange = { from: string; to: string };
export type PeriodPreset = 'last12' | 'thisYear' | 'lastYear';
export const PERIOD_PRESETS: readonly PeriodPreset[] = ['last12', 'thisYear', 'lastYear'];

const YEAR_MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

const monthOf = (year: number, monthIndex: number) => {
  const date = new Date(Date.UTC(year, monthIndex, 1));
  return `${date.getUTCFullYear()}-${String(date.getUTCMonth() + 1).padStart(2, '0')}`;
};

/**
 * The months of a preset on `today` (UTC): the last 12 COMPLETE months (the current month is still open), the
 * current year up to this month, or the whole previous year.
 */
export function presetRange(preset: PeriodPreset, today: Date): MonthRange {
  const year = today.getUTCFullYear();
  const month = today.getUTCMonth();
  switch (preset) {
    case 'last12':
      return { from: monthOf(year, month - 12), to: monthOf(year, month - 1) };
    case 'thisYear':
      return { from: `${year}-01`, to: monthOf(year, month) };
    case 'lastYear':
      return { from: `${year - 1}-01`, to: `${year - 1}-12` };
  }
}

/** The preset `range` equals on `today`, if any (to mark the pressed preset button). */
export function presetOf(range: MonthRange, today: Date): PeriodPreset | undefined {
  return PERIOD_PRESETS.find((preset) => {
    const candidate = presetRange(preset, today);
    return candidate.from === range.from && candidate.to === range.to;
  });
}

export type RangeProblem = 'format' | 'order' | 'tooLong';

/** Why the API would refuse the range, or undefined when it is valid. */
export function rangeProblem(range: MonthRange): RangeProblem | undefined {
  if (!YEAR_MONTH.test(range.from) || !YEAR_MONTH.test(range.to)) return 'format';
  const span = monthSpan(range.from, range.to);
  if (span < 1) return 'order';
  if (span > ANALYTICS_MAX_MONTHS) return 'tooLong';
  return undefined;
}

export { ANALYTICS_MAX_MONTHS };
