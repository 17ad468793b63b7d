import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths, type BankAccountResponse, bankAccountResponseSchema } from '@vatlas/contract';
import { useAuthServices } from '../../../lib/auth/auth-services';
import { useAuthStore } from '../../../lib/auth/auth-store';
import type { HttpClient } from '../../../lib/http/http-client';
import { useFetchFresh } from '../../../lib/query/fetch-fresh';

export type { BankAccountResponse };

export const bankAccountQueryKey = (companyId: string) => ['business-profile', 'bankAccount', companyId] as const;

export function getBankAccount(http: HttpClient, companyId: string): Promise<BankAccountResponse> {
  return http.request(apiPaths.bankAccount(companyId), { schema: bankAccountResponseSchema });
}

export function getBankAccountQueryOptions(http: HttpClient, companyId: string) {
  return queryOptions({ queryKey: bankAccountQueryKey(companyId), queryFn: () => getBankAccount(http, companyId) });
}

/** The selected company's saved values (nulls before the first save); disabled while no company is selected. */
export function useBankAccount() {
  const { http } = useAuthServices();
  const companyId = useAuthStore((state) => state.selectedCompanyId);
  return useQuery({ ...getBankAccountQueryOptions(http, companyId ?? ''), enabled: companyId !== null });
}

/** The selected company's saved values fetched again whatever the cache holds (`useFetchFresh`). */
export function useReloadBankAccount() {
  const { http } = useAuthServices();
  const companyId = useAuthStore((state) => state.selectedCompanyId);
  return useFetchFresh(getBankAccountQueryOptions(http, companyId ?? ''));
}
