import { PageNotAvailable } from '../../../components/ui/page-not-available';

export function BankingPage() {
  return <PageNotAvailable titleKey="pages.onboarding.banking.title" />;
}
