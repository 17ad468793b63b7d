import { PageNotAvailable } from '../../../components/ui/page-not-available';

export function JurisdictionInfoPage() {
  return <PageNotAvailable titleKey="pages.onboarding.jurisdictionInfo.title" />;
}
