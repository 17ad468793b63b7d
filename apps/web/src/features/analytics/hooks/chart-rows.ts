import type { AnalyticsLine } from '@vatlas/contract';

/**
 * One bar of a chart: the geometry needs numbers, so `net` and `vat` are numbers for recharts ONLY (bar lengths);
 * every figure shown as text (tooltips, tables) comes from the exact decimal strings kept beside them.
 */
export type ChartRow = {
  key: string;
  label: string;
  net: number;
  vat: number;
  netEur: string;
  vatEur: string;
  grossEur: string;
  transactionCount: number;
};

/** The key every line without a value (no country, channel or rate in the rows) gets in charts and tables. */
export const UNKNOWN_KEY = '∅';

export function toChartRows(lines: readonly AnalyticsLine[], labelOf: (key: string) => string, unknown: string) {
  return lines.map(
    (line): ChartRow => ({
      key: line.key ?? UNKNOWN_KEY,
      label: line.key === null ? unknown : labelOf(line.key),
      net: Number(line.netEur),
      vat: Number(line.vatEur),
      netEur: line.netEur,
      vatEur: line.vatEur,
      grossEur: line.grossEur,
      transactionCount: line.transactionCount,
    }),
  );
}

/** True when no line of the period has a transaction: the page shows its empty state instead of empty charts. */
export function hasNoData(totals: { transactionCount: number }): boolean {
  return totals.transactionCount === 0;
}

/** Height in px of a horizontal bar chart with `count` bars: readable bars, never a squashed chart. */
export function horizontalChartHeight(count: number): number {
  return Math.max(160, 48 + count * 44);
}
