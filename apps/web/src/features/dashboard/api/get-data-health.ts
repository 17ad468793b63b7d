import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths, type DataHealth, dataHealthSchema } from '@vatlas/contract';
import { useAuthServices } from '../../../lib/auth/auth-services';
import { useAuthStore } from '../../../lib/auth/auth-store';
import type { HttpClient } from '../../../lib/http/http-client';

export type { DataHealth };

export const dataHealthQueryKey = (companyId: string, year: number) => ['data-health', companyId, year] as const;

export function getDataHealth(http: HttpClient, companyId: string, year: number): Promise<DataHealth> {
  return http.request(apiPaths.dataHealth(companyId, year), { schema: dataHealthSchema });
}

export function getDataHealthQueryOptions(http: HttpClient, companyId: string, year: number) {
  return queryOptions({
    queryKey: dataHealthQueryKey(companyId, year),
    queryFn: () => getDataHealth(http, companyId, year),
  });
}

/** The data-health alerts of `year`: what keeps its numbers from being complete or right. */
export function useDataHealth(year: number) {
  const { http } = useAuthServices();
  const companyId = useAuthStore((state) => state.selectedCompanyId);
  return useQuery({ ...getDataHealthQueryOptions(http, companyId ?? '', year), enabled: companyId !== null });
}
