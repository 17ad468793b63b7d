import { useEffect } from 'react';
import { PageNotAvailable } from '../../components/ui/page-not-available';
import { clearPaymentOverlaySkipFlag } from '../../lib/storage/token-storage';

export function DashboardPage({ titleKey }: { titleKey: string }) {
  // Spec §2: the flag that let the user past the guard once is spent when the dashboard is reached.
  useEffect(() => {
    clearPaymentOverlaySkipFlag();
  }, []);
  return <PageNotAvailable titleKey={titleKey} />;
}
