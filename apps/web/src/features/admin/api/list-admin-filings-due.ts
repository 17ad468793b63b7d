import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type AdminFilingPage, adminFilingPageSchema, apiPaths } from '@vatlas/contract';
import { useAuthServices } from '../../../lib/auth/auth-services';
import type { HttpClient } from '../../../lib/http/http-client';
import { type AdminTableQuery, adminQueryKey } from './admin-query-key';

export type { AdminFilingPage };

/** Open filings of every company due within N days or overdue. */
export function listAdminFilingsDue(http: HttpClient, query: AdminTableQuery): Promise<AdminFilingPage> {
  return http.request(apiPaths.adminFilingsDue(query), { schema: adminFilingPageSchema });
}

export function useAdminFilingsDue(query: AdminTableQuery) {
  const { http } = useAuthServices();
  return useQuery({
    queryKey: adminQueryKey('filings', query),
    queryFn: () => listAdminFilingsDue(http, query),
    placeholderData: keepPreviousData,
  });
}
