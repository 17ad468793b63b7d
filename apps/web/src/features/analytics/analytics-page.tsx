import { PageNotAvailable } from '../../components/ui/page-not-available';

export function AnalyticsPage({ titleKey }: { titleKey: string }) {
  return <PageNotAvailable titleKey={titleKey} />;
}
