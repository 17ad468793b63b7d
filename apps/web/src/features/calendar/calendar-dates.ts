/** Calendar arithmetic of the month view on plain YYYY-MM / YYYY-MM-DD strings, in UTC (no time zone shifts a day). */

const pad = (value: number) => String(value).padStart(2, '0');

export const isMonthString = (value: string | null): value is string =>
  value !== null && /^\d{4}-(0[1-9]|1[0-2])$/.test(value);

/** The month of the browser's today, YYYY-MM. */
export function currentMonth(now: Date = new Date()): string {
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}`;
}

export function shiftMonth(month: string, delta: number): string {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  const date = new Date(Date.UTC(year, monthNumber - 1 + delta, 1));
  return `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}`;
}

const isoOf = (date: Date) => date.toISOString().slice(0, 10);

/**
 * The days the month grid shows: whole weeks from the Monday on or before the 1st to the Sunday on or after the last
 * day, as weeks of seven YYYY-MM-DD strings.
 */
export function monthGridWeeks(month: string): string[][] {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  const first = new Date(Date.UTC(year, monthNumber - 1, 1));
  const last = new Date(Date.UTC(year, monthNumber, 0));
  const start = new Date(first);
  start.setUTCDate(first.getUTCDate() - ((first.getUTCDay() + 6) % 7));
  const end = new Date(last);
  end.setUTCDate(last.getUTCDate() + ((7 - last.getUTCDay()) % 7));
  const weeks: string[][] = [];
  for (const day = new Date(start); day <= end; day.setUTCDate(day.getUTCDate() + 1)) {
    if ((weeks.at(-1)?.length ?? 7) === 7) weeks.push([]);
    weeks.at(-1)?.push(isoOf(day));
  }
  return weeks;
}

/** The first and last day of the grid, the range the month view asks the API for. */
export function monthGridRange(month: string): { from: string; to: string } {
  const weeks = monthGridWeeks(month);
  return { from: weeks[0]?.[0] ?? `${month}-01`, to: weeks.at(-1)?.[6] ?? `${month}-28` };
}

/** Items grouped by the month of a date (YYYY-MM), the groups in the order the items come. */
export function groupByMonth<T>(items: readonly T[], dateOf: (item: T) => string): { month: string; items: T[] }[] {
  const groups: { month: string; items: T[] }[] = [];
  for (const item of items) {
    const month = dateOf(item).slice(0, 7);
    const group = groups.at(-1);
    if (group?.month === month) group.items.push(item);
    else groups.push({ month, items: [item] });
  }
  return groups;
}
