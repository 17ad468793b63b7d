import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/ui/empty-state';
import { Skeleton } from '../../../components/ui/skeleton';
import { paths } from '../../../config/paths';
import { useFormatters } from '../../../lib/format/format';
import { useCountryName } from '../../../lib/format/use-country-name';
import type { LiabilitySummary } from '../api/get-liability-summary';
import {
  type CurrencyMode,
  chartSegmentsOf,
  localCurrencyOptions,
  shapeLiabilityChart,
} from '../utils/liability-chart-data';
import { LiabilitiesChart } from './liabilities-chart';
import { LiabilitiesTable } from './liabilities-table';
import { segmentLabel, seriesLabel } from './series-label';
import { buttonLinkClass, cardClass, chartSwatchClasses, focusRing, selectClass } from './styles';

/** The tax liabilities: the stacked chart with its legend and totals, the currency switch and the table alternative. */
export function LiabilitiesCard({ summary, isLoading }: { summary: LiabilitySummary | undefined; isLoading: boolean }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const countryName = useCountryName();
  const [mode, setMode] = useState<'eur' | 'local'>('eur');
  const [jurisdiction, setJurisdiction] = useState<string | null>(null);
  const [showTable, setShowTable] = useState(false);
  const id = useId();

  const options = summary ? localCurrencyOptions(summary) : [];
  const chosen =
    options.find((option) => option.jurisdiction === jurisdiction)?.jurisdiction ?? options[0]?.jurisdiction;
  const currencyMode: CurrencyMode =
    mode === 'local' && chosen ? { kind: 'local', jurisdiction: chosen } : { kind: 'eur' };
  const data = summary ? shapeLiabilityChart(summary, currencyMode) : undefined;
  const segments = data ? chartSegmentsOf(data) : [];
  const hasOss = data?.series.some((series) => series.scheme !== 'local') ?? false;

  return (
    <section aria-labelledby={`${id}-title`} aria-busy={isLoading} className={`${cardClass} lg:col-span-2`}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id={`${id}-title`} className="text-lg font-semibold text-fg">
            {t('dashboard.chart.title')}
          </h2>
          {data?.hasData ? (
            <p className="mt-1 text-sm text-fg-secondary">
              {t('dashboard.chart.totalLine', { year: data.year })}{' '}
              <span className="font-semibold text-fg tabular-nums">{format.money(data.total, data.currency)}</span>
            </p>
          ) : null}
        </div>
        {data?.hasData ? (
          <div className="flex flex-wrap items-end gap-3">
            <fieldset className="flex items-center gap-1 rounded-md border border-border p-1">
              <legend className="sr-only">{t('dashboard.chart.currency')}</legend>
              {(['eur', 'local'] as const).map((value) => (
                <label
                  key={value}
                  className={`cursor-pointer rounded px-3 py-1 text-sm has-focus-visible:outline-3 has-focus-visible:outline-offset-2 has-focus-visible:outline-primary ${
                    mode === value ? 'bg-primary-strong text-on-primary' : 'text-fg'
                  }`}
                >
                  <input
                    type="radio"
                    name={`${id}-currency`}
                    value={value}
                    checked={mode === value}
                    onChange={() => setMode(value)}
                    className="sr-only"
                  />
                  {t(`dashboard.chart.mode.${value}`)}
                </label>
              ))}
            </fieldset>
            {mode === 'local' ? (
              <label className="flex flex-col text-xs text-fg-secondary">
                {t('dashboard.chart.jurisdiction')}
                <select
                  className={`mt-1 ${selectClass}`}
                  value={chosen ?? ''}
                  onChange={(event) => setJurisdiction(event.target.value)}
                >
                  {options.map((option) => (
                    <option key={option.jurisdiction} value={option.jurisdiction}>
                      {countryName(option.jurisdiction)} ({option.currency})
                    </option>
                  ))}
                </select>
              </label>
            ) : null}
          </div>
        ) : null}
      </div>

      {!isLoading && !data ? (
        <p role="alert" className="mt-4 text-sm text-danger">
          {t('dashboard.loadError')}
        </p>
      ) : isLoading || !data ? (
        <div className="mt-4 flex flex-col gap-3">
          <Skeleton className="h-72 w-full" />
          <Skeleton className="h-6 w-2/3" />
        </div>
      ) : !data.hasData ? (
        <div className="mt-4">
          <EmptyState
            title={t('dashboard.chart.emptyTitle', { year: data.year })}
            text={t('dashboard.chart.emptyText')}
            action={
              <Link to={paths.dataUpload.getHref()} className={buttonLinkClass}>
                {t('dashboard.uploadData')}
              </Link>
            }
          />
        </div>
      ) : (
        <>
          <div className="mt-4">
            <LiabilitiesChart data={data} segments={segments} />
          </div>
          <ul className="mt-3 flex flex-wrap gap-x-5 gap-y-2 text-sm" aria-label={t('dashboard.chart.legend')}>
            {segments.map((segment) => (
              <li key={segment.key} className="flex items-center gap-2 text-fg">
                <span
                  aria-hidden="true"
                  className={`inline-block size-3 rounded-sm ${chartSwatchClasses[segment.colorIndex]}`}
                />
                <span>{segmentLabel(t, countryName, segment)}</span>
                <span className="tabular-nums text-fg-secondary">{format.money(segment.total, data.currency)}</span>
              </li>
            ))}
          </ul>
          {hasOss ? <p className="mt-2 text-xs text-fg-secondary">{t('dashboard.chart.ossNote')}</p> : null}
          {data.excluded.length > 0 ? (
            <p className="mt-1 text-xs text-fg-secondary">
              {t('dashboard.chart.excludedNote', {
                series: data.excluded.map((series) => seriesLabel(t, countryName, series)).join(', '),
              })}
            </p>
          ) : null}
          {data.months.some((month) => month.isIncomplete) ? (
            <p className="mt-1 text-xs text-fg-secondary">* {t('dashboard.chart.incomplete')}</p>
          ) : null}
          <p className="mt-1 text-xs text-fg-secondary">{t('dashboard.chart.clickHint')}</p>
          <div className="mt-3">
            <button
              type="button"
              aria-expanded={showTable}
              aria-controls={`${id}-table`}
              onClick={() => setShowTable((shown) => !shown)}
              className={`rounded-sm text-sm font-semibold text-primary-strong underline-offset-2 hover:underline ${focusRing}`}
            >
              {showTable ? t('dashboard.chart.hideTable') : t('dashboard.chart.showTable')}
            </button>
          </div>
          <div id={`${id}-table`} hidden={!showTable} className="mt-3">
            {showTable ? <LiabilitiesTable data={data} /> : null}
          </div>
        </>
      )}
    </section>
  );
}
