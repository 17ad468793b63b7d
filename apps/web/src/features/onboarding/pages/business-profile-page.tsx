import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { cn } from '../../../lib/cn';
import { type BankAccountResponse, useBankAccount } from '../api/get-bank-account';
import { type BusinessDetailsResponse, useBusinessDetails } from '../api/get-business-details';
import { type LegalRepresentativeResponse, useLegalRepresentative } from '../api/get-legal-representative';
import { OnboardingLayout } from '../components/onboarding-layout';

type SectionState = 'complete' | 'missing' | 'loading' | 'error';

/** What "done" means for each part; the forms only save values that passed the rules, so presence is enough. */
export const isLegalRepresentativeSaved = (data: LegalRepresentativeResponse) => data.updatedAt !== null;
export const isBusinessDetailsSaved = (data: BusinessDetailsResponse) =>
  Boolean(data.legalForm && data.incorporationNumber && data.incorporationDate);
export const isBankAccountSaved = (data: BankAccountResponse) => data.updatedAt !== null;

function stateOf<T>(query: { data?: T; isError: boolean }, isSaved: (data: T) => boolean): SectionState {
  if (query.data) return isSaved(query.data) ? 'complete' : 'missing';
  return query.isError ? 'error' : 'loading';
}

const badgeStyles: Record<SectionState, string> = {
  complete: 'border-success text-fg',
  missing: 'border-border text-fg-secondary',
  loading: 'border-border text-fg-muted',
  error: 'border-danger text-danger',
};

/** The business profile's three parts with their state; Continue opens the first one not done yet. */
export function BusinessProfilePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const sections = [
    {
      key: 'legalRepresentative',
      href: paths.onboarding.legalRepresentative.getHref(),
      state: stateOf(useLegalRepresentative(), isLegalRepresentativeSaved),
    },
    {
      key: 'businessDetails',
      href: paths.onboarding.businessDetails.getHref(),
      state: stateOf(useBusinessDetails(), isBusinessDetailsSaved),
    },
    {
      key: 'banking',
      href: paths.onboarding.banking.getHref(),
      state: stateOf(useBankAccount(), isBankAccountSaved),
    },
  ] as const;
  const firstOpen = sections.find((section) => section.state !== 'complete');
  // All three done: continue where the flow goes after the last of them.
  const continueHref = firstOpen?.href ?? paths.onboarding.documents.getHref();

  return (
    <OnboardingLayout
      path={paths.onboarding.businessProfile.path}
      title={t('onboarding.businessProfile.index.title')}
      description={t('onboarding.businessProfile.index.description')}
      nextLabel={t('onboarding.businessProfile.index.continue')}
      onNext={() => navigate(continueHref)}
    >
      <ol className="flex flex-col gap-3">
        {sections.map((section, index) => (
          <li key={section.key}>
            <Link
              to={section.href}
              className="flex items-center justify-between gap-4 rounded-lg border border-border p-4 hover:bg-gray-100 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-primary"
            >
              <span className="flex flex-col gap-1">
                <span className="font-semibold text-fg">
                  {index + 1}. {t(`onboarding.businessProfile.${section.key}.title`)}
                </span>
                <span className="text-sm text-fg-secondary">
                  {t(`onboarding.businessProfile.index.summaries.${section.key}`)}
                </span>
              </span>
              <span
                className={cn(
                  'shrink-0 rounded-full border-2 px-3 py-1 text-xs font-semibold',
                  badgeStyles[section.state],
                )}
              >
                {t(`onboarding.businessProfile.index.states.${section.state}`)}
              </span>
            </Link>
          </li>
        ))}
      </ol>
    </OnboardingLayout>
  );
}
