import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths, type JurisdictionInfoResponse, jurisdictionInfoResponseSchema } from '@vatlas/contract';
import { useAuthServices } from '../../../lib/auth/auth-services';
import { useAuthStore } from '../../../lib/auth/auth-store';
import type { HttpClient } from '../../../lib/http/http-client';

export type { JurisdictionInfoResponse };

export const jurisdictionInfoQueryKey = (companyId: string) => ['jurisdiction-info', companyId] as const;

export function getJurisdictionInfo(http: HttpClient, companyId: string): Promise<JurisdictionInfoResponse> {
  return http.request(apiPaths.jurisdictionInfo(companyId), { schema: jurisdictionInfoResponseSchema });
}

export function getJurisdictionInfoQueryOptions(http: HttpClient, companyId: string) {
  return queryOptions({
    queryKey: jurisdictionInfoQueryKey(companyId),
    queryFn: () => getJurisdictionInfo(http, companyId),
  });
}

/** Per selected country: documents, fiscal representative, proposed return frequency, with sources. */
export function useJurisdictionInfo() {
  const { http } = useAuthServices();
  const companyId = useAuthStore((state) => state.selectedCompanyId);
  return useQuery({ ...getJurisdictionInfoQueryOptions(http, companyId ?? ''), enabled: companyId !== null });
}
