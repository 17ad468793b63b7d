import { PageNotAvailable } from '../../../components/ui/page-not-available';

export function AccountCreationPage() {
  return <PageNotAvailable titleKey="pages.onboarding.accountCreation.title" />;
}
