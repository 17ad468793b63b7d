import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths, type FilingList, filingListSchema } from '@vatlas/contract';
import { useAuthServices } from '../../../lib/auth/auth-services';
import { useAuthStore } from '../../../lib/auth/auth-store';
import type { HttpClient } from '../../../lib/http/http-client';

export type { FilingList };

export const filingsQueryKey = (companyId: string) => ['filings', companyId] as const;

export function getFilings(http: HttpClient, companyId: string): Promise<FilingList> {
  return http.request(apiPaths.filings(companyId), { schema: filingListSchema });
}

export function getFilingsQueryOptions(http: HttpClient, companyId: string) {
  return queryOptions({ queryKey: filingsQueryKey(companyId), queryFn: () => getFilings(http, companyId) });
}

/** Every filing of the company with its status for today (the calendar refreshes them first). */
export function useFilings() {
  const { http } = useAuthServices();
  const companyId = useAuthStore((state) => state.selectedCompanyId);
  return useQuery({ ...getFilingsQueryOptions(http, companyId ?? ''), enabled: companyId !== null });
}
