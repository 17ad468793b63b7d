import type { AdminCompanySubscriptions } from '@vatlas/contract';
import { COUNTRY_CODES } from '@vatlas/domain';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { EmptyState } from '../../components/ui/empty-state';
import { PageHeader, WorkspacePage } from '../../components/ui/page-header';
import { Skeleton } from '../../components/ui/skeleton';
import { Spinner } from '../../components/ui/spinner';
import { useCountryName } from '../../lib/format/use-country-name';
import { useChangeSubscriptions } from './api/change-subscriptions';
import { useAdminSubscriptions } from './api/search-admin-subscriptions';
import { SubscriptionStatusBadge } from './components/subscriptions-table';
import { usePaymentErrorText } from './payment-error';

const fieldClass =
  'rounded-md border border-border bg-surface px-3 py-2 text-sm text-fg ' +
  'focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-primary';

type Feedback = { kind: 'success' | 'error'; text: string } | null;

/** One company: its subscriptions (cancel each, with a confirmation) and a country to activate by hand. */
function CompanyCard({ company }: { company: AdminCompanySubscriptions }) {
  const { t } = useTranslation();
  const errorMessage = usePaymentErrorText();
  const countryName = useCountryName();
  const change = useChangeSubscriptions();
  const [countryToActivate, setCountryToActivate] = useState('');
  const [confirming, setConfirming] = useState<string | null>(null);
  const [feedback, setFeedback] = useState<Feedback>(null);
  const selectId = useId();
  const headingId = useId();
  const name = company.legalNameOfBusiness;

  const activeCodes = new Set(
    company.subscriptions.filter((row) => row.status === 'active').map((row) => row.countryCode),
  );
  const activatable = COUNTRY_CODES.filter((code) => !activeCodes.has(code)).sort((a, b) =>
    countryName(a).localeCompare(countryName(b)),
  );

  const run = (input: { activate?: string[]; cancel?: string[] }, success: string) => {
    setFeedback(null);
    change.mutate(
      { companyId: company.companyId, activate: input.activate ?? [], cancel: input.cancel ?? [] },
      {
        onSuccess: () => {
          setFeedback({ kind: 'success', text: success });
          setConfirming(null);
          setCountryToActivate('');
        },
        onError: (error) =>
          setFeedback({ kind: 'error', text: t('payment.admin.changeError', { message: errorMessage(error) }) }),
      },
    );
  };

  const activate = (event: FormEvent) => {
    event.preventDefault();
    if (countryToActivate === '') {
      setFeedback({ kind: 'error', text: t('payment.subscription.chooseOne') });
      return;
    }
    run(
      { activate: [countryToActivate] },
      t('payment.admin.activated', { country: countryName(countryToActivate), company: name }),
    );
  };

  return (
    <li className="flex flex-col gap-4 rounded-xl border border-border bg-surface p-5">
      <div>
        <h2 id={headingId} className="text-base font-semibold text-fg">
          {name}
        </h2>
        <p className="font-mono text-xs text-fg-muted">{t('payment.admin.companyId', { id: company.companyId })}</p>
      </div>

      {company.subscriptions.length === 0 ? (
        <p className="text-sm text-fg-secondary">{t('payment.admin.noSubscriptions')}</p>
      ) : (
        <ul className="flex flex-col divide-y divide-gray-200">
          {company.subscriptions.map((subscription) => {
            const country = countryName(subscription.countryCode);
            const isStripePaid = subscription.status === 'active' && subscription.provider === 'stripe';
            return (
              <li key={subscription.countryCode} className="flex flex-wrap items-center gap-3 py-2">
                <span className="min-w-40 text-sm font-semibold text-fg">
                  {country} <span className="font-normal text-fg-muted">({subscription.countryCode})</span>
                </span>
                <SubscriptionStatusBadge status={subscription.status} />
                <span className="text-sm text-fg-secondary">{t(`payment.provider.${subscription.provider}`)}</span>
                {subscription.status !== 'active' ? null : isStripePaid ? (
                  <span className="text-xs text-fg-muted">{t('payment.admin.paidThroughStripe')}</span>
                ) : confirming === subscription.countryCode ? (
                  <span className="flex flex-wrap items-center gap-2">
                    <span className="text-sm text-fg">
                      {t('payment.admin.confirmCancel', { country, company: name })}
                    </span>
                    <Button
                      disabled={change.isPending}
                      onClick={() =>
                        run(
                          { cancel: [subscription.countryCode] },
                          t('payment.admin.cancelled', { country, company: name }),
                        )
                      }
                    >
                      {t('payment.admin.confirm')}
                    </Button>
                    <Button variant="secondary" onClick={() => setConfirming(null)}>
                      {t('payment.admin.keep')}
                    </Button>
                  </span>
                ) : (
                  <Button variant="secondary" onClick={() => setConfirming(subscription.countryCode)}>
                    {t('payment.admin.cancel', { country })}
                  </Button>
                )}
              </li>
            );
          })}
        </ul>
      )}

      <form onSubmit={activate} className="flex flex-wrap items-end gap-3">
        <div className="flex flex-col gap-1">
          <label htmlFor={selectId} className="text-sm font-semibold text-fg">
            {t('payment.admin.activateLabel', { company: name })}
          </label>
          <select
            id={selectId}
            className={fieldClass}
            value={countryToActivate}
            onChange={(event) => setCountryToActivate(event.target.value)}
          >
            <option value="">{t('payment.admin.chooseCountry')}</option>
            {activatable.map((code) => (
              <option key={code} value={code}>
                {countryName(code)} ({code})
              </option>
            ))}
          </select>
        </div>
        <Button type="submit" disabled={change.isPending}>
          {t('payment.admin.activate')}
        </Button>
      </form>
      <div aria-live="polite">
        {feedback ? (
          <p
            role={feedback.kind === 'error' ? 'alert' : undefined}
            className={
              feedback.kind === 'error' ? 'text-sm font-semibold text-danger' : 'text-sm font-semibold text-success'
            }
          >
            {feedback.text}
          </p>
        ) : null}
      </div>
    </li>
  );
}

/**
 * `/admin/subscriptions`: administrators search companies and activate or cancel countries by hand — the manual
 * provider, labelled so. A country paid through Stripe is not cancelled here (Stripe would go on charging).
 */
export function AdminSubscriptionsPage({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation();
  const errorMessage = usePaymentErrorText();
  const [draft, setDraft] = useState('');
  const [search, setSearch] = useState('');
  const query = useAdminSubscriptions(search);
  const inputId = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSearch(draft.trim());
  };

  return (
    <WorkspacePage>
      <PageHeader title={t(titleKey)} description={t('payment.admin.description')} />
      {query.data ? (
        <p className="rounded-xl border border-border border-l-4 border-l-info bg-surface p-4 text-sm text-fg">
          {query.data.paymentProvider === 'stripe' ? t('payment.admin.stripeNote') : t('payment.admin.manualNote')}
        </p>
      ) : null}
      <form onSubmit={submit} className="flex flex-wrap items-end gap-3">
        <div className="flex min-w-64 flex-1 flex-col gap-1">
          <label htmlFor={inputId} className="text-sm font-semibold text-fg">
            {t('payment.admin.searchLabel')}
          </label>
          <input
            id={inputId}
            type="search"
            className={fieldClass}
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
          />
        </div>
        <Button type="submit">{t('payment.admin.search')}</Button>
      </form>

      {query.isPending ? (
        <div aria-busy="true" className="flex flex-col gap-4">
          <Spinner label={t('payment.admin.searching')} className="p-2" />
          <Skeleton className="h-40 w-full" />
        </div>
      ) : query.isError ? (
        <div role="alert" className="flex flex-col items-start gap-3 rounded-xl border border-danger bg-surface p-5">
          <p className="text-sm text-fg">{t('payment.admin.loadError', { message: errorMessage(query.error) })}</p>
          <Button variant="secondary" onClick={() => query.refetch()}>
            {t('payment.subscription.retry')}
          </Button>
        </div>
      ) : query.data.items.length === 0 ? (
        <EmptyState
          title={t('payment.admin.noResultsTitle')}
          text={search ? t('payment.admin.noResultsText', { search }) : t('payment.admin.noCompaniesText')}
        />
      ) : (
        <ul aria-label={t('payment.admin.resultsCaption')} aria-busy={query.isFetching} className="flex flex-col gap-4">
          {query.data.items.map((company) => (
            <CompanyCard key={company.companyId} company={company} />
          ))}
        </ul>
      )}
    </WorkspacePage>
  );
}
