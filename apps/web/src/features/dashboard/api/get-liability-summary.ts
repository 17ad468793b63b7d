import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths, type LiabilitySummary, liabilitySummarySchema } from '@vatlas/contract';
import { useAuthServices } from '../../../lib/auth/auth-services';
import { useAuthStore } from '../../../lib/auth/auth-store';
import type { HttpClient } from '../../../lib/http/http-client';

export type { LiabilitySummary };

export const liabilitySummaryQueryKey = (companyId: string, year: number) =>
  ['liability-summary', companyId, year] as const;

export function getLiabilitySummary(http: HttpClient, companyId: string, year: number): Promise<LiabilitySummary> {
  return http.request(apiPaths.liabilitySummary(companyId, year), { schema: liabilitySummarySchema });
}

export function getLiabilitySummaryQueryOptions(http: HttpClient, companyId: string, year: number) {
  return queryOptions({
    queryKey: liabilitySummaryQueryKey(companyId, year),
    queryFn: () => getLiabilitySummary(http, companyId, year),
  });
}

/** What the company owes per jurisdiction and scheme, month by month, in `year`. */
export function useLiabilitySummary(year: number) {
  const { http } = useAuthServices();
  const companyId = useAuthStore((state) => state.selectedCompanyId);
  return useQuery({ ...getLiabilitySummaryQueryOptions(http, companyId ?? '', year), enabled: companyId !== null });
}
