import type { LiabilitySummary } from '@vatlas/contract';
import { money, sumToFixed2 } from '@vatlas/domain';

/**
 * The liabilities summary shaped for the stacked chart and its table: one series per jurisdiction and scheme (an OSS
 * liability is owed to the member state of consumption but paid through the OSS return, so it stays its own series),
 * twelve months, amounts kept as the API's decimal strings. Only the chart's bar heights become numbers.
 */

export type LiabilityScheme = LiabilitySummary['jurisdictions'][number]['scheme'];

export type CurrencyMode = { kind: 'eur' } | { kind: 'local'; jurisdiction: string };

export type ChartSeries = {
  /** `DE-local`, `FR-oss`: unique per series and a valid recharts data key. */
  key: string;
  jurisdiction: string;
  scheme: LiabilityScheme;
  /** The currency of the return (for OSS and IOSS: of the identification member state). */
  currency: string;
  /** Index into the theme's chart colours, stable whichever currency mode shows the series. */
  colorIndex: number;
  /** The year's VAT of the series, as the API totals it. */
  total: string;
};

export type ChartMonth = {
  /** `YYYY-MM`. */
  month: string;
  /** VAT per series key; absent where the series has no amount that month. */
  values: Record<string, string>;
  /** Sum of the month's values (exact, decimal). */
  total: string;
  isIncomplete: boolean;
};

export type LiabilityChartData = {
  year: number;
  currency: string;
  series: ChartSeries[];
  /** Series of the chosen jurisdiction left out in local mode because their return is in another currency. */
  excluded: ChartSeries[];
  /** All twelve months of the year, January first. */
  months: ChartMonth[];
  total: string;
  hasData: boolean;
};

const SCHEME_ORDER: Record<LiabilityScheme, number> = { local: 0, oss: 1, ioss: 2 };
const CHART_COLOURS = 8;

export const seriesKeyOf = (jurisdiction: string, scheme: LiabilityScheme) => `${jurisdiction}-${scheme}`;

function sortedEntries(summary: LiabilitySummary) {
  return [...summary.jurisdictions].sort(
    (a, b) => a.jurisdiction.localeCompare(b.jurisdiction) || SCHEME_ORDER[a.scheme] - SCHEME_ORDER[b.scheme],
  );
}

/** The jurisdictions a local-currency view can show, each with the currency of its own return. */
export function localCurrencyOptions(summary: LiabilitySummary): { jurisdiction: string; currency: string }[] {
  const options = new Map<string, string>();
  for (const entry of sortedEntries(summary)) {
    const known = options.get(entry.jurisdiction);
    if (known === undefined || entry.scheme === 'local') options.set(entry.jurisdiction, entry.currency);
  }
  return [...options].map(([jurisdiction, currency]) => ({ jurisdiction, currency }));
}

export function monthsOfYear(year: number): string[] {
  return Array.from({ length: 12 }, (_, index) => `${year}-${String(index + 1).padStart(2, '0')}`);
}

export function shapeLiabilityChart(summary: LiabilitySummary, mode: CurrencyMode): LiabilityChartData {
  const entries = sortedEntries(summary);
  const local = mode.kind === 'local';
  const amountOf = (month: { vatEur: string; vatLocal: string }) => (local ? month.vatLocal : month.vatEur);
  const toSeries = (entry: (typeof entries)[number], index: number): ChartSeries => ({
    key: seriesKeyOf(entry.jurisdiction, entry.scheme),
    jurisdiction: entry.jurisdiction,
    scheme: entry.scheme,
    currency: entry.currency,
    colorIndex: index % CHART_COLOURS,
    total: local ? entry.totals.vatLocal : entry.totals.vatEur,
  });
  const all = entries.map((entry, index) => ({ entry, series: toSeries(entry, index) }));

  let shown = all;
  let excluded: ChartSeries[] = [];
  let currency = 'EUR';
  if (mode.kind === 'local') {
    const option = localCurrencyOptions(summary).find((candidate) => candidate.jurisdiction === mode.jurisdiction);
    currency = option?.currency ?? 'EUR';
    const ofJurisdiction = all.filter((item) => item.entry.jurisdiction === mode.jurisdiction);
    shown = ofJurisdiction.filter((item) => item.entry.currency === currency);
    excluded = ofJurisdiction.filter((item) => item.entry.currency !== currency).map((item) => item.series);
  }

  const months = monthsOfYear(summary.year).map((month): ChartMonth => {
    const values: Record<string, string> = {};
    let isIncomplete = false;
    for (const { entry, series } of shown) {
      const found = entry.months.find((candidate) => candidate.periodStart.startsWith(month));
      if (!found) continue;
      values[series.key] = amountOf(found);
      isIncomplete ||= found.isIncomplete;
    }
    return { month, values, total: sumToFixed2(Object.values(values)), isIncomplete };
  });

  const series = shown.map((item) => item.series);
  return {
    year: summary.year,
    currency,
    series,
    excluded,
    months,
    // In EUR the API's own total; in a local currency the sum of the shown series' totals.
    total: local ? sumToFixed2(series.map((item) => item.total)) : summary.totals.vatEur,
    hasData: series.length > 0,
  };
}

/** At most this many segments per stack: one colour each; beyond it the smallest series share "other". */
export const MAX_CHART_SEGMENTS = 8;
export const OTHER_SEGMENT_KEY = 'other';

export type ChartSegment = {
  key: string;
  /** The series in the segment: one, or for "other" the smallest series together. */
  members: ChartSeries[];
  colorIndex: number;
  total: string;
};

/**
 * The stacked segments: every series while they fit the eight chart colours, else the seven largest (by the year's
 * amount) and one "other" segment for the rest, so no two segments share a colour. The table keeps every series.
 */
export function chartSegmentsOf(data: LiabilityChartData): ChartSegment[] {
  if (data.series.length <= MAX_CHART_SEGMENTS) {
    return data.series.map((series) => ({
      key: series.key,
      members: [series],
      colorIndex: series.colorIndex,
      total: series.total,
    }));
  }
  const ranked = [...data.series].sort((a, b) => money(b.total).abs().cmp(money(a.total).abs()));
  const largest = new Set(ranked.slice(0, MAX_CHART_SEGMENTS - 1).map((series) => series.key));
  const kept = data.series.filter((series) => largest.has(series.key));
  const rest = data.series.filter((series) => !largest.has(series.key));
  return [
    ...kept.map((series, index) => ({ key: series.key, members: [series], colorIndex: index, total: series.total })),
    {
      key: OTHER_SEGMENT_KEY,
      members: rest,
      colorIndex: MAX_CHART_SEGMENTS - 1,
      total: sumToFixed2(rest.map((series) => series.total)),
    },
  ];
}

/** A segment's amount in a month (exact), undefined when none of its series has one. */
export function segmentAmount(segment: ChartSegment, month: ChartMonth): string | undefined {
  const amounts = segment.members.flatMap((series) => {
    const amount = month.values[series.key];
    return amount === undefined ? [] : [amount];
  });
  return amounts.length === 0 ? undefined : sumToFixed2(amounts);
}

/** Rows for recharts: bar heights only (numbers); every amount shown as text comes from the strings. */
export function toChartRows(
  data: LiabilityChartData,
  segments: readonly ChartSegment[],
): Record<string, string | number>[] {
  return data.months.map((month) => {
    const row: Record<string, string | number> = { month: month.month };
    for (const segment of segments) row[segment.key] = Number(segmentAmount(segment, month) ?? 0);
    return row;
  });
}

/** The transactions behind a segment: of its country and month, or of the month for "other". */
export function segmentHrefOf(segment: ChartSegment, month: string): string {
  const [only] = segment.members;
  return segment.members.length === 1 && only
    ? transactionsHrefOf(only.jurisdiction, only.scheme, month)
    : `/transactions?${new URLSearchParams({ month }).toString()}`;
}

/**
 * The transactions behind a series' amount: the rows of that country's line of that scheme in that month, as the
 * tax engine decides (not the file's jurisdiction, which a shop's export leaves empty). The transactions screen reads
 * exactly these parameters.
 */
export function transactionsHrefOf(jurisdiction: string, scheme: LiabilityScheme, month: string): string {
  return `/transactions?${new URLSearchParams({ taxedIn: jurisdiction, scheme, month }).toString()}`;
}

/**
 * The year to show first: the latest with data. Undefined while a later year is still loading (deciding early would
 * make the chart jump); the latest year when none has data.
 */
export function defaultYear(years: readonly { year: number; hasData: boolean | undefined }[]): number | undefined {
  for (const candidate of years) {
    if (candidate.hasData === undefined) return undefined;
    if (candidate.hasData) return candidate.year;
  }
  return years[0]?.year;
}
