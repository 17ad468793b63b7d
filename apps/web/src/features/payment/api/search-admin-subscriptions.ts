import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { type AdminSubscriptionList, adminSubscriptionListSchema, apiPaths } from '@vatlas/contract';
import { useAuthServices } from '../../../lib/auth/auth-services';
import type { HttpClient } from '../../../lib/http/http-client';

export type { AdminSubscriptionList };

export const adminSubscriptionsQueryKeyRoot = ['payment', 'admin-subscriptions'] as const;

export function searchAdminSubscriptions(http: HttpClient, search: string): Promise<AdminSubscriptionList> {
  return http.request(apiPaths.adminSubscriptions(search === '' ? {} : { search }), {
    schema: adminSubscriptionListSchema,
  });
}

export function adminSubscriptionsQueryOptions(http: HttpClient, search: string) {
  return queryOptions({
    queryKey: [...adminSubscriptionsQueryKeyRoot, search] as const,
    queryFn: () => searchAdminSubscriptions(http, search),
  });
}

/** Administrators: up to 25 companies whose name (or id) matches, with their subscriptions. */
export function useAdminSubscriptions(search: string) {
  const { http } = useAuthServices();
  return useQuery({ ...adminSubscriptionsQueryOptions(http, search), placeholderData: keepPreviousData });
}
