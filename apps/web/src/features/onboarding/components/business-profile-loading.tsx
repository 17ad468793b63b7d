import { useTranslation } from 'react-i18next';
import { Spinner } from '../../../components/ui/spinner';
import { OnboardingLayout } from './onboarding-layout';

/** What a business-profile page shows until its saved entries are loaded, or when they could not be. */
export function BusinessProfileLoading({ path, title, isError }: { path: string; title: string; isError: boolean }) {
  const { t } = useTranslation();
  return (
    <OnboardingLayout path={path} title={title} hideActions>
      {isError ? (
        <p role="alert" className="text-sm text-danger">
          {t('onboarding.businessProfile.loadFailed')}
        </p>
      ) : (
        <Spinner label={t('onboarding.businessProfile.loading')} />
      )}
    </OnboardingLayout>
  );
}
