import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '../../components/ui/empty-state';
import { PageHeader, WorkspacePage } from '../../components/ui/page-header';
import { paths } from '../../config/paths';
import { clearPaymentOverlaySkipFlag } from '../../lib/storage/token-storage';
import { useDataHealth } from './api/get-data-health';
import { useFilings } from './api/get-filings';
import { useLiabilitySummary } from './api/get-liability-summary';
import { DataHealthCard } from './components/data-health-card';
import { FilingsCard } from './components/filings-card';
import { LiabilitiesCard } from './components/liabilities-card';
import { OssThresholdCard } from './components/oss-threshold-card';
import { PaymentSuccessOverlay } from './components/payment-success-overlay';
import { buttonLinkClass, selectClass } from './components/styles';
import { usePaymentOverlay } from './hooks/use-payment-overlay';
import { defaultYear } from './utils/liability-chart-data';

const YEARS_OFFERED = 3;

/**
 * "What do I owe, where, by when, and is my data complete?": the liabilities chart, the filings, the OSS threshold and
 * the data-health alerts of one year (the latest with data unless the user picks another).
 */
export function DashboardPage({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation();
  const yearSelectId = useId();
  // Read the skip flag before the effect below spends it.
  const paymentOverlay = usePaymentOverlay();
  // Spec §2: the flag that let the user past the guard once is spent when the dashboard is reached.
  useEffect(() => {
    clearPaymentOverlaySkipFlag();
  }, []);

  const thisYear = new Date().getUTCFullYear();
  const years = Array.from({ length: YEARS_OFFERED }, (_, index) => thisYear - index);
  const current = useLiabilitySummary(thisYear);
  const previous = useLiabilitySummary(thisYear - 1);
  const hasData = (query: typeof current) => (query.data ? query.data.jurisdictions.length > 0 : undefined);
  const [chosenYear, setChosenYear] = useState<number | null>(null);
  const resolvedDefault = defaultYear([
    { year: thisYear, hasData: current.isError ? false : hasData(current) },
    { year: thisYear - 1, hasData: previous.isError ? false : hasData(previous) },
  ]);
  const year = chosenYear ?? resolvedDefault ?? thisYear;
  const isDeciding = chosenYear === null && resolvedDefault === undefined;

  const summary = useLiabilitySummary(year);
  const filings = useFilings();
  const health = useDataHealth(year);

  const hasNoDataAtAll =
    current.data !== undefined &&
    previous.data !== undefined &&
    current.data.jurisdictions.length === 0 &&
    previous.data.jurisdictions.length === 0 &&
    chosenYear === null;

  return (
    <WorkspacePage wide>
      <PageHeader
        title={t(titleKey)}
        description={t('dashboard.description')}
        actions={
          <div className="flex items-center gap-2">
            <label htmlFor={yearSelectId} className="text-sm text-fg-secondary">
              {t('dashboard.year')}
            </label>
            <select
              id={yearSelectId}
              className={selectClass}
              value={year}
              disabled={isDeciding}
              onChange={(event) => setChosenYear(Number(event.target.value))}
            >
              {years.map((option) => (
                <option key={option} value={option}>
                  {option}
                </option>
              ))}
            </select>
          </div>
        }
      />

      {hasNoDataAtAll ? (
        <EmptyState
          title={t('dashboard.empty.title')}
          text={t('dashboard.empty.text')}
          action={
            <Link to={paths.dataUpload.getHref()} className={buttonLinkClass}>
              {t('dashboard.uploadData')}
            </Link>
          }
        />
      ) : null}

      <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
        <LiabilitiesCard
          key={year}
          summary={isDeciding ? undefined : summary.data}
          isLoading={isDeciding || summary.isPending}
        />
        <OssThresholdCard year={year} threshold={summary.data?.threshold} isLoading={isDeciding || summary.isPending} />
        <div className="lg:col-span-2">
          <FilingsCard items={filings.data?.items} isLoading={filings.isPending} />
        </div>
        <DataHealthCard year={year} alerts={health.data?.alerts} isLoading={isDeciding || health.isPending} />
      </div>

      {paymentOverlay.isOpen ? <PaymentSuccessOverlay onClose={paymentOverlay.close} /> : null}
    </WorkspacePage>
  );
}
