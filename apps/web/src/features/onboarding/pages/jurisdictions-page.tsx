import { PageNotAvailable } from '../../../components/ui/page-not-available';

export function JurisdictionsIntroPage() {
  return <PageNotAvailable titleKey="pages.onboarding.jurisdictions.title" />;
}
