import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths, type CompanyUser, companyUserListSchema } from '@vatlas/contract';
import { useAuthServices } from '../../../lib/auth/auth-services';
import type { HttpClient } from '../../../lib/http/http-client';

export type { CompanyUser };

export const companyUsersQueryKey = (companyId: string) => ['settings', 'company-users', companyId] as const;

/** GET /api/v1/User/ListCompanyUsers?companyId=: owners first, then by e-mail, each with role and status. */
export function listCompanyUsers(http: HttpClient, companyId: string): Promise<CompanyUser[]> {
  return http.request(apiPaths.listCompanyUsers(companyId), { schema: companyUserListSchema });
}

export function listCompanyUsersQueryOptions(http: HttpClient, companyId: string) {
  return queryOptions({ queryKey: companyUsersQueryKey(companyId), queryFn: () => listCompanyUsers(http, companyId) });
}

export function useCompanyUsers(companyId: string | null) {
  const { http } = useAuthServices();
  return useQuery({ ...listCompanyUsersQueryOptions(http, companyId ?? ''), enabled: companyId !== null });
}
