import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type AdminUserPage, adminUserPageSchema, apiPaths } from '@vatlas/contract';
import { useAuthServices } from '../../../lib/auth/auth-services';
import type { HttpClient } from '../../../lib/http/http-client';
import { type AdminTableQuery, adminQueryKey } from './admin-query-key';

export type { AdminUserPage };

/** A page of users, by e-mail address or name. */
export function listAdminUsers(http: HttpClient, query: AdminTableQuery): Promise<AdminUserPage> {
  return http.request(apiPaths.adminUsers(query), { schema: adminUserPageSchema });
}

export function useAdminUsers(query: AdminTableQuery) {
  const { http } = useAuthServices();
  return useQuery({
    queryKey: adminQueryKey('users', query),
    queryFn: () => listAdminUsers(http, query),
    placeholderData: keepPreviousData,
  });
}
