import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useFormatters } from '../../../lib/format/format';
import { useCountryName } from '../../../lib/format/use-country-name';
import { type LiabilityChartData, transactionsHrefOf } from '../utils/liability-chart-data';
import { seriesLabel } from './series-label';

const linkClass =
  'rounded-sm text-primary-strong underline-offset-2 hover:underline focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-primary';

/**
 * The chart as a table: the same amounts, formatted from the API's decimal strings; each amount links to the
 * transactions behind it (a link, so Enter opens it). Months without any amount are left out; the footer has the year.
 */
export function LiabilitiesTable({ data }: { data: LiabilityChartData }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const countryName = useCountryName();
  const months = data.months.filter((month) => Object.keys(month.values).length > 0);
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
    <section className="overflow-x-auto" tabIndex={0} aria-labelledby="liabilities-table-caption">
      <table className="w-full min-w-max border-collapse text-sm" data-testid="liabilities-table">
        <caption id="liabilities-table-caption" className="pb-2 text-left font-semibold text-fg">
          {t('dashboard.chart.tableCaption', { year: data.year, currency: data.currency })}
        </caption>
        <thead>
          <tr className="border-b border-border text-left text-fg-secondary">
            <th scope="col" className="py-2 pr-4 font-medium">
              {t('dashboard.chart.month')}
            </th>
            {data.series.map((series) => (
              <th key={series.key} scope="col" className="px-3 py-2 text-right font-medium">
                {seriesLabel(t, countryName, series)}
              </th>
            ))}
            <th scope="col" className="py-2 pl-3 text-right font-medium">
              {t('dashboard.chart.total')}
            </th>
          </tr>
        </thead>
        <tbody>
          {months.map((month) => (
            <tr key={month.month} className="border-b border-border">
              <th scope="row" className="py-2 pr-4 text-left font-medium text-fg">
                {format.month(month.month)}
                {month.isIncomplete ? (
                  <span className="ml-1 text-warning">
                    *<span className="sr-only">{t('dashboard.chart.incomplete')}</span>
                  </span>
                ) : null}
              </th>
              {data.series.map((series) => {
                const amount = month.values[series.key];
                return (
                  <td key={series.key} className="px-3 py-2 text-right tabular-nums text-fg">
                    {amount === undefined ? (
                      <span className="text-fg-muted">–</span>
                    ) : (
                      <Link
                        to={transactionsHrefOf(series.jurisdiction, series.scheme, month.month)}
                        className={linkClass}
                        data-series={series.key}
                        data-month={month.month}
                        data-amount={amount}
                      >
                        {format.money(amount, data.currency)}
                      </Link>
                    )}
                  </td>
                );
              })}
              <td className="py-2 pl-3 text-right font-semibold tabular-nums text-fg">
                {format.money(month.total, data.currency)}
              </td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr className="font-semibold text-fg">
            <th scope="row" className="py-2 pr-4 text-left">
              {t('dashboard.chart.yearTotal', { year: data.year })}
            </th>
            {data.series.map((series) => (
              <td key={series.key} className="px-3 py-2 text-right tabular-nums" data-series-total={series.key}>
                {format.money(series.total, data.currency)}
              </td>
            ))}
            <td className="py-2 pl-3 text-right tabular-nums" data-testid="liabilities-year-total">
              {format.money(data.total, data.currency)}
            </td>
          </tr>
        </tfoot>
      </table>
    </section>
  );
}
