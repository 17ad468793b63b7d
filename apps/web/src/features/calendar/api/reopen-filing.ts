import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths, type Filing, filingSchema } from '@vatlas/contract';
import { useAuthServices } from '../../../lib/auth/auth-services';
import { useAuthStore } from '../../../lib/auth/auth-store';
import type { HttpClient } from '../../../lib/http/http-client';
import { filingsQueryKeyRoot } from './list-filings';

export function reopenFiling(http: HttpClient, companyId: string, filingId: string): Promise<Filing> {
  return http.request(apiPaths.reopenFiling(companyId, filingId), { method: 'POST', schema: filingSchema });
}

/** Undoes a mark filed; the filing's amount follows the data again. */
export function useReopenFiling() {
  const { http } = useAuthServices();
  const queryClient = useQueryClient();
  const companyId = useAuthStore((state) => state.selectedCompanyId);
  return useMutation({
    mutationFn: (filingId: string) => {
      if (!companyId) throw new Error('No company is selected.');
      return reopenFiling(http, companyId, filingId);
    },
    onSuccess: async () => {
      if (companyId) await queryClient.invalidateQueries({ queryKey: filingsQueryKeyRoot(companyId) });
    },
  });
}
