import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths, type FilingList, filingListSchema } from '@vatlas/contract';
import { useAuthServices } from '../../../lib/auth/auth-services';
import { useAuthStore } from '../../../lib/auth/auth-store';
import type { HttpClient } from '../../../lib/http/http-client';

export type { FilingList };

export type FilingsQuery = { from?: string; to?: string; status?: string; jurisdiction?: string };

/** Every filings query of a company starts with this key, so a mutation can refresh them all at once. */
export const filingsQueryKeyRoot = (companyId: string) => ['filings', companyId] as const;

export const filingsQueryKey = (companyId: string, query: FilingsQuery) =>
  [...filingsQueryKeyRoot(companyId), query] as const;

export function listFilings(http: HttpClient, companyId: string, query: FilingsQuery): Promise<FilingList> {
  return http.request(apiPaths.filings(companyId, query), { schema: filingListSchema });
}

export function listFilingsQueryOptions(http: HttpClient, companyId: string, query: FilingsQuery) {
  return queryOptions({
    queryKey: filingsQueryKey(companyId, query),
    queryFn: () => listFilings(http, companyId, query),
  });
}

/** The company's filings due in a range, by status and jurisdiction; the previous answer stays while a new loads. */
export function useFilings(query: FilingsQuery) {
  const { http } = useAuthServices();
  const companyId = useAuthStore((state) => state.selectedCompanyId);
  return useQuery({
    ...listFilingsQueryOptions(http, companyId ?? '', query),
    enabled: companyId !== null,
    placeholderData: keepPreviousData,
  });
}
