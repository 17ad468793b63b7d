import { PageNotAvailable } from '../../../components/ui/page-not-available';

export function SigningPage() {
  return <PageNotAvailable titleKey="pages.onboarding.signing.title" />;
}
