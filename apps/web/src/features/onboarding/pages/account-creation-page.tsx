import { useTranslation } from 'react-i18next';
import { useAuthStore } from '../../../lib/auth/auth-store';
import { OnboardingLayout } from '../components/onboarding-layout';

const PATH = '/onboarding/account-creation';

/** Step 1 (account-creation) is complete once signed in; this page confirms who is signed in and for which company. */
export function AccountCreationPage() {
  const { t } = useTranslation();
  const user = useAuthStore((state) => state.user);
  const company = useAuthStore((state) => state.user?.companies.find((c) => c.id === state.selectedCompanyId));
  return (
    <OnboardingLayout
      path={PATH}
      title={t('pages.onboarding.accountCreation.title')}
      description={t('onboarding.accountCreation.description')}
    >
      <dl className="grid gap-3 text-sm sm:grid-cols-[12rem_1fr]">
        <dt className="font-medium text-fg-secondary">{t('onboarding.accountCreation.name')}</dt>
        <dd className="text-fg">{[user?.firstName, user?.lastName].filter(Boolean).join(' ') || '—'}</dd>
        <dt className="font-medium text-fg-secondary">{t('onboarding.accountCreation.email')}</dt>
        <dd className="text-fg">{user?.email ?? '—'}</dd>
        <dt className="font-medium text-fg-secondary">{t('onboarding.accountCreation.company')}</dt>
        <dd className="text-fg">{company?.legalNameOfBusiness ?? t('onboarding.accountCreation.noCompany')}</dd>
      </dl>
    </OnboardingLayout>
  );
}
