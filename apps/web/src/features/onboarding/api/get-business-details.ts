import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths, type BusinessDetailsResponse, businessDetailsResponseSchema } from '@vatlas/contract';
import { useAuthServices } from '../../../lib/auth/auth-services';
import { useAuthStore } from '../../../lib/auth/auth-store';
import type { HttpClient } from '../../../lib/http/http-client';
import { useFetchFresh } from '../../../lib/query/fetch-fresh';

export type { BusinessDetailsResponse };

export const businessDetailsQueryKey = (companyId: string) =>
  ['business-profile', 'businessDetails', companyId] as const;

export function getBusinessDetails(http: HttpClient, companyId: string): Promise<BusinessDetailsResponse> {
  return http.request(apiPaths.businessDetails(companyId), { schema: businessDetailsResponseSchema });
}

export function getBusinessDetailsQueryOptions(http: HttpClient, companyId: string) {
  return queryOptions({
    queryKey: businessDetailsQueryKey(companyId),
    queryFn: () => getBusinessDetails(http, companyId),
  });
}

/** The selected company's saved values (nulls before the first save); disabled while no company is selected. */
export function useBusinessDetails() {
  const { http } = useAuthServices();
  const companyId = useAuthStore((state) => state.selectedCompanyId);
  return useQuery({ ...getBusinessDetailsQueryOptions(http, companyId ?? ''), enabled: companyId !== null });
}

/** The selected company's saved values fetched again whatever the cache holds (`useFetchFresh`). */
export function useReloadBusinessDetails() {
  const { http } = useAuthServices();
  const companyId = useAuthStore((state) => state.selectedCompanyId);
  return useFetchFresh(getBusinessDetailsQueryOptions(http, companyId ?? ''));
}
