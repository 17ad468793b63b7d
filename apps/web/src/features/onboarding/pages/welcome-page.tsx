import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { useAuthStore } from '../../../lib/auth/auth-store';
import { createCompanyRequestSchema, useCreateCompany } from '../api/create-company';
import { isOnboardingLoading, useOnboarding } from '../api/get-onboarding';
import { fieldErrorsFromApi, fieldErrorsFromZod } from '../components/form-errors';
import { TextField } from '../components/form-fields';
import { OnboardingLayout } from '../components/onboarding-layout';

const PATH = '/onboarding/welcome';

/** A user without a company names it here; the company is created and the session switched to it. */
function CreateCompanyForm() {
  const { t } = useTranslation();
  const create = useCreateCompany();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = createCompanyRequestSchema.safeParse({ legalNameOfBusiness: name });
    if (!parsed.success && fieldErrorsFromZod(parsed.error).legalNameOfBusiness) {
      setError(t('onboarding.welcome.errors.legalNameOfBusiness'));
      return;
    }
    setError(null);
    try {
      // switchCompany reloads the auth state and goes to /dashboard; the guard then opens the next step.
      await create.mutateAsync({ legalNameOfBusiness: name.trim() });
    } catch (failure) {
      setError(
        fieldErrorsFromApi(failure)
          ? t('onboarding.welcome.errors.legalNameOfBusiness')
          : t('onboarding.layout.saveFailed'),
      );
    }
  };

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      <TextField
        id="legalNameOfBusiness"
        label={t('onboarding.welcome.companyName')}
        hint={t('onboarding.welcome.companyNameHint')}
        autoComplete="organization"
        value={name}
        onChange={setName}
        error={error ?? undefined}
      />
      <div>
        <Button type="submit" disabled={create.isPending} aria-busy={create.isPending}>
          {create.isPending ? t('onboarding.layout.saving') : t('onboarding.welcome.create')}
        </Button>
      </div>
    </form>
  );
}

export function WelcomePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useAuthStore((state) => state.user);
  const selectedCompanyId = useAuthStore((state) => state.selectedCompanyId);
  const onboarding = useOnboarding();
  const company = user?.companies.find((candidate) => candidate.id === selectedCompanyId);
  const firstName = user?.firstName ?? '';

  return (
    <OnboardingLayout
      path={PATH}
      title={t('pages.onboarding.welcome.title')}
      description={
        firstName ? t('onboarding.welcome.greeting', { name: firstName }) : t('onboarding.welcome.greetingAnonymous')
      }
      hideActions
    >
      <div className="flex flex-col gap-6">
        <p className="text-fg">{t('onboarding.welcome.intro')}</p>
        <ol className="list-decimal space-y-1 pl-5 text-sm text-fg-secondary">
          <li>{t('onboarding.welcome.plan.business')}</li>
          <li>{t('onboarding.welcome.plan.assessment')}</li>
          <li>{t('onboarding.welcome.plan.profile')}</li>
          <li>{t('onboarding.welcome.plan.documents')}</li>
        </ol>
        {company ? (
          <div className="flex flex-col gap-3 rounded-md border border-border p-4">
            <p className="text-fg">{t('onboarding.welcome.continueWith', { company: company.legalNameOfBusiness })}</p>
            <div>
              <Button
                onClick={() => navigate(onboarding.data?.nextPath ?? '/onboarding/business-type')}
                disabled={isOnboardingLoading(onboarding)}
              >
                {t('onboarding.welcome.continue')}
              </Button>
            </div>
          </div>
        ) : (
          <CreateCompanyForm />
        )}
      </div>
    </OnboardingLayout>
  );
}
