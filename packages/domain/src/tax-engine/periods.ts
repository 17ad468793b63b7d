/** Calendar periods of ISO dates (`YYYY-MM-DD`), computed in UTC so no time zone shifts a day. */

export type Period = { periodStart: string; periodEnd: string };

function lastDayOfMonth(year: number, month: number): string {
  const day = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

function yearAndMonth(date: string): [number, number] {
  return [Number(date.slice(0, 4)), Number(date.slice(5, 7))];
}

export function calendarMonthOf(date: string): Period {
  const [year, month] = yearAndMonth(date);
  return { periodStart: `${date.slice(0, 7)}-01`, periodEnd: lastDayOfMonth(year, month) };
}

export function calendarQuarterOf(date: string): Period {
  const [year, month] = yearAndMonth(date);
  const firstMonth = month - ((month - 1) % 3);
  return {
    periodStart: `${date.slice(0, 4)}-${String(firstMonth).padStart(2, '0')}-01`,
    periodEnd: lastDayOfMonth(year, firstMonth + 2),
  };
}

export function yearOf(date: string): number {
  return Number(date.slice(0, 4));
}
