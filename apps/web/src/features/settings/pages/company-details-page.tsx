import type { CompanyDetails, CompanySummary } from '@vatlas/contract';
import { isPlaceholderCity, isPlaceholderZip } from '@vatlas/domain';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';
import { focusRing } from '../../../components/ui/text-field';
import { paths } from '../../../config/paths';
import { useAuthStore } from '../../../lib/auth/auth-store';
import { cn } from '../../../lib/cn';
import { useFormatters } from '../../../lib/format/format';
import { useCountryName } from '../../../lib/format/use-country-name';
import { useCompanyDetails } from '../api/get-company-details';
import { SettingsSection } from '../components/settings-section';

const linkClassName = cn(
  'inline-flex items-center rounded-md border border-border bg-surface px-3 py-2 text-sm font-semibold text-fg hover:bg-gray-100',
  focusRing,
);

/**
 * The selected company as Vatlas knows it, read-only: editing lives in the onboarding business-profile pages, which
 * the links open, so there is one form per fact.
 */
export function CompanyDetailsPage() {
  const { t } = useTranslation();
  const companyId = useAuthStore((state) => state.selectedCompanyId);
  const summary = useAuthStore((state) =>
    state.user?.companies.find((company) => company.id === state.selectedCompanyId),
  );
  const details = useCompanyDetails(companyId);

  return (
    <SettingsSection
      id="settings-company"
      title={t('settings.sections.company.title')}
      description={t('settings.company.description')}
      actions={
        <>
          <Link to={paths.onboarding.businessAddress.getHref()} className={linkClassName}>
            {t('settings.company.editAddress')}
          </Link>
          <Link to={paths.onboarding.businessDetails.getHref()} className={linkClassName}>
            {t('settings.company.editDetails')}
          </Link>
        </>
      }
    >
      {details.isPending ? (
        <div aria-busy="true" className="flex flex-col gap-3">
          <span className="sr-only" role="status">
            {t('settings.company.loading')}
          </span>
          {[1, 2, 3, 4, 5].map((row) => (
            <Skeleton key={row} className="h-8 w-full" />
          ))}
        </div>
      ) : details.isError ? (
        <div className="flex flex-col items-start gap-3">
          <p role="alert" className="text-sm text-danger">
            {t('settings.company.loadFailed', { message: details.error.message })}
          </p>
          <Button variant="secondary" onClick={() => void details.refetch()}>
            {t('settings.retry')}
          </Button>
        </div>
      ) : (
        <CompanySummaryList details={details.data} summary={summary} />
      )}
    </SettingsSection>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 py-3 sm:grid-cols-[14rem_1fr] sm:gap-4">
      <dt className="text-sm text-fg-secondary">{label}</dt>
      <dd className="text-sm text-fg wrap-anywhere">{children}</dd>
    </div>
  );
}

function CompanySummaryList({ details, summary }: { details: CompanyDetails; summary: CompanySummary | undefined }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const countryName = useCountryName();
  const missing = <span className="text-fg-secondary">{t('settings.company.notGiven')}</span>;

  const hasAddress = !isPlaceholderCity(details.city) && !isPlaceholderZip(details.zipCode);
  const streetLine = [details.street, details.houseNumber].filter(Boolean).join(' ');
  const cityLine = [details.zipCode, details.city].filter(Boolean).join(' ');
  const country = details.establishmentCountryCode;
  const subscriptionCodes = summary?.subscriptionCountryCodes ?? [];

  return (
    <dl className="divide-y divide-border">
      <Row label={t('settings.company.fields.legalName')}>{details.legalNameOfBusiness}</Row>
      <Row label={t('settings.company.fields.legalStatus')}>{summary?.legalStatus ?? missing}</Row>
      <Row label={t('settings.company.fields.address')}>
        {hasAddress ? (
          <address className="not-italic">
            {streetLine ? <span className="block">{streetLine}</span> : null}
            <span className="block">{cityLine}</span>
            {details.state && details.state !== details.city ? <span className="block">{details.state}</span> : null}
            {country ? <span className="block">{countryName(country)}</span> : null}
          </address>
        ) : (
          missing
        )}
      </Row>
      <Row label={t('settings.company.fields.vatNumber')}>{details.vatNumber ?? missing}</Row>
      <Row label={t('settings.company.fields.establishmentCountry')}>
        {country ? `${countryName(country)} (${country})` : missing}
      </Row>
      <Row label={t('settings.company.fields.incorporationDate')}>
        {details.incorporationDate ? format.date(details.incorporationDate.slice(0, 10)) : missing}
      </Row>
      <Row label={t('settings.company.fields.incorporationNumber')}>{details.incorporationNumber ?? missing}</Row>
      <Row label={t('settings.company.fields.subscriptionCountries')}>
        {subscriptionCodes.length > 0 ? (
          <ul className="flex flex-wrap gap-1.5">
            {subscriptionCodes.map((code) => (
              <li key={code} className="rounded-full border border-border px-2 py-0.5 text-xs text-fg">
                {countryName(code)}
              </li>
            ))}
          </ul>
        ) : (
          <span className="flex flex-wrap items-center gap-2">
            <span className="text-fg-secondary">{t('settings.company.noSubscriptions')}</span>
            <Link
              to={paths.settings.subscription.getHref()}
              className={cn('font-semibold text-primary-strong underline', focusRing)}
            >
              {t('settings.company.subscribe')}
            </Link>
          </span>
        )}
      </Row>
    </dl>
  );
}
