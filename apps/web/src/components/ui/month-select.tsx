import { type SelectHTMLAttributes, useMemo } from 'react';
import { useFormatters } from '../../lib/format/format';

const YEAR_MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

/** How many whole years before this one a month select offers. */
export const MONTH_CHOICE_YEARS = 6;

/**
 * The months a month select offers on `today` (UTC), newest first: from this month back to January six years ago,
 * plus any month of `keep` (say, the month of the URL) outside that, so a link to an older month still shows it.
 */
export function monthChoices(today: Date, keep: readonly (string | undefined)[] = []): string[] {
  const year = today.getUTCFullYear();
  const months: string[] = [];
  for (let index = today.getUTCMonth(); index >= -12 * MONTH_CHOICE_YEARS; index--) {
    const date = new Date(Date.UTC(year, index, 1));
    months.push(`${date.getUTCFullYear()}-${String(date.getUTCMonth() + 1).padStart(2, '0')}`);
  }
  const extra = keep.filter((month): month is string => month !== undefined && YEAR_MONTH.test(month));
  return [...new Set([...months, ...extra])].sort().reverse();
}

type MonthSelectProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'value' | 'onChange' | 'children'> & {
  /** `YYYY-MM`, or '' for none (only with `emptyLabel`). */
  value: string;
  onChange: (month: string) => void;
  /** When given, a first option with this text stands for "no month" (value ''). */
  emptyLabel?: string;
  today?: Date;
};

/**
 * A native select of months named in the UI's language (`useFormatters().month`). Unlike `<input type="month">`,
 * whose picker names the months in the browser's language, it follows the interface; it is keyboard-usable as any
 * select. Label it with a `<label htmlFor>`.
 */
export function MonthSelect({ value, onChange, emptyLabel, today, ...props }: MonthSelectProps) {
  const format = useFormatters();
  const day = today ?? new Date();
  const dayKey = day.toISOString().slice(0, 7);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the choices change with the month of `today`, not the instant.
  const choices = useMemo(() => monthChoices(day, [value]), [dayKey, value]);
  return (
    <select {...props} value={value} onChange={(event) => onChange(event.target.value)}>
      {emptyLabel !== undefined ? <option value="">{emptyLabel}</option> : null}
      {choices.map((month) => (
        <option key={month} value={month}>
          {format.month(month)}
        </option>
      ))}
    </select>
  );
}
