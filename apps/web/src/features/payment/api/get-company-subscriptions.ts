import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths, type CompanySubscriptions, companySubscriptionsSchema } from '@vatlas/contract';
import { useAuthServices } from '../../../lib/auth/auth-services';
import { useAuthStore } from '../../../lib/auth/auth-store';
import type { HttpClient } from '../../../lib/http/http-client';

export type { CompanySubscriptions };

export const companySubscriptionsQueryKey = (companyId: string) => ['payment', 'subscriptions', companyId] as const;

export function getCompanySubscriptions(http: HttpClient, companyId: string): Promise<CompanySubscriptions> {
  return http.request(apiPaths.paymentSubscriptions(companyId), { schema: companySubscriptionsSchema });
}

export function companySubscriptionsQueryOptions(http: HttpClient, companyId: string) {
  return queryOptions({
    queryKey: companySubscriptionsQueryKey(companyId),
    queryFn: () => getCompanySubscriptions(http, companyId),
  });
}

/**
 * The selected company's subscriptions, the countries it can add and how this server takes payments.
 * `refetchInterval` lets a page wait for Stripe's webhook (a pending payment turning active).
 */
export function useCompanySubscriptions(
  options: { refetchInterval?: (data?: CompanySubscriptions) => number | false } = {},
) {
  const { http } = useAuthServices();
  const companyId = useAuthStore((state) => state.selectedCompanyId);
  return useQuery({
    ...companySubscriptionsQueryOptions(http, companyId ?? ''),
    enabled: companyId !== null,
    refetchInterval: options.refetchInterval ? (query) => options.refetchInterval?.(query.state.data) ?? false : false,
  });
}
