import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type AdminOverview, adminOverviewSchema, apiPaths } from '@vatlas/contract';
import { useAuthServices } from '../../../lib/auth/auth-services';
import type { HttpClient } from '../../../lib/http/http-client';
import { adminQueryKey } from './admin-query-key';

export type { AdminOverview };

/** Counts and the most urgent items of every company. */
export function getAdminOverview(http: HttpClient): Promise<AdminOverview> {
  return http.request(apiPaths.adminOverview, { schema: adminOverviewSchema });
}

export function useAdminOverview() {
  const { http } = useAuthServices();
  return useQuery({
    queryKey: adminQueryKey('overview'),
    queryFn: () => getAdminOverview(http),
    placeholderData: keepPreviousData,
  });
}
