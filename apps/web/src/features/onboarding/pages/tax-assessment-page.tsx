import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { PageNotAvailable } from '../../../components/ui/page-not-available';

/** Spec §2: the tax assessment is shown as a modal page over the onboarding. */
export function TaxAssessmentPage() {
  const titleKey = 'pages.onboarding.taxAssessment.title';
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <div className="fixed inset-0 z-40 flex items-center justify-center bg-overlay p-4">
      <div
        role="dialog"
        aria-modal="true"
        aria-labelledby="page-title"
        className="w-full max-w-2xl rounded-xl bg-surface shadow-lg"
      >
        <PageNotAvailable titleKey={titleKey} />
        <div className="flex justify-end p-6 pt-0">
          <Button variant="secondary" onClick={() => navigate(-1)}>
            {t('admin.goBack')}
          </Button>
        </div>
      </div>
    </div>
  );
}
