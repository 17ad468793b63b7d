import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type AdminCompanySubscriptions,
  adminCompanySubscriptionsSchema,
  apiPaths,
  type ManualSubscriptionChange,
} from '@vatlas/contract';
import { useAuthServices } from '../../../lib/auth/auth-services';
import type { HttpClient } from '../../../lib/http/http-client';
import { adminSubscriptionsQueryKeyRoot } from './search-admin-subscriptions';

export function changeSubscriptions(
  http: HttpClient,
  companyId: string,
  change: ManualSubscriptionChange,
): Promise<AdminCompanySubscriptions> {
  return http.request(apiPaths.adminCompanySubscriptions(companyId), {
    method: 'POST',
    body: change,
    schema: adminCompanySubscriptionsSchema,
  });
}

/** Administrators: activate or cancel countries of a company by hand, then refresh every search. */
export function useChangeSubscriptions() {
  const { http } = useAuthServices();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { companyId: string } & ManualSubscriptionChange) =>
      changeSubscriptions(http, input.companyId, { activate: input.activate, cancel: input.cancel }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: adminSubscriptionsQueryKeyRoot });
    },
  });
}
