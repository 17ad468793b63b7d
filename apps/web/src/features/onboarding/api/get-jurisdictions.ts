import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths, type JurisdictionsResponse, jurisdictionsResponseSchema } from '@vatlas/contract';
import { useAuthServices } from '../../../lib/auth/auth-services';
import { useAuthStore } from '../../../lib/auth/auth-store';
import type { HttpClient } from '../../../lib/http/http-client';

export type { JurisdictionsResponse };

export const jurisdictionsQueryKey = (companyId: string) => ['registration-jurisdictions', companyId] as const;

export function getJurisdictions(http: HttpClient, companyId: string): Promise<JurisdictionsResponse> {
  return http.request(apiPaths.registrationJurisdictions(companyId), { schema: jurisdictionsResponseSchema });
}

export function getJurisdictionsQueryOptions(http: HttpClient, companyId: string) {
  return queryOptions({
    queryKey: jurisdictionsQueryKey(companyId),
    queryFn: () => getJurisdictions(http, companyId),
  });
}

/** All 30 jurisdictions with the saved selection, or the assessment's pre-selection before the first save. */
export function useJurisdictions() {
  const { http } = useAuthServices();
  const companyId = useAuthStore((state) => state.selectedCompanyId);
  return useQuery({ ...getJurisdictionsQueryOptions(http, companyId ?? ''), enabled: companyId !== null });
}
