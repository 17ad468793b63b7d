import type { OssThreshold } from '@vatlas/contract';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Skeleton } from '../../../components/ui/skeleton';
import { useFormatters } from '../../../lib/format/format';
import { cardClass } from './styles';

/** The €10,000 OSS threshold of the year (Art. 59c): intra-EU distance sales against the limit, as a meter. */
export function OssThresholdCard({
  year,
  threshold,
  isLoading,
}: {
  year: number;
  threshold: OssThreshold | null | undefined;
  isLoading: boolean;
}) {
  const { t } = useTranslation();
  const format = useFormatters();
  const id = useId();
  const limit = threshold?.limitEur ?? '10000.00';
  const sales = threshold?.distanceSalesEur ?? '0.00';
  // Numbers only for the bar's width and the meter's value; the text shows the decimal strings.
  const ratio = Number(limit) > 0 ? Number(sales) / Number(limit) : 0;
  const crossed = threshold?.crossedOn != null || ratio >= 1;
  const valueText = t('dashboard.threshold.valueText', {
    sales: format.money(sales, 'EUR'),
    limit: format.moneyCompact(limit, 'EUR'),
  });
  return (
    <section aria-labelledby={`${id}-title`} aria-busy={isLoading} className={cardClass} data-testid="oss-threshold">
      <h2 id={`${id}-title`} className="text-lg font-semibold text-fg">
        {t('dashboard.threshold.title', { year })}
      </h2>
      <p className="mt-1 text-sm text-fg-secondary">{t('dashboard.threshold.description')}</p>
      {isLoading ? (
        <div className="mt-4 flex flex-col gap-2">
          <Skeleton className="h-4 w-full" />
          <Skeleton className="h-5 w-1/2" />
        </div>
      ) : (
        <>
          <p id={`${id}-label`} className="mt-4 text-sm font-medium text-fg">
            {t('dashboard.threshold.meterLabel', { year })}
          </p>
          {/* biome-ignore lint/a11y/useSemanticElements: a native <meter> cannot take the theme's colours in every browser */}
          <div
            role="meter"
            aria-labelledby={`${id}-label`}
            aria-valuemin={0}
            aria-valuemax={Number(limit)}
            aria-valuenow={Math.min(Number(sales), Number(limit))}
            aria-valuetext={valueText}
            className="mt-2 h-3 w-full overflow-hidden rounded-full bg-gray-200"
          >
            <div
              className={`h-full rounded-full ${crossed ? 'bg-danger' : 'bg-primary-strong'}`}
              style={{ width: `${Math.min(100, Math.max(0, ratio * 100))}%` }}
            />
          </div>
          <p className="mt-2 text-sm text-fg tabular-nums">{valueText}</p>
          {threshold?.crossedOn ? (
            <p className="mt-2 text-sm font-semibold text-danger">
              {t('dashboard.threshold.crossedOn', { date: format.date(threshold.crossedOn) })}
            </p>
          ) : (
            <p className="mt-2 text-sm text-fg-secondary">
              {t('dashboard.threshold.used', { percent: format.percentOfFraction(String(Math.min(ratio, 1))) })}
            </p>
          )}
          {threshold?.exceededPreviousYear ? (
            <p className="mt-2 text-sm text-fg-secondary">
              {t('dashboard.threshold.exceededPreviousYear', { year: year - 1 })}
            </p>
          ) : null}
          {threshold?.isIncomplete ? (
            <p className="mt-2 text-sm text-warning">{t('dashboard.threshold.incomplete')}</p>
          ) : null}
        </>
      )}
    </section>
  );
}
