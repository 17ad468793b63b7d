import { useCallback, useState } from 'react';
import { useSearchParams } from 'react-router';
import { hasPaymentOverlaySkipFlag } from '../../../lib/storage/token-storage';
import { shouldShowPaymentOverlay } from '../utils/payment-overlay';

/**
 * Whether the payment-success overlay is open. The skip flag is read once, as the dashboard is reached (the page then
 * clears it); closing removes `payment` from the URL so a reload does not show it again.
 */
export function usePaymentOverlay(): { isOpen: boolean; close: () => void } {
  const [searchParams, setSearchParams] = useSearchParams();
  const [hadSkipFlag] = useState(hasPaymentOverlaySkipFlag);
  const close = useCallback(() => {
    setSearchParams(
      (params) => {
        const next = new URLSearchParams(params);
        next.delete('payment');
        return next;
      },
      { replace: true },
    );
  }, [setSearchParams]);
  return { isOpen: shouldShowPaymentOverlay({ paymentParam: searchParams.get('payment'), hadSkipFlag }), close };
}
