import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { ScrollTable } from '../../../components/ui/scroll-region';
import { Spinner } from '../../../components/ui/spinner';
import { useAuthServices } from '../../../lib/auth/auth-services';
import { useAuthStore } from '../../../lib/auth/auth-store';
import { useCountryName } from '../../../lib/format/use-country-name';
import { useDeleteDocument } from '../api/delete-document';
import { downloadDocument } from '../api/download-document';
import { useDocumentChecklist } from '../api/get-document-checklist';
import { type StoredDocument, useDocuments } from '../api/list-documents';
import { useUploadDocument } from '../api/upload-document';
import { DocumentChecklistView } from '../components/document-checklist';
import { DocumentUpload, formatBytes } from '../components/document-upload';
import { OnboardingLayout } from '../components/onboarding-layout';

const PATH = '/onboarding/documents';

function DocumentRow({ document }: { document: StoredDocument }) {
  const { t, i18n } = useTranslation();
  const { http } = useAuthServices();
  const companyId = useAuthStore((state) => state.selectedCompanyId);
  const countryName = useCountryName();
  const remove = useDeleteDocument();
  const [isConfirming, setIsConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(
    new Date(document.uploadedAt),
  );

  return (
    <tr className="border-t border-border align-top">
      <td className="py-2 pr-3">
        <span className="font-medium text-fg">{t(`onboarding.documentTypes.${document.documentType}`)}</span>
        <span className="block text-xs text-fg-secondary">
          {document.countryCode ? countryName(document.countryCode) : t('onboarding.documents.allCountries')}
        </span>
      </td>
      <td className="py-2 pr-3 wrap-anywhere text-fg">{document.fileName}</td>
      <td className="py-2 pr-3 whitespace-nowrap text-fg-secondary">
        {formatBytes(document.sizeBytes, i18n.language)}
      </td>
      <td className="py-2 pr-3 whitespace-nowrap text-fg-secondary">{date}</td>
      <td className="py-2">
        <div className="flex flex-wrap gap-2">
          <Button
            variant="secondary"
            aria-label={t('onboarding.documents.downloadNamed', { name: document.fileName })}
            onClick={() => {
              setError(null);
              if (companyId) {
                downloadDocument(http, companyId, document).catch(() =>
                  setError(t('onboarding.documents.errors.downloadFailed')),
                );
              }
            }}
          >
            {t('onboarding.documents.download')}
          </Button>
          {isConfirming ? (
            <span className="flex flex-wrap items-center gap-2">
              <span className="text-sm text-fg">
                {t('onboarding.documents.confirmDelete', { name: document.fileName })}
              </span>
              <Button
                disabled={remove.isPending}
                onClick={() =>
                  remove.mutate(document.id, {
                    onError: () => {
                      setIsConfirming(false);
                      setError(t('onboarding.documents.errors.deleteFailed'));
                    },
                  })
                }
              >
                {t('onboarding.documents.confirmDeleteYes')}
              </Button>
              <Button variant="secondary" onClick={() => setIsConfirming(false)} autoFocus>
                {t('onboarding.documents.cancel')}
              </Button>
            </span>
          ) : (
            <Button
              variant="secondary"
              aria-label={t('onboarding.documents.deleteNamed', { name: document.fileName })}
              onClick={() => setIsConfirming(true)}
            >
              {t('onboarding.documents.delete')}
            </Button>
          )}
        </div>
        {error ? (
          <p role="alert" className="mt-1 text-sm text-danger">
            {error}
          </p>
        ) : null}
      </td>
    </tr>
  );
}

export function DocumentsPage() {
  const { t } = useTranslation();
  const documents = useDocuments();
  const checklist = useDocumentChecklist();
  const { upload, progress, isUploading } = useUploadDocument();
  const countryName = useCountryName();
  const countryCodes = checklist.data?.jurisdictions.map((jurisdiction) => jurisdiction.countryCode) ?? [];

  return (
    <OnboardingLayout path={PATH} title={t('onboarding.documents.title')} description={t('onboarding.documents.intro')}>
      <div className="flex flex-col gap-8">
        <DocumentUpload
          countryCodes={countryCodes}
          countryName={countryName}
          upload={upload}
          progress={progress}
          isUploading={isUploading}
        />

        <section aria-labelledby="documents-list-heading" className="flex flex-col gap-2">
          <h2 id="documents-list-heading" className="text-lg font-semibold text-fg">
            {t('onboarding.documents.listHeading')}
          </h2>
          {documents.isPending ? (
            <Spinner label={t('onboarding.documents.loading')} />
          ) : documents.isError ? (
            <p role="alert" className="text-sm text-danger">
              {t('onboarding.documents.errors.loadFailed')}
            </p>
          ) : documents.data.length === 0 ? (
            <p className="text-sm text-fg-secondary">{t('onboarding.documents.empty')}</p>
          ) : (
            <ScrollTable caption={t('onboarding.documents.listHeading')} className="w-full text-left text-sm">
              <thead>
                <tr className="text-xs uppercase text-fg-secondary">
                  <th scope="col" className="py-2 pr-3 font-semibold">
                    {t('onboarding.documents.columns.type')}
                  </th>
                  <th scope="col" className="py-2 pr-3 font-semibold">
                    {t('onboarding.documents.columns.file')}
                  </th>
                  <th scope="col" className="py-2 pr-3 font-semibold">
                    {t('onboarding.documents.columns.size')}
                  </th>
                  <th scope="col" className="py-2 pr-3 font-semibold">
                    {t('onboarding.documents.columns.date')}
                  </th>
                  <th scope="col" className="py-2 font-semibold">
                    {t('onboarding.documents.columns.actions')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {documents.data.map((document) => (
                  <DocumentRow key={document.id} document={document} />
                ))}
              </tbody>
            </ScrollTable>
          )}
        </section>

        <section aria-labelledby="documents-checklist-heading" className="flex flex-col gap-2">
          <h2 id="documents-checklist-heading" className="text-lg font-semibold text-fg">
            {t('onboarding.documents.checklist.heading')}
          </h2>
          {checklist.data ? (
            <DocumentChecklistView checklist={checklist.data} countryName={countryName} headingLevel="h3" />
          ) : checklist.isError ? (
            <p role="alert" className="text-sm text-danger">
              {t('onboarding.documents.errors.loadFailed')}
            </p>
          ) : (
            <Spinner label={t('onboarding.documents.loading')} />
          )}
        </section>
      </div>
    </OnboardingLayout>
  );
}
