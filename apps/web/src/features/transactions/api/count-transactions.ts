import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths, type TransactionCount, transactionCountSchema } from '@vatlas/contract';
import { useAuthServices } from '../../../lib/auth/auth-services';
import { useAuthStore } from '../../../lib/auth/auth-store';
import type { HttpClient } from '../../../lib/http/http-client';
import { filtersToApiQuery, type TransactionFilters } from '../lib/filters';

export type { TransactionCount };

export const transactionCountQueryKey = (companyId: string, filters: TransactionFilters) => {
  const { sort: _sort, ...query } = filtersToApiQuery(filters);
  return ['transactions-count', companyId, query] as const;
};

export function countTransactions(
  http: HttpClient,
  companyId: string,
  filters: TransactionFilters,
): Promise<TransactionCount> {
  const { sort: _sort, ...query } = filtersToApiQuery(filters);
  return http.request(apiPaths.transactionsCount(companyId, query), { schema: transactionCountSchema });
}

export function countTransactionsQueryOptions(http: HttpClient, companyId: string, filters: TransactionFilters) {
  return queryOptions({
    queryKey: transactionCountQueryKey(companyId, filters),
    queryFn: () => countTransactions(http, companyId, filters),
    staleTime: 5 * 60_000,
  });
}

/** How many transactions match the filters (exact up to the API's limit). */
export function useTransactionCount(filters: TransactionFilters) {
  const { http } = useAuthServices();
  const companyId = useAuthStore((state) => state.selectedCompanyId);
  return useQuery({ ...countTransactionsQueryOptions(http, companyId ?? '', filters), enabled: companyId !== null });
}
