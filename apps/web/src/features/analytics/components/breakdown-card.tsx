import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { ScrollTable } from '../../../components/ui/scroll-region';
import { useFormatters } from '../../../lib/format/format';
import { useTheme } from '../../../theme/use-theme';
import { type ChartRow, horizontalChartHeight } from '../hooks/chart-rows';

export type BreakdownId = 'month' | 'country' | 'arrival' | 'channel' | 'rate';

function ChartTooltip({ active, payload }: { active?: boolean; payload?: readonly { payload?: ChartRow }[] }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const row = payload?.[0]?.payload;
  if (!active || !row) return null;
  return (
    <div className="rounded-md border border-border bg-surface px-3 py-2 text-sm text-fg shadow-sm">
      <p className="font-semibold">{row.label}</p>
      <p>
        {t('analytics.series.net')}: {format.money(row.netEur, 'EUR')}
      </p>
      <p>
        {t('analytics.series.vat')}: {format.money(row.vatEur, 'EUR')}
      </p>
    </div>
  );
}

/**
 * One breakdown: a bar chart (net and VAT) and, as its accessible alternative, the same figures in a table with a
 * caption and header cells, behind a native disclosure. Bars are horizontal for categories (country, channel, rate)
 * and vertical for months.
 */
export function BreakdownCard({
  id,
  rows,
  caption,
  orientation,
}: {
  id: BreakdownId;
  rows: readonly ChartRow[];
  caption: string;
  orientation: 'vertical' | 'horizontal';
}) {
  const { t } = useTranslation();
  const format = useFormatters();
  const { theme } = useTheme();
  const headingId = useId();
  const title = t(`analytics.charts.${id}.title`);
  const [netColour, vatColour] = theme.colors.chart;
  const compact = (value: number) => format.moneyCompact(String(value), 'EUR');
  const height = orientation === 'vertical' ? 300 : horizontalChartHeight(rows.length);
  const data = [...rows];

  return (
    <section
      aria-labelledby={headingId}
      className="flex min-w-0 flex-col gap-3 rounded-xl border border-border bg-surface p-4"
      data-testid={`breakdown-${id}`}
    >
      <h2 id={headingId} className="text-lg font-semibold text-fg">
        {title}
      </h2>
      <ul className="flex flex-wrap gap-4 text-sm text-fg-secondary" aria-hidden="true">
        <li className="flex items-center gap-2">
          <span className="size-3 rounded-sm bg-chart-1" />
          {t('analytics.series.net')}
        </li>
        <li className="flex items-center gap-2">
          <span className="size-3 rounded-sm bg-chart-2" />
          {t('analytics.series.vat')}
        </li>
      </ul>
      <div role="img" aria-label={t('analytics.charts.chartLabel', { title })} className="text-fg-secondary">
        <ResponsiveContainer width="100%" height={height}>
          {orientation === 'vertical' ? (
            <BarChart data={data} accessibilityLayer={false} margin={{ top: 8, right: 8, bottom: 8, left: 8 }}>
              <CartesianGrid vertical={false} stroke="currentColor" strokeOpacity={0.15} />
              <XAxis dataKey="label" tick={{ fill: 'currentColor', fontSize: 12 }} stroke="currentColor" />
              <YAxis
                tickFormatter={compact}
                width={84}
                tick={{ fill: 'currentColor', fontSize: 12 }}
                stroke="currentColor"
              />
              <Tooltip content={<ChartTooltip />} cursor={{ fill: 'currentColor', fillOpacity: 0.06 }} />
              <Bar dataKey="net" name={t('analytics.series.net')} fill={netColour} isAnimationActive={false} />
              <Bar dataKey="vat" name={t('analytics.series.vat')} fill={vatColour} isAnimationActive={false} />
            </BarChart>
          ) : (
            <BarChart
              data={data}
              layout="vertical"
              accessibilityLayer={false}
              margin={{ top: 8, right: 16, bottom: 8, left: 8 }}
            >
              <CartesianGrid horizontal={false} stroke="currentColor" strokeOpacity={0.15} />
              <XAxis
                type="number"
                tickFormatter={compact}
                tick={{ fill: 'currentColor', fontSize: 12 }}
                stroke="currentColor"
              />
              <YAxis
                type="category"
                dataKey="label"
                width={110}
                tick={{ fill: 'currentColor', fontSize: 12 }}
                stroke="currentColor"
              />
              <Tooltip content={<ChartTooltip />} cursor={{ fill: 'currentColor', fillOpacity: 0.06 }} />
              <Bar dataKey="net" name={t('analytics.series.net')} fill={netColour} isAnimationActive={false} />
              <Bar dataKey="vat" name={t('analytics.series.vat')} fill={vatColour} isAnimationActive={false} />
            </BarChart>
          )}
        </ResponsiveContainer>
      </div>
      <details className="group">
        <summary className="cursor-pointer rounded-md text-sm font-medium text-fg underline underline-offset-2 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-primary">
          {t('analytics.table.show')}
        </summary>
        {/* The caption is repeated visibly outside the scrolling area, so a phone does not cut it off. */}
        <p aria-hidden="true" className="mt-3 mb-2 text-sm text-fg-secondary">
          {caption}
        </p>
        <ScrollTable
          caption={caption}
          scrollClassName="rounded-md"
          className="w-full min-w-[28rem] text-sm"
          data-testid={`table-${id}`}
        >
          <thead>
            <tr className="border-b border-border text-left text-fg-secondary">
              <th scope="col" className="py-2 pr-3 font-medium">
                {t(`analytics.charts.${id}.key`)}
              </th>
              <th scope="col" className="py-2 pr-3 text-right font-medium">
                {t('analytics.table.net')}
              </th>
              <th scope="col" className="py-2 pr-3 text-right font-medium">
                {t('analytics.table.vat')}
              </th>
              <th scope="col" className="py-2 pr-3 text-right font-medium">
                {t('analytics.table.gross')}
              </th>
              <th scope="col" className="py-2 text-right font-medium">
                {t('analytics.table.count')}
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.key} className="border-b border-border last:border-0" data-key={row.key}>
                <th scope="row" className="py-2 pr-3 text-left font-medium text-fg">
                  {row.label}
                </th>
                <td className="py-2 pr-3 text-right text-fg tabular-nums">{format.money(row.netEur, 'EUR')}</td>
                <td className="py-2 pr-3 text-right text-fg tabular-nums">{format.money(row.vatEur, 'EUR')}</td>
                <td className="py-2 pr-3 text-right text-fg tabular-nums">{format.money(row.grossEur, 'EUR')}</td>
                <td className="py-2 text-right text-fg tabular-nums">{format.number(row.transactionCount)}</td>
              </tr>
            ))}
          </tbody>
        </ScrollTable>
      </details>
    </section>
  );
}
