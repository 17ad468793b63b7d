import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths, type CompanyDetails, companyDetailsSchema } from '@vatlas/contract';
import { useAuthServices } from '../../../lib/auth/auth-services';
import type { HttpClient } from '../../../lib/http/http-client';

export type { CompanyDetails };

export const companyDetailsQueryKey = (companyId: string) => ['settings', 'company-details', companyId] as const;

/** GET /api/v1/Company/{companyId}: the company's stored details (spec §3), fetched fresh for the summary. */
export function getCompanyDetails(http: HttpClient, companyId: string): Promise<CompanyDetails> {
  return http.request(apiPaths.companyDetails(companyId), { schema: companyDetailsSchema });
}

export function getCompanyDetailsQueryOptions(http: HttpClient, companyId: string) {
  return queryOptions({
    queryKey: companyDetailsQueryKey(companyId),
    queryFn: () => getCompanyDetails(http, companyId),
  });
}

export function useCompanyDetails(companyId: string | null) {
  const { http } = useAuthServices();
  return useQuery({ ...getCompanyDetailsQueryOptions(http, companyId ?? ''), enabled: companyId !== null });
}
