import type { TFunction } from 'i18next';
import type { ChartSegment, ChartSeries } from '../utils/liability-chart-data';

/** "Germany", "France (OSS)": OSS and IOSS liabilities are owed to the country but paid through that return. */
export function seriesLabel(t: TFunction, countryName: (code: string) => string, series: ChartSeries): string {
  return t(`dashboard.chart.series.${series.scheme}`, { country: countryName(series.jurisdiction) });
}

/** A segment's label: its series, or "Other countries (3)" for the smallest series together. */
export function segmentLabel(t: TFunction, countryName: (code: string) => string, segment: ChartSegment): string {
  const [only] = segment.members;
  return segment.members.length === 1 && only
    ? seriesLabel(t, countryName, only)
    : t('dashboard.chart.otherSeries', { count: segment.members.length });
}
