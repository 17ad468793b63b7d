import { PageNotAvailable } from '../../../components/ui/page-not-available';

export function ProductTypePage() {
  return <PageNotAvailable titleKey="pages.onboarding.productType.title" />;
}
