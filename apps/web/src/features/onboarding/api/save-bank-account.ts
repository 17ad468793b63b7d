import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  apiPaths,
  type BankAccountRequest,
  type BankAccountResponse,
  bankAccountRequestSchema,
  bankAccountResponseSchema,
} from '@vatlas/contract';
import { useAuthServices } from '../../../lib/auth/auth-services';
import { useAuthStore } from '../../../lib/auth/auth-store';
import type { HttpClient } from '../../../lib/http/http-client';
import { bankAccountQueryKey } from './get-bank-account';
import { onboardingQueryKey } from './get-onboarding';

export type { BankAccountRequest };
export { bankAccountRequestSchema };

export function saveBankAccount(
  http: HttpClient,
  companyId: string,
  body: BankAccountRequest,
): Promise<BankAccountResponse> {
  return http.request(apiPaths.bankAccount(companyId), { method: 'PUT', body, schema: bankAccountResponseSchema });
}

/** Saves, then puts the answer in the cache (a reload shows it) and refreshes the onboarding progress. */
export function useSaveBankAccount() {
  const { http } = useAuthServices();
  const queryClient = useQueryClient();
  const companyId = useAuthStore((state) => state.selectedCompanyId);
  return useMutation({
    mutationFn: (body: BankAccountRequest) => {
      if (!companyId) throw new Error('No company is selected.');
      return saveBankAccount(http, companyId, body);
    },
    onSuccess: async (saved) => {
      if (!companyId) return;
      queryClient.setQueryData(bankAccountQueryKey(companyId), saved);
      await queryClient.invalidateQueries({ queryKey: onboardingQueryKey(companyId) });
    },
  });
}
