import { PageNotAvailable } from '../../../components/ui/page-not-available';

export function DocumentsPage() {
  return <PageNotAvailable titleKey="pages.onboarding.documents.title" />;
}
