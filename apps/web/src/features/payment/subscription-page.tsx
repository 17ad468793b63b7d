import type { CompanySubscriptions, SubscribableCountry } from '@vatlas/contract';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { EmptyState } from '../../components/ui/empty-state';
import { Skeleton } from '../../components/ui/skeleton';
import { Spinner } from '../../components/ui/spinner';
import { useCountryName } from '../../lib/format/use-country-name';
import { useTheme } from '../../theme/use-theme';
import { useCompanySubscriptions } from './api/get-company-subscriptions';
import { useStartCheckout } from './api/start-checkout';
import { LinkButton } from './components/link-button';
import { SubscriptionsTable } from './components/subscriptions-table';
import { usePaymentErrorText } from './payment-error';

function LoadingState() {
  const { t } = useTranslation();
  return (
    <div aria-busy="true" className="flex flex-col gap-4">
      <Spinner label={t('payment.subscription.loading')} className="p-2" />
      <Skeleton className="h-32 w-full" />
      <Skeleton className="h-48 w-full" />
    </div>
  );
}

function CurrentSubscriptions({ data }: { data: CompanySubscriptions }) {
  const { t } = useTranslation();
  const hasPending = data.subscriptions.some((subscription) => subscription.status === 'pending');
  return (
    <section aria-labelledby="current-subscriptions" className="flex flex-col gap-3">
      <h3 id="current-subscriptions" className="text-lg font-semibold text-fg">
        {t('payment.subscription.currentHeading')}
      </h3>
      {data.subscriptions.length === 0 ? (
        <EmptyState
          title={t('payment.subscription.emptyTitle')}
          text={
            data.paymentProvider === 'stripe'
              ? t('payment.subscription.emptyTextStripe')
              : t('payment.subscription.emptyTextManual')
          }
        />
      ) : (
        <SubscriptionsTable subscriptions={data.subscriptions} />
      )}
      {hasPending ? <p className="text-sm text-fg-secondary">{t('payment.subscription.pendingHint')}</p> : null}
    </section>
  );
}

/** Without a payment provider: say so, say who activates subscriptions and how to ask — never a fake checkout. */
function ManualPayments({ data }: { data: CompanySubscriptions }) {
  const { t, i18n } = useTranslation();
  const countryName = useCountryName();
  const { supportUrl } = useTheme().theme.branding;
  const jurisdictions = data.availableCountries.filter((country) => country.isJurisdiction);
  const list = new Intl.ListFormat(i18n.language, { type: 'conjunction' });
  return (
    <section
      aria-labelledby="manual-payments"
      className="flex flex-col gap-3 rounded-xl border border-border border-l-4 border-l-info bg-surface p-5"
    >
      <h3 id="manual-payments" className="text-lg font-semibold text-fg">
        {t('payment.subscription.manualHeading')}
      </h3>
      <p className="text-sm text-fg">{t('payment.subscription.manualText')}</p>
      <p className="text-sm text-fg">{t('payment.subscription.manualHowTo')}</p>
      {jurisdictions.length > 0 ? (
        <p className="text-sm text-fg-secondary">
          {t('payment.subscription.manualJurisdictions', {
            countries: list.format(jurisdictions.map((country) => countryName(country.countryCode))),
          })}
        </p>
      ) : null}
      <div>
        <LinkButton to={supportUrl} isDocument variant="secondary">
          {t('payment.subscription.contactSupport')}
        </LinkButton>
      </div>
    </section>
  );
}

function CountryGroup({
  legend,
  countries,
  selected,
  disabled,
  onToggle,
}: {
  legend: string;
  countries: SubscribableCountry[];
  selected: ReadonlySet<string>;
  disabled: boolean;
  onToggle: (code: string) => void;
}) {
  const { t } = useTranslation();
  const countryName = useCountryName();
  if (countries.length === 0) return null;
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-2 text-sm font-semibold text-fg">{legend}</legend>
      <ul className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
        {countries.map((country) => (
          <li key={country.countryCode}>
            <label className="flex items-center gap-2 rounded-md border border-border px-3 py-2 text-sm text-fg has-[:disabled]:text-fg-muted">
              <input
                type="checkbox"
                className="size-4 accent-primary-strong"
                checked={selected.has(country.countryCode)}
                disabled={disabled || !country.canCheckout}
                onChange={() => onToggle(country.countryCode)}
              />
              <span>
                {countryName(country.countryCode)}
                {country.canCheckout ? null : (
                  <span className="ml-1 text-xs">({t('payment.subscription.notForSale')})</span>
                )}
              </span>
            </label>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}

/** Choose countries and go to Stripe Checkout; the countries turn active when Stripe reports the payment. */
function CheckoutForm({ data }: { data: CompanySubscriptions }) {
  const { t } = useTranslation();
  const errorMessage = usePaymentErrorText();
  const countryName = useCountryName();
  const checkout = useStartCheckout();
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [isRedirecting, setIsRedirecting] = useState(false);
  const [showChooseOne, setShowChooseOne] = useState(false);
  const hintId = useId();

  const byName = (a: SubscribableCountry, b: SubscribableCountry) =>
    countryName(a.countryCode).localeCompare(countryName(b.countryCode));
  // 30 countries at most: sorted on each render, by name in the UI language.
  const jurisdictions = data.availableCountries.filter((country) => country.isJurisdiction).sort(byName);
  const others = data.availableCountries.filter((country) => !country.isJurisdiction).sort(byName);
  const isBusy = checkout.isPending || isRedirecting;

  const toggle = (code: string) => {
    setShowChooseOne(false);
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(code)) next.delete(code);
      else next.add(code);
      return next;
    });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (selected.size === 0) {
      setShowChooseOne(true);
      return;
    }
    const ordered = data.availableCountries.map((country) => country.countryCode).filter((code) => selected.has(code));
    checkout.mutate(ordered, {
      onSuccess: (session) => {
        setIsRedirecting(true);
        window.location.assign(session.checkoutUrl);
      },
    });
  };

  if (data.availableCountries.length === 0) {
    return <p className="text-sm text-fg-secondary">{t('payment.subscription.allSubscribed')}</p>;
  }

  return (
    <section
      aria-labelledby="add-countries"
      className="flex flex-col gap-4 rounded-xl border border-border bg-surface p-5"
    >
      <h3 id="add-countries" className="text-lg font-semibold text-fg">
        {t('payment.subscription.addHeading')}
      </h3>
      <form onSubmit={submit} noValidate className="flex flex-col gap-5" aria-describedby={hintId}>
        <CountryGroup
          legend={t('payment.subscription.jurisdictionsLegend')}
          countries={jurisdictions}
          selected={selected}
          disabled={isBusy}
          onToggle={toggle}
        />
        <CountryGroup
          legend={t('payment.subscription.othersLegend')}
          countries={others}
          selected={selected}
          disabled={isBusy}
          onToggle={toggle}
        />
        <div className="flex flex-wrap items-center gap-4">
          <Button type="submit" disabled={isBusy}>
            {t('payment.subscription.subscribe')}
          </Button>
          <p id={hintId} className="text-sm text-fg-secondary" aria-live="polite">
            {t('payment.subscription.selectedCount', { count: selected.size })}
          </p>
        </div>
        {showChooseOne ? (
          <p role="alert" className="text-sm font-semibold text-danger">
            {t('payment.subscription.chooseOne')}
          </p>
        ) : null}
        {checkout.isError ? (
          <p role="alert" className="text-sm font-semibold text-danger">
            {t('payment.subscription.checkoutError', { message: errorMessage(checkout.error) })}
          </p>
        ) : null}
        {isBusy ? <Spinner label={t('payment.subscription.redirecting')} className="items-start p-0" /> : null}
      </form>
    </section>
  );
}

/**
 * The company's subscription (`/settings/subscription`): its countries with status, since when and how they are
 * paid; more countries through Stripe Checkout, or — without a payment provider — who activates them and how to ask.
 */
export function SubscriptionPage({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation();
  const errorMessage = usePaymentErrorText();
  const query = useCompanySubscriptions();

  return (
    // A section of the settings area, whose layout holds the page's h1 and the section navigation.
    <section aria-labelledby="settings-subscription" className="flex min-w-0 flex-col gap-4">
      <div className="min-w-0">
        <h2 id="settings-subscription" className="text-xl font-semibold text-fg">
          {t(titleKey)}
        </h2>
        <p className="mt-1 max-w-prose text-sm text-fg-secondary">{t('payment.subscription.description')}</p>
      </div>
      {query.isPending ? (
        <LoadingState />
      ) : query.isError ? (
        <div role="alert" className="flex flex-col items-start gap-3 rounded-xl border border-danger bg-surface p-5">
          <p className="text-sm text-fg">
            {t('payment.subscription.loadError', { message: errorMessage(query.error) })}
          </p>
          <Button variant="secondary" onClick={() => query.refetch()}>
            {t('payment.subscription.retry')}
          </Button>
        </div>
      ) : (
        <>
          <CurrentSubscriptions data={query.data} />
          {query.data.paymentProvider === 'stripe' ? (
            <CheckoutForm data={query.data} />
          ) : (
            <ManualPayments data={query.data} />
          )}
        </>
      )}
    </section>
  );
}
