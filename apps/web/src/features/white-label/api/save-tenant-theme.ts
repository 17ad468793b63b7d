import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type AdminTenantTheme, adminTenantThemeSchema, apiPaths, type TenantThemeInput } from '@vatlas/contract';
import { useAuthServices } from '../../../lib/auth/auth-services';
import type { HttpClient } from '../../../lib/http/http-client';
import { tenantThemeQueryKeyRoot } from '../../../theme/api/get-tenant-theme';
import { adminTenantThemeQueryKey } from './get-admin-tenant-theme';

export function saveTenantTheme(
  http: HttpClient,
  tenantId: string,
  input: TenantThemeInput,
): Promise<AdminTenantTheme> {
  return http.request(apiPaths.adminTenantTheme(tenantId), {
    method: 'PUT',
    body: input,
    schema: adminTenantThemeSchema,
  });
}

/** Saves, then refreshes the shell's tenant theme, so the tenant being edited shows its new look at once. */
export function useSaveTenantTheme(tenantId: string) {
  const { http } = useAuthServices();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TenantThemeInput) => saveTenantTheme(http, tenantId, input),
    onSuccess: async (answer) => {
      queryClient.setQueryData(adminTenantThemeQueryKey(tenantId), answer);
      await queryClient.invalidateQueries({ queryKey: tenantThemeQueryKeyRoot });
    },
  });
}
