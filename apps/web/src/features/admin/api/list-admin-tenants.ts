import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type AdminTenantList, adminTenantListSchema, apiPaths } from '@vatlas/contract';
import { useAuthServices } from '../../../lib/auth/auth-services';
import type { HttpClient } from '../../../lib/http/http-client';
import { adminQueryKey } from './admin-query-key';

export type { AdminTenantList };

/** Every tenant with its theme and counts. */
export function listAdminTenants(http: HttpClient): Promise<AdminTenantList> {
  return http.request(apiPaths.adminTenants, { schema: adminTenantListSchema });
}

export function useAdminTenants() {
  const { http } = useAuthServices();
  return useQuery({
    queryKey: adminQueryKey('tenants'),
    queryFn: () => listAdminTenants(http),
    placeholderData: keepPreviousData,
  });
}
