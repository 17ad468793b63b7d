import { PageNotAvailable } from '../../components/ui/page-not-available';

export function PaymentResultPage({ titleKey }: { titleKey: string }) {
  return <PageNotAvailable titleKey={titleKey} />;
}
