import { useMutation } from '@tanstack/react-query';
import { apiPaths, type CheckoutSession, checkoutSessionSchema } from '@vatlas/contract';
import { useAuthServices } from '../../../lib/auth/auth-services';
import { useAuthStore } from '../../../lib/auth/auth-store';
import type { HttpClient } from '../../../lib/http/http-client';

export function startCheckout(http: HttpClient, companyId: string, countryCodes: string[]): Promise<CheckoutSession> {
  return http.request(apiPaths.paymentCheckout(companyId), {
    method: 'POST',
    body: { countryCodes },
    schema: checkoutSessionSchema,
  });
}

/** Creates a Stripe Checkout Session for the countries; the caller sends the browser to its URL. */
export function useStartCheckout() {
  const { http } = useAuthServices();
  const companyId = useAuthStore((state) => state.selectedCompanyId);
  return useMutation({
    mutationFn: (countryCodes: string[]) => {
      if (!companyId) throw new Error('No company is selected.');
      return startCheckout(http, companyId, countryCodes);
    },
  });
}
