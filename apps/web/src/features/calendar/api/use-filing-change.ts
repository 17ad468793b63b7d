import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Filing } from '@vatlas/contract';
import { useAuthServices } from '../../../lib/auth/auth-services';
import { useAuthStore } from '../../../lib/auth/auth-store';
import type { HttpClient } from '../../../lib/http/http-client';
import { filingsQueryKeyRoot } from './list-filings';

/**
 * A change to one of the selected company's filings (`change`: a mark or its undo), after which every filings list of
 * the company is read again: statuses, amounts and counts follow it.
 */
export function useFilingChange<TInput>(
  change: (http: HttpClient, companyId: string, input: TInput) => Promise<Filing>,
) {
  const { http } = useAuthServices();
  const queryClient = useQueryClient();
  const companyId = useAuthStore((state) => state.selectedCompanyId);
  return useMutation({
    mutationFn: (input: TInput) => {
      if (!companyId) throw new Error('No company is selected.');
      return change(http, companyId, input);
    },
    onSuccess: async () => {
      if (companyId) await queryClient.invalidateQueries({ queryKey: filingsQueryKeyRoot(companyId) });
    },
  });
}
