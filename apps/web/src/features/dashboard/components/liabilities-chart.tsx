import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Bar, BarChart, CartesianGrid, ReferenceLine, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { useFormatters } from '../../../lib/format/format';
import { useCountryName } from '../../../lib/format/use-country-name';
import { useTheme } from '../../../theme/use-theme';
import {
  type ChartSegment,
  type LiabilityChartData,
  segmentAmount,
  segmentHrefOf,
  toChartRows,
} from '../utils/liability-chart-data';
import { segmentLabel } from './series-label';

type TooltipProps = {
  active?: boolean;
  label?: string | number;
  data: LiabilityChartData;
  segments: readonly ChartSegment[];
};

function ChartTooltip({ active, label, data, segments }: TooltipProps) {
  const { t } = useTranslation();
  const format = useFormatters();
  const countryName = useCountryName();
  const month = data.months.find((entry) => entry.month === label);
  if (!active || !month) return null;
  return (
    <div className="rounded-md border border-border bg-surface p-3 text-sm text-fg shadow-md">
      <p className="font-semibold">{format.month(month.month)}</p>
      <ul className="mt-1 space-y-0.5">
        {segments.map((segment) => {
          const amount = segmentAmount(segment, month);
          return amount === undefined ? null : (
            <li key={segment.key} className="flex justify-between gap-4">
              <span>{segmentLabel(t, countryName, segment)}</span>
              <span className="tabular-nums">{format.money(amount, data.currency)}</span>
            </li>
          );
        })}
      </ul>
      <p className="mt-1 flex justify-between gap-4 border-t border-border pt-1 font-semibold">
        <span>{t('dashboard.chart.total')}</span>
        <span className="tabular-nums">{format.money(month.total, data.currency)}</span>
      </p>
    </div>
  );
}

/**
 * The stacked bars: one stack per month, one segment per jurisdiction and scheme. A click on a segment opens its
 * transactions. The chart is a picture for the mouse; the table alternative carries the same amounts for keyboards
 * and screen readers, so the picture is hidden from them.
 */
export function LiabilitiesChart({ data, segments }: { data: LiabilityChartData; segments: readonly ChartSegment[] }) {
  const { theme } = useTheme();
  const format = useFormatters();
  const navigate = useNavigate();
  const rows = toChartRows(data, segments);
  return (
    <div aria-hidden="true" className="h-72 w-full" data-testid="liabilities-chart">
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={rows} stackOffset="sign" accessibilityLayer={false} margin={{ left: 8, right: 8 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} stroke={theme.colors.grays[300]} />
          <XAxis
            dataKey="month"
            tickFormatter={(value: string) => format.month(value)}
            tick={{ fill: theme.colors.text.secondary, fontSize: 12 }}
            interval="preserveStartEnd"
          />
          <YAxis
            tickFormatter={(value: number) => format.moneyCompact(String(value), data.currency)}
            tick={{ fill: theme.colors.text.secondary, fontSize: 12 }}
            width={80}
          />
          <ReferenceLine y={0} stroke={theme.colors.grays[400]} />
          <Tooltip
            content={<ChartTooltip data={data} segments={segments} />}
            cursor={{ fill: theme.colors.grays[100] }}
          />
          {segments.map((segment) => (
            <Bar
              key={segment.key}
              dataKey={segment.key}
              stackId="vat"
              fill={theme.colors.chart[segment.colorIndex]}
              cursor="pointer"
              isAnimationActive={false}
              onClick={(entry: { payload?: { month?: string } }) => {
                const month = entry.payload?.month;
                if (month) void navigate(segmentHrefOf(segment, month));
              }}
            />
          ))}
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
