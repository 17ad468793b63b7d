import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths, type Filing, filingSchema, type MarkFilingFiledRequest } from '@vatlas/contract';
import { useAuthServices } from '../../../lib/auth/auth-services';
import { useAuthStore } from '../../../lib/auth/auth-store';
import type { HttpClient } from '../../../lib/http/http-client';
import { filingsQueryKeyRoot } from './list-filings';

export function markFilingFiled(
  http: HttpClient,
  companyId: string,
  filingId: string,
  body: MarkFilingFiledRequest,
): Promise<Filing> {
  return http.request(apiPaths.markFilingFiled(companyId, filingId), { method: 'POST', body, schema: filingSchema });
}

/** Records the submission, then refreshes every filings list of the company (status and counts change). */
export function useMarkFilingFiled() {
  const { http } = useAuthServices();
  const queryClient = useQueryClient();
  const companyId = useAuthStore((state) => state.selectedCompanyId);
  return useMutation({
    mutationFn: (input: { filingId: string } & MarkFilingFiledRequest) => {
      if (!companyId) throw new Error('No company is selected.');
      return markFilingFiled(http, companyId, input.filingId, { filedOn: input.filedOn, reference: input.reference });
    },
    onSuccess: async () => {
      if (companyId) await queryClient.invalidateQueries({ queryKey: filingsQueryKeyRoot(companyId) });
    },
  });
}
