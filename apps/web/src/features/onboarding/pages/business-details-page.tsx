import { PageNotAvailable } from '../../../components/ui/page-not-available';

export function BusinessDetailsPage() {
  return <PageNotAvailable titleKey="pages.onboarding.businessDetails.title" />;
}
