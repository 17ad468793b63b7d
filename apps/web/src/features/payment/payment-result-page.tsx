import type { CompanySubscriptions } from '@vatlas/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { EmptyState } from '../../components/ui/empty-state';
import { PageHeader, WorkspacePage } from '../../components/ui/page-header';
import { Skeleton } from '../../components/ui/skeleton';
import { Spinner } from '../../components/ui/spinner';
import { paths } from '../../config/paths';
import { useCompanySubscriptions } from './api/get-company-subscriptions';
import { LinkButton } from './components/link-button';
import { SubscriptionsTable } from './components/subscriptions-table';
import { usePaymentErrorText } from './payment-error';

function NextSteps({ children }: { children: ReactNode }) {
  return <div className="flex flex-wrap gap-3">{children}</div>;
}

/** `/payment/cancelled`: Stripe's cancel_url — the person left the checkout; nothing was charged. */
export function PaymentCancelledPage({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation();
  return (
    <WorkspacePage>
      <PageHeader title={t(titleKey)} description={t('payment.result.cancelledText')} />
      <section aria-labelledby="cancelled-next" className="flex flex-col gap-3">
        <h2 id="cancelled-next" className="text-lg font-semibold text-fg">
          {t('payment.result.cancelledNext')}
        </h2>
        <NextSteps>
          <LinkButton to={paths.settings.subscription.getHref()}>{t('payment.result.tryAgain')}</LinkButton>
          <LinkButton to={paths.dashboard.getHref()} variant="secondary">
            {t('payment.result.toDashboard')}
          </LinkButton>
        </NextSteps>
      </section>
    </WorkspacePage>
  );
}

const WAIT_FOR_WEBHOOK_MS = 3000;

function isWaitingForPayment(data?: CompanySubscriptions): boolean {
  if (!data) return false;
  const hasActive = data.subscriptions.some((subscription) => subscription.status === 'active');
  return !hasActive && data.subscriptions.some((subscription) => subscription.status === 'pending');
}

/**
 * `/payment/activated`: the company's active countries. While a payment is still pending (Stripe's webhook has not
 * arrived) it says so and asks again every few seconds.
 */
export function PaymentActivatedPage({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation();
  const errorText = usePaymentErrorText();
  const query = useCompanySubscriptions({
    refetchInterval: (data) => (isWaitingForPayment(data) ? WAIT_FOR_WEBHOOK_MS : false),
  });
  const active = query.data?.subscriptions.filter((subscription) => subscription.status === 'active') ?? [];

  return (
    <WorkspacePage>
      <PageHeader title={t(titleKey)} />
      {query.isPending ? (
        <div aria-busy="true" className="flex flex-col gap-4">
          <Spinner label={t('payment.subscription.loading')} className="p-2" />
          <Skeleton className="h-32 w-full" />
        </div>
      ) : query.isError ? (
        <div role="alert" className="flex flex-col items-start gap-3 rounded-xl border border-danger bg-surface p-5">
          <p className="text-sm text-fg">
            {t('payment.subscription.loadError', {
              message: errorText(query.error),
            })}
          </p>
          <Button variant="secondary" onClick={() => query.refetch()}>
            {t('payment.subscription.retry')}
          </Button>
        </div>
      ) : isWaitingForPayment(query.data) ? (
        <div className="flex flex-col items-start gap-2 rounded-xl border border-border bg-surface p-5">
          <Spinner label={t('payment.result.waitingTitle')} className="items-start p-0" />
          <p className="text-sm text-fg-secondary">{t('payment.result.waitingText')}</p>
        </div>
      ) : active.length === 0 ? (
        <EmptyState
          title={t('payment.result.noneTitle')}
          text={t('payment.result.noneText')}
          action={
            <LinkButton to={paths.settings.subscription.getHref()}>{t('payment.result.manageSubscription')}</LinkButton>
          }
        />
      ) : (
        <section aria-labelledby="activated-countries" className="flex flex-col gap-3">
          <h2 id="activated-countries" className="text-base font-semibold text-fg">
            {t('payment.result.activatedText')}
          </h2>
          <SubscriptionsTable subscriptions={active} />
          <NextSteps>
            <LinkButton to={paths.dashboard.getHref()}>{t('payment.result.toDashboard')}</LinkButton>
            <LinkButton to={paths.settings.subscription.getHref()} variant="secondary">
              {t('payment.result.manageSubscription')}
            </LinkButton>
          </NextSteps>
        </section>
      )}
    </WorkspacePage>
  );
}
