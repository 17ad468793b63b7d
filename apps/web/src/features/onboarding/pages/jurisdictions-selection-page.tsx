import { PageNotAvailable } from '../../../components/ui/page-not-available';

export function JurisdictionsSelectionPage() {
  return <PageNotAvailable titleKey="pages.onboarding.jurisdictionsSelection.title" />;
}
