import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { PageHeader, WorkspacePage } from '../../../components/ui/page-header';
import { Skeleton } from '../../../components/ui/skeleton';
import { paths } from '../../../config/paths';
import { useFormatters } from '../../../lib/format/format';
import { useCountryName } from '../../../lib/format/use-country-name';
import { useAnalytics } from '../api/get-analytics';
import { BreakdownCard, type BreakdownId } from '../components/breakdown-card';
import { ExportButtons } from '../components/export-buttons';
import { MissingRatesNote } from '../components/missing-rates-note';
import { PeriodSelector } from '../components/period-selector';
import { Totals } from '../components/totals';
import { hasNoData, toChartRows } from '../hooks/chart-rows';
import { type MonthRange, presetRange, rangeProblem } from '../hooks/period';

/** The period lives in the URL (`?from=YYYY-MM&to=YYYY-MM`), so it survives a reload and can be shared. */
function usePeriod(today: Date): [MonthRange, (range: MonthRange) => void] {
  const [searchParams, setSearchParams] = useSearchParams();
  const fallback = presetRange('last12', today);
  const fromUrl = { from: searchParams.get('from') ?? '', to: searchParams.get('to') ?? '' };
  const range = rangeProblem(fromUrl) === undefined ? fromUrl : fallback;
  const setRange = (next: MonthRange) =>
    setSearchParams(
      (params) => {
        params.set('from', next.from);
        params.set('to', next.to);
        return params;
      },
      { replace: true },
    );
  return [range, setRange];
}

function BreakdownSkeleton() {
  return (
    <div className="flex flex-col gap-3 rounded-xl border border-border bg-surface p-4">
      <Skeleton className="h-6 w-48" />
      <Skeleton className="h-[300px] w-full" />
      <Skeleton className="h-5 w-32" />
    </div>
  );
}

export function AnalyticsPage({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const countryName = useCountryName();
  const today = useMemo(() => new Date(), []);
  const [range, setRange] = usePeriod(today);
  const query = useAnalytics(range);
  const analytics = query.data;
  const unknown = t('analytics.unknown');

  const captionArgs = { from: format.month(range.from), to: format.month(range.to) };
  const cards: { id: BreakdownId; orientation: 'vertical' | 'horizontal'; rows: ReturnType<typeof toChartRows> }[] =
    analytics
      ? [
          { id: 'month', orientation: 'vertical', rows: toChartRows(analytics.byMonth, format.month, unknown) },
          { id: 'country', orientation: 'horizontal', rows: toChartRows(analytics.byCountry, countryName, unknown) },
          {
            id: 'rate',
            orientation: 'horizontal',
            rows: toChartRows(analytics.byRate, format.percentOfFraction, unknown),
          },
          { id: 'channel', orientation: 'horizontal', rows: toChartRows(analytics.byChannel, (key) => key, unknown) },
          {
            id: 'arrival',
            orientation: 'horizontal',
            rows: toChartRows(analytics.byArrivalCountry, countryName, unknown),
          },
        ]
      : [];
  const empty = analytics !== undefined && hasNoData(analytics.totals);

  return (
    <WorkspacePage wide>
      <PageHeader
        title={t(titleKey)}
        description={t('analytics.description')}
        actions={<ExportButtons range={range} disabled={analytics === undefined || empty} />}
      />
      <PeriodSelector range={range} today={today} onChange={setRange} />
      <div aria-busy={query.isFetching} className="flex flex-col gap-6">
        {query.isPending ? (
          <p role="status" className="sr-only">
            {t('analytics.loading')}
          </p>
        ) : null}
        {query.isError && !analytics ? (
          <div role="alert" className="flex flex-col items-start gap-3 rounded-xl border border-border bg-surface p-4">
            <p className="text-sm text-fg">{t('analytics.error.title')}</p>
            <Button variant="secondary" onClick={() => void query.refetch()}>
              {t('analytics.error.retry')}
            </Button>
          </div>
        ) : null}
        {empty ? (
          <EmptyState
            title={t('analytics.empty.title')}
            text={t('analytics.empty.text')}
            action={
              <Link
                to={paths.dataUpload.path}
                className="inline-flex items-center rounded-md bg-primary-strong px-4 py-2.5 text-sm font-semibold text-on-primary hover:brightness-90 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-primary"
              >
                {t('analytics.empty.action')}
              </Link>
            }
          />
        ) : (
          <>
            <Totals totals={analytics?.totals} />
            {analytics ? <MissingRatesNote unconverted={analytics.unconverted} /> : null}
            <div className="grid grid-cols-1 gap-6 xl:grid-cols-2">
              {analytics
                ? cards.map((card) => (
                    <div key={card.id} className={card.id === 'month' ? 'xl:col-span-2' : undefined}>
                      <BreakdownCard
                        id={card.id}
                        rows={card.rows}
                        orientation={card.orientation}
                        caption={t(`analytics.charts.${card.id}.caption`, captionArgs)}
                      />
                    </div>
                  ))
                : query.isPending
                  ? ['month', 'country', 'rate', 'channel', 'arrival'].map((id) => (
                      <div key={id} className={id === 'month' ? 'xl:col-span-2' : undefined}>
                        <BreakdownSkeleton />
                      </div>
                    ))
                  : null}
            </div>
          </>
        )}
      </div>
    </WorkspacePage>
  );
}
