import { PageNotAvailable } from '../../../components/ui/page-not-available';

export function IntegrationsPage() {
  return <PageNotAvailable titleKey="pages.onboarding.integrations.title" />;
}
