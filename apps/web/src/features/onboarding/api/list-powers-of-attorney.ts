import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths, type PowerOfAttorneyList, powerOfAttorneyListSchema } from '@vatlas/contract';
import { useAuthServices } from '../../../lib/auth/auth-services';
import { useAuthStore } from '../../../lib/auth/auth-store';
import type { HttpClient } from '../../../lib/http/http-client';

export type { PowerOfAttorneyList };

export const powersOfAttorneyQueryKey = (companyId: string) => ['powers-of-attorney', companyId] as const;

export function listPowersOfAttorney(http: HttpClient, companyId: string): Promise<PowerOfAttorneyList> {
  return http.request(apiPaths.powersOfAttorney(companyId), { schema: powerOfAttorneyListSchema });
}

export function listPowersOfAttorneyQueryOptions(http: HttpClient, companyId: string) {
  return queryOptions({
    queryKey: powersOfAttorneyQueryKey(companyId),
    queryFn: () => listPowersOfAttorney(http, companyId),
  });
}

export function usePowersOfAttorney() {
  const { http } = useAuthServices();
  const companyId = useAuthStore((state) => state.selectedCompanyId);
  return useQuery({ ...listPowersOfAttorneyQueryOptions(http, companyId ?? ''), enabled: companyId !== null });
}
