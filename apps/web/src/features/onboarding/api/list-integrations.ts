import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths, type Integration, integrationListSchema } from '@vatlas/contract';
import { useAuthServices } from '../../../lib/auth/auth-services';
import { useAuthStore } from '../../../lib/auth/auth-store';
import type { HttpClient } from '../../../lib/http/http-client';

export type { Integration };

export const integrationsQueryKey = (companyId: string) => ['integrations', companyId] as const;

export function listIntegrations(http: HttpClient, companyId: string): Promise<Integration[]> {
  return http.request(apiPaths.integrations(companyId), { schema: integrationListSchema });
}

export function listIntegrationsQueryOptions(http: HttpClient, companyId: string) {
  return queryOptions({ queryKey: integrationsQueryKey(companyId), queryFn: () => listIntegrations(http, companyId) });
}

export function useIntegrations() {
  const { http } = useAuthServices();
  const companyId = useAuthStore((state) => state.selectedCompanyId);
  return useQuery({ ...listIntegrationsQueryOptions(http, companyId ?? ''), enabled: companyId !== null });
}
