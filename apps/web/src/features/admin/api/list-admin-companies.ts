import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type AdminCompanyPage, adminCompanyPageSchema, apiPaths } from '@vatlas/contract';
import { useAuthServices } from '../../../lib/auth/auth-services';
import type { HttpClient } from '../../../lib/http/http-client';
import { type AdminTableQuery, adminQueryKey } from './admin-query-key';

export type { AdminCompanyPage };

/** A page of companies of every tenant, by name or VAT number. */
export function listAdminCompanies(http: HttpClient, query: AdminTableQuery): Promise<AdminCompanyPage> {
  return http.request(apiPaths.adminCompanies(query), { schema: adminCompanyPageSchema });
}

export function useAdminCompanies(query: AdminTableQuery) {
  const { http } = useAuthServices();
  return useQuery({
    queryKey: adminQueryKey('companies', query),
    queryFn: () => listAdminCompanies(http, query),
    placeholderData: keepPreviousData,
  });
}
