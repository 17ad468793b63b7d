import type { DataHealthAlert } from '@vatlas/contract';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Skeleton } from '../../../components/ui/skeleton';
import { paths } from '../../../config/paths';
import { useFormatters } from '../../../lib/format/format';
import { useCountryName } from '../../../lib/format/use-country-name';
import { cardClass, textLinkClass } from './styles';

const SEVERITY_CLASS: Record<DataHealthAlert['severity'], string> = {
  error: 'border-danger text-danger',
  warning: 'border-warning text-warning',
  info: 'border-info text-info',
};

const MAX_PERIODS_NAMED = 4;

/**
 * Where the user acts on an alert: upload the missing months, set up the registrations, or look at the rows of the
 * first month concerned.
 */
export function alertActionHref(alert: DataHealthAlert): string {
  if (alert.code === 'period-without-data') return paths.dataUpload.getHref();
  if (alert.code === 'registration-missing') return paths.settings.registrations.getHref();
  const month = alert.periods?.[0];
  // The differences from Amazon's VAT are listed by the transactions screen's cross-check, the rest in its list.
  const params = new URLSearchParams(alert.code === 'amazon-vat-difference' ? { view: 'cross-check' } : {});
  if (month) params.set('month', month);
  const query = params.toString();
  return `${paths.transactions.getHref()}${query ? `?${query}` : ''}`;
}

function AlertItem({ alert }: { alert: DataHealthAlert }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const countryName = useCountryName();
  const periods = alert.periods ?? [];
  const named = periods.slice(0, MAX_PERIODS_NAMED).map((month) => format.month(month));
  const more = periods.length - named.length;
  const periodText =
    periods.length === 0
      ? ''
      : more > 0
        ? t('dashboard.health.periodsMore', { periods: named.join(', '), count: more })
        : t('dashboard.health.periods', { periods: named.join(', ') });
  const details =
    alert.code === 'missing-exchange-rate'
      ? (alert.details ?? []).join(', ')
      : (alert.details ?? []).map(countryName).join(', ');
  return (
    <li className={`border-l-4 py-2 pl-3 ${SEVERITY_CLASS[alert.severity]}`} data-alert={alert.code}>
      <p className="text-sm font-semibold">
        {t(`dashboard.health.severity.${alert.severity}`)}
        <span className="ml-2 font-normal text-fg-secondary tabular-nums">
          {t('dashboard.health.count', { count: alert.count })}
        </span>
      </p>
      <p className="mt-1 text-sm text-fg">
        {t(`dashboard.health.alerts.${alert.code}`, { count: alert.count, details })} {periodText}
      </p>
      <Link to={alertActionHref(alert)} className={`mt-1 inline-block text-sm ${textLinkClass}`}>
        {t(`dashboard.health.actions.${alert.code}`)}
      </Link>
    </li>
  );
}

/** The year's data-health alerts, most severe first, each with what it means and where to act. */
export function DataHealthCard({
  year,
  alerts,
  isLoading,
}: {
  year: number;
  alerts: DataHealthAlert[] | undefined;
  isLoading: boolean;
}) {
  const { t } = useTranslation();
  const id = useId();
  const order = { error: 0, warning: 1, info: 2 } as const;
  const sorted = [...(alerts ?? [])].sort((a, b) => order[a.severity] - order[b.severity]);
  return (
    <section aria-labelledby={id} aria-busy={isLoading} className={cardClass} data-testid="data-health">
      <h2 id={id} className="text-lg font-semibold text-fg">
        {t('dashboard.health.title', { year })}
      </h2>
      {isLoading ? (
        <div className="mt-4 flex flex-col gap-3">
          {[0, 1].map((index) => (
            <Skeleton key={index} className="h-16 w-full" />
          ))}
        </div>
      ) : alerts === undefined ? (
        <p role="alert" className="mt-4 text-sm text-danger">
          {t('dashboard.loadError')}
        </p>
      ) : sorted.length === 0 ? (
        <p className="mt-4 text-sm text-success">{t('dashboard.health.allGood')}</p>
      ) : (
        <ul className="mt-4 flex flex-col gap-3">
          {sorted.map((alert) => (
            <AlertItem key={alert.code} alert={alert} />
          ))}
        </ul>
      )}
    </section>
  );
}
