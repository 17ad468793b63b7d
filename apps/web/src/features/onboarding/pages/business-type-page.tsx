import { PageNotAvailable } from '../../../components/ui/page-not-available';

export function BusinessTypePage() {
  return <PageNotAvailable titleKey="pages.onboarding.businessType.title" />;
}
