import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths, type Filing, filingSchema, type MarkFilingPaidRequest } from '@vatlas/contract';
import { useAuthServices } from '../../../lib/auth/auth-services';
import { useAuthStore } from '../../../lib/auth/auth-store';
import type { HttpClient } from '../../../lib/http/http-client';
import { filingsQueryKeyRoot } from './list-filings';

export function markFilingPaid(
  http: HttpClient,
  companyId: string,
  filingId: string,
  body: MarkFilingPaidRequest,
): Promise<Filing> {
  return http.request(apiPaths.markFilingPaid(companyId, filingId), { method: 'POST', body, schema: filingSchema });
}

export function markFilingUnpaid(http: HttpClient, companyId: string, filingId: string): Promise<Filing> {
  return http.request(apiPaths.markFilingUnpaid(companyId, filingId), { method: 'POST', schema: filingSchema });
}

/**
 * Records the day a filing's VAT was paid where it is due apart from the filing (decision 051), or with `paidOn`
 * null undoes that; then refreshes every filings list of the company.
 */
export function useSetFilingPaid() {
  const { http } = useAuthServices();
  const queryClient = useQueryClient();
  const companyId = useAuthStore((state) => state.selectedCompanyId);
  return useMutation({
    mutationFn: (input: { filingId: string; paidOn: string | null }) => {
      if (!companyId) throw new Error('No company is selected.');
      return input.paidOn === null
        ? markFilingUnpaid(http, companyId, input.filingId)
        : markFilingPaid(http, companyId, input.filingId, { paidOn: input.paidOn });
    },
    onSuccess: async () => {
      if (companyId) await queryClient.invalidateQueries({ queryKey: filingsQueryKeyRoot(companyId) });
    },
  });
}
