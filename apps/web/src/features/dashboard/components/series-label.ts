import type { TFunction } from 'i18next';
import type { ChartSeries } from '../utils/liability-chart-data';

/** "Germany", "France (OSS)": OSS and IOSS liabilities are owed to the country but paid through that return. */
export function seriesLabel(t: TFunction, countryName: (code: string) => string, series: ChartSeries): string {
  return t(`dashboard.chart.series.${series.scheme}`, { country: countryName(series.jurisdiction) });
}
