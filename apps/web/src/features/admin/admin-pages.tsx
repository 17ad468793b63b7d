import { PageNotAvailable } from '../../components/ui/page-not-available';

export function AdminPage({ titleKey }: { titleKey: string }) {
  return <PageNotAvailable titleKey={titleKey} />;
}
