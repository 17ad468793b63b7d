import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type AdminUser, adminUserSchema, apiPaths } from '@vatlas/contract';
import { useAuthServices } from '../../../lib/auth/auth-services';
import type { HttpClient } from '../../../lib/http/http-client';

export type UserChange = { userId: string } & ({ isAdmin: boolean } | { isDisabled: boolean });

/** Make admin / remove admin (Role) or disable / enable (Status): one change, one request. */
export function changeUser(http: HttpClient, change: UserChange): Promise<AdminUser> {
  if ('isAdmin' in change) {
    return http.request(apiPaths.adminUserRole(change.userId), {
      method: 'POST',
      body: { isAdmin: change.isAdmin },
      schema: adminUserSchema,
    });
  }
  return http.request(apiPaths.adminUserStatus(change.userId), {
    method: 'POST',
    body: { isDisabled: change.isDisabled },
    schema: adminUserSchema,
  });
}

/** The change, then every admin list again (counts on the overview, the audit log). */
export function useChangeUser() {
  const { http } = useAuthServices();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: UserChange) => changeUser(http, change),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['admin'] });
    },
  });
}
