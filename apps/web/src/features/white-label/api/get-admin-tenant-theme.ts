import { queryOptions, useQuery } from '@tanstack/react-query';
import { type AdminTenantTheme, adminTenantThemeSchema, apiPaths } from '@vatlas/contract';
import { useAuthServices } from '../../../lib/auth/auth-services';
import type { HttpClient } from '../../../lib/http/http-client';
import { useFetchFresh } from '../../../lib/query/fetch-fresh';

export type { AdminTenantTheme };

export const adminTenantThemeQueryKey = (tenantId: string) => ['admin-tenant-theme', tenantId] as const;

export function getAdminTenantTheme(http: HttpClient, tenantId: string): Promise<AdminTenantTheme> {
  return http.request(apiPaths.adminTenantTheme(tenantId), { schema: adminTenantThemeSchema });
}

export function adminTenantThemeQueryOptions(http: HttpClient, tenantId: string) {
  return queryOptions({
    queryKey: adminTenantThemeQueryKey(tenantId),
    queryFn: () => getAdminTenantTheme(http, tenantId),
    // The editor's form starts from this answer: a background refetch must not replace what is being typed.
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}

/** A tenant's base theme, overrides, branding, resolved theme and contrast check. */
export function useAdminTenantTheme(tenantId: string) {
  const { http } = useAuthServices();
  return useQuery(adminTenantThemeQueryOptions(http, tenantId));
}

/** The tenant's theme fetched again whatever the cache holds (`useFetchFresh`). */
export function useReloadAdminTenantTheme(tenantId: string) {
  const { http } = useAuthServices();
  return useFetchFresh(adminTenantThemeQueryOptions(http, tenantId));
}
