import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type AdminTenantTheme, adminTenantThemeSchema, apiPaths } from '@vatlas/contract';
import { useAuthServices } from '../../../lib/auth/auth-services';
import type { HttpClient } from '../../../lib/http/http-client';
import { tenantThemeQueryKeyRoot } from '../../../theme/api/get-tenant-theme';
import { adminTenantThemeQueryKey } from './get-admin-tenant-theme';

export function resetTenantTheme(http: HttpClient, tenantId: string): Promise<AdminTenantTheme> {
  return http.request(apiPaths.adminTenantTheme(tenantId), { method: 'DELETE', schema: adminTenantThemeSchema });
}

/** Back to the base theme (no overrides, no branding of its own). */
export function useResetTenantTheme(tenantId: string) {
  const { http } = useAuthServices();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => resetTenantTheme(http, tenantId),
    onSuccess: async (answer) => {
      queryClient.setQueryData(adminTenantThemeQueryKey(tenantId), answer);
      await queryClient.invalidateQueries({ queryKey: tenantThemeQueryKeyRoot });
    },
  });
}
