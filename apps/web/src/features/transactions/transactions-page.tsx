import { PageNotAvailable } from '../../components/ui/page-not-available';

export function TransactionsPage({ titleKey }: { titleKey: string }) {
  return <PageNotAvailable titleKey={titleKey} />;
}
