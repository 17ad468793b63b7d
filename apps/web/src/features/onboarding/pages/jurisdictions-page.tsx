import { DEFAULT_ONBOARDING_STEPS } from '@vatlas/domain';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useQuestionnaire } from '../api/get-questionnaire';
import { OnboardingLayout } from '../components/onboarding-layout';

const PATH = '/onboarding/jurisdictions';
const MINUTES = DEFAULT_ONBOARDING_STEPS.find((step) => step.id === 'jurisdictions')?.estimatedTime ?? 7;

/** What the jurisdictions step does, before the user chooses. */
export function JurisdictionsIntroPage() {
  const { t } = useTranslation();
  const questionnaire = useQuestionnaire();
  const required = questionnaire.data?.assessment?.jurisdictions.filter((item) => item.isRequired).length;
  return (
    <OnboardingLayout
      path={PATH}
      title={t('pages.onboarding.jurisdictions.title')}
      description={t('onboarding.jurisdictions.intro.description', { minutes: MINUTES })}
    >
      <div className="flex flex-col gap-4">
        <ol className="list-decimal space-y-2 pl-5 text-sm text-fg">
          <li>{t('onboarding.jurisdictions.intro.stepSelect')}</li>
          <li>{t('onboarding.jurisdictions.intro.stepInfo')}</li>
          <li>{t('onboarding.jurisdictions.intro.stepDocuments')}</li>
        </ol>
        {questionnaire.data ? (
          <p className="rounded-md border border-border bg-primary-light p-3 text-sm text-fg">
            {required === undefined ? (
              <>
                {t('onboarding.jurisdictions.intro.noAssessment')}{' '}
                <Link className="font-semibold underline" to="/onboarding/tax-assessment">
                  {t('onboarding.jurisdictions.intro.takeAssessment')}
                </Link>
              </>
            ) : (
              t('onboarding.jurisdictions.intro.fromAssessment', { count: required })
            )}
          </p>
        ) : null}
      </div>
    </OnboardingLayout>
  );
}
