import { PageNotAvailable } from '../../../components/ui/page-not-available';

export function BusinessAddressPage() {
  return <PageNotAvailable titleKey="pages.onboarding.businessAddress.title" />;
}
