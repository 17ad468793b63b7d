import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Spinner } from '../../../components/ui/spinner';
import { useCountryName } from '../../../lib/format/use-country-name';
import { useDocumentChecklist } from '../api/get-document-checklist';
import { useDocuments } from '../api/list-documents';
import { useIntegrations } from '../api/list-integrations';
import { usePowersOfAttorney } from '../api/list-powers-of-attorney';
import { DocumentChecklistView } from '../components/document-checklist';
import { OnboardingLayout } from '../components/onboarding-layout';

const PATH = '/onboarding/document-center';
const linkClassName =
  'text-sm font-semibold text-primary-strong underline focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-primary';

/** The guard-named step of spec §2: one overview of documents, signatures and integrations, each linking to its page. */
export function DocumentCenterPage() {
  const { t } = useTranslation();
  const documents = useDocuments();
  const checklist = useDocumentChecklist();
  const powers = usePowersOfAttorney();
  const integrations = useIntegrations();
  const countryName = useCountryName();

  const signedCount = powers.data?.jurisdictions.filter((entry) => entry.state === 'signed').length ?? 0;
  const fileUploadCount = integrations.data?.filter((entry) => entry.status === 'file-upload').length ?? 0;

  return (
    <OnboardingLayout
      path={PATH}
      title={t('onboarding.documentCenter.title')}
      description={t('onboarding.documentCenter.intro')}
    >
      <div className="flex flex-col gap-6">
        <p role="status" className="text-sm font-medium text-fg">
          {checklist.data?.isComplete
            ? t('onboarding.documentCenter.complete')
            : checklist.data
              ? t('onboarding.documentCenter.incomplete')
              : null}
        </p>
        <div className="grid gap-4 md:grid-cols-3">
          <section aria-labelledby="center-documents" className="rounded-lg border border-border p-4">
            <h2 id="center-documents" className="text-base font-semibold text-fg">
              {t('onboarding.documentCenter.documentsHeading')}
            </h2>
            <p className="mt-1 text-sm text-fg-secondary">
              {documents.data
                ? t('onboarding.documentCenter.documentsCount', { count: documents.data.length })
                : t('onboarding.documents.loading')}
            </p>
            <Link className={linkClassName} to="/onboarding/documents">
              {t('onboarding.documentCenter.manageDocuments')}
            </Link>
          </section>
          <section aria-labelledby="center-signatures" className="rounded-lg border border-border p-4">
            <h2 id="center-signatures" className="text-base font-semibold text-fg">
              {t('onboarding.documentCenter.signaturesHeading')}
            </h2>
            <p className="mt-1 text-sm text-fg-secondary">
              {powers.data
                ? t('onboarding.documentCenter.signaturesCount', {
                    signed: signedCount,
                    total: powers.data.jurisdictions.length,
                  })
                : t('onboarding.signing.loading')}
            </p>
            <Link className={linkClassName} to="/onboarding/signing">
              {t('onboarding.documentCenter.manageSignatures')}
            </Link>
          </section>
          <section aria-labelledby="center-integrations" className="rounded-lg border border-border p-4">
            <h2 id="center-integrations" className="text-base font-semibold text-fg">
              {t('onboarding.documentCenter.integrationsHeading')}
            </h2>
            <p className="mt-1 text-sm text-fg-secondary">
              {integrations.data
                ? t('onboarding.documentCenter.integrationsCount', { count: fileUploadCount })
                : t('onboarding.integrations.loading')}
            </p>
            <Link className={linkClassName} to="/onboarding/integrations">
              {t('onboarding.documentCenter.manageIntegrations')}
            </Link>
          </section>
        </div>
        <section aria-labelledby="center-checklist" className="flex flex-col gap-2">
          <h2 id="center-checklist" className="text-lg font-semibold text-fg">
            {t('onboarding.documents.checklist.heading')}
          </h2>
          {checklist.data ? (
            <DocumentChecklistView checklist={checklist.data} countryName={countryName} headingLevel="h3" />
          ) : (
            <Spinner label={t('onboarding.documents.loading')} />
          )}
        </section>
      </div>
    </OnboardingLayout>
  );
}
