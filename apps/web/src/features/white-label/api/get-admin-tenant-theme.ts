import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { type AdminTenantTheme, adminTenantThemeSchema, apiPaths } from '@vatlas/contract';
import { useAuthServices } from '../../../lib/auth/auth-services';
import type { HttpClient } from '../../../lib/http/http-client';

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

/** Fetches the tenant's theme again whatever the cache holds, and answers it: an editor refused for an edit conflict
 * (decision 052) is refilled from it. */
export function useReloadAdminTenantTheme(tenantId: string) {
  const { http } = useAuthServices();
  const queryClient = useQueryClient();
  return () => queryClient.fetchQuery({ ...adminTenantThemeQueryOptions(http, tenantId), staleTime: 0 });
}
