import { PageNotAvailable } from '../../../components/ui/page-not-available';

export function DocumentCenterPage() {
  return <PageNotAvailable titleKey="pages.onboarding.documentCenter.title" />;
}
