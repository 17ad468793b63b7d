import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '@vatlas/contract';
import { useAuthServices } from '../../../lib/auth/auth-services';
import type { HttpClient } from '../../../lib/http/http-client';
import { companyUsersQueryKey } from './list-company-users';

/** POST /api/v1/User/RemoveUserFromCompany {email, companyId}: 409 last_owner for the company's only owner. */
export function removeCompanyUser(http: HttpClient, input: { email: string; companyId: string }): Promise<void> {
  return http.request<void>(apiPaths.removeUserFromCompany, { method: 'POST', body: input });
}

export function useRemoveCompanyUser(companyId: string) {
  const { http } = useAuthServices();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (email: string) => removeCompanyUser(http, { email, companyId }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: companyUsersQueryKey(companyId) }),
  });
}
