import { PageNotAvailable } from '../../components/ui/page-not-available';

export function CalendarPage({ titleKey }: { titleKey: string }) {
  return <PageNotAvailable titleKey={titleKey} />;
}
