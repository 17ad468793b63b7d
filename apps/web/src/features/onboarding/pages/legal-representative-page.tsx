import { PageNotAvailable } from '../../../components/ui/page-not-available';

export function LegalRepresentativePage() {
  return <PageNotAvailable titleKey="pages.onboarding.legalRepresentative.title" />;
}
