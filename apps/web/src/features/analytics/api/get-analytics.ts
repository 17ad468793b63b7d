import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { type Analytics, analyticsSchema, apiPaths } from '@vatlas/contract';
import { useAuthServices } from '../../../lib/auth/auth-services';
import { useAuthStore } from '../../../lib/auth/auth-store';
import type { HttpClient } from '../../../lib/http/http-client';
import type { MonthRange } from '../hooks/period';

export type { Analytics };

export const analyticsQueryKey = (companyId: string, range: MonthRange) =>
  ['analytics', companyId, range.from, range.to] as const;

export function getAnalytics(http: HttpClient, companyId: string, range: MonthRange): Promise<Analytics> {
  return http.request(apiPaths.analytics(companyId, range), { schema: analyticsSchema });
}

export function getAnalyticsQueryOptions(http: HttpClient, companyId: string, range: MonthRange) {
  return queryOptions({
    queryKey: analyticsQueryKey(companyId, range),
    queryFn: () => getAnalytics(http, companyId, range),
  });
}

/** Sales and VAT of the selected company over `range` (undefined while the range is invalid: no request). */
export function useAnalytics(range: MonthRange | undefined) {
  const { http } = useAuthServices();
  const companyId = useAuthStore((state) => state.selectedCompanyId);
  const fallback = { from: '1970-01', to: '1970-01' };
  return useQuery({
    ...getAnalyticsQueryOptions(http, companyId ?? '', range ?? fallback),
    enabled: companyId !== null && range !== undefined,
    placeholderData: keepPreviousData,
  });
}
