import { PageNotAvailable } from '../../../components/ui/page-not-available';

export function BusinessProfilePage() {
  return <PageNotAvailable titleKey="pages.onboarding.businessProfile.title" />;
}
