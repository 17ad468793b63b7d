import type { Integration } from '@vatlas/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { useIntegrations } from '../api/list-integrations';
import { useUpdateIntegration } from '../api/update-integration';
import { OnboardingLayout } from '../components/onboarding-layout';

const PATH = '/onboarding/integrations';
const DATA_UPLOAD_PATH = '/data-upload';

function IntegrationCard({ integration }: { integration: Integration }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const update = useUpdateIntegration();
  const [error, setError] = useState<string | null>(null);
  const name = t(`onboarding.integrations.providers.${integration.provider}`);
  const choose = (status: Integration['status'], then?: () => void) => {
    setError(null);
    update.mutate(
      { provider: integration.provider, status },
      { onSuccess: () => then?.(), onError: () => setError(t('onboarding.integrations.saveFailed')) },
    );
  };

  return (
    <li className="flex flex-col gap-3 rounded-lg border border-border p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-lg font-semibold text-fg">{name}</h2>
        <span className="rounded-full border border-border px-2 py-0.5 text-xs font-medium text-fg">
          {t(`onboarding.integrations.status.${integration.status}`)}
        </span>
      </div>
      <p className="text-sm text-fg-secondary">
        {integration.status === 'file-upload'
          ? t('onboarding.integrations.fileUploadChosen', { name })
          : t('onboarding.integrations.notAvailable', { name })}
      </p>
      <div className="flex flex-wrap gap-2">
        {integration.status === 'file-upload' ? (
          <>
            <Button onClick={() => navigate(DATA_UPLOAD_PATH)}>{t('onboarding.integrations.goToUpload')}</Button>
            <Button variant="secondary" disabled={update.isPending} onClick={() => choose('not-connected')}>
              {t('onboarding.integrations.undo')}
            </Button>
          </>
        ) : (
          <Button
            disabled={update.isPending}
            aria-label={t('onboarding.integrations.uploadInsteadNamed', { name })}
            onClick={() => choose('file-upload', () => navigate(DATA_UPLOAD_PATH))}
          >
            {t('onboarding.integrations.uploadInstead')}
          </Button>
        )}
      </div>
      {error ? (
        <p role="alert" className="text-sm text-danger">
          {error}
        </p>
      ) : null}
    </li>
  );
}

export function IntegrationsPage() {
  const { t } = useTranslation();
  const integrations = useIntegrations();
  return (
    <OnboardingLayout
      path={PATH}
      title={t('onboarding.integrations.title')}
      description={t('onboarding.integrations.intro')}
    >
      {integrations.isPending ? (
        <Spinner label={t('onboarding.integrations.loading')} />
      ) : integrations.isError ? (
        <p role="alert" className="text-sm text-danger">
          {t('onboarding.integrations.loadFailed')}
        </p>
      ) : (
        <ul className="grid gap-4 md:grid-cols-2">
          {integrations.data.map((integration) => (
            <IntegrationCard key={integration.provider} integration={integration} />
          ))}
        </ul>
      )}
    </OnboardingLayout>
  );
}
