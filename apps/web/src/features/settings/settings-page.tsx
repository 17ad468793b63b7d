import { PageNotAvailable } from '../../components/ui/page-not-available';

export function SettingsPage({ titleKey }: { titleKey: string }) {
  return <PageNotAvailable titleKey={titleKey} />;
}
