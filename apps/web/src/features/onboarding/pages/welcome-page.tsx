import { PageNotAvailable } from '../../../components/ui/page-not-available';

export function WelcomePage() {
  return <PageNotAvailable titleKey="pages.onboarding.welcome.title" />;
}
