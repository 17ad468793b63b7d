import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type AdminClientErrorPage, adminClientErrorPageSchema, apiPaths } from '@vatlas/contract';
import { useAuthServices } from '../../../lib/auth/auth-services';
import type { HttpClient } from '../../../lib/http/http-client';
import { type AdminTableQuery, adminQueryKey } from './admin-query-key';

export type { AdminClientErrorPage };

/** A page of the client error log, newest first. */
export function listAdminClientErrors(http: HttpClient, query: AdminTableQuery): Promise<AdminClientErrorPage> {
  return http.request(apiPaths.adminClientErrors(query), { schema: adminClientErrorPageSchema });
}

export function useAdminClientErrors(query: AdminTableQuery) {
  const { http } = useAuthServices();
  return useQuery({
    queryKey: adminQueryKey('client-errors', query),
    queryFn: () => listAdminClientErrors(http, query),
    placeholderData: keepPreviousData,
  });
}
