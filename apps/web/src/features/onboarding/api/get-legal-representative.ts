import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths, type LegalRepresentativeResponse, legalRepresentativeResponseSchema } from '@vatlas/contract';
import { useAuthServices } from '../../../lib/auth/auth-services';
import { useAuthStore } from '../../../lib/auth/auth-store';
import type { HttpClient } from '../../../lib/http/http-client';
import { useFetchFresh } from '../../../lib/query/fetch-fresh';

export type { LegalRepresentativeResponse };

export const legalRepresentativeQueryKey = (companyId: string) =>
  ['business-profile', 'legalRepresentative', companyId] as const;

export function getLegalRepresentative(http: HttpClient, companyId: string): Promise<LegalRepresentativeResponse> {
  return http.request(apiPaths.legalRepresentative(companyId), { schema: legalRepresentativeResponseSchema });
}

export function getLegalRepresentativeQueryOptions(http: HttpClient, companyId: string) {
  return queryOptions({
    queryKey: legalRepresentativeQueryKey(companyId),
    queryFn: () => getLegalRepresentative(http, companyId),
  });
}

/** The selected company's saved values (nulls before the first save); disabled while no company is selected. */
export function useLegalRepresentative() {
  const { http } = useAuthServices();
  const companyId = useAuthStore((state) => state.selectedCompanyId);
  return useQuery({ ...getLegalRepresentativeQueryOptions(http, companyId ?? ''), enabled: companyId !== null });
}

/** The selected company's saved values fetched again whatever the cache holds (`useFetchFresh`). */
export function useReloadLegalRepresentative() {
  const { http } = useAuthServices();
  const companyId = useAuthStore((state) => state.selectedCompanyId);
  return useFetchFresh(getLegalRepresentativeQueryOptions(http, companyId ?? ''));
}
