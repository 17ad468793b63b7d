import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths, type SavedColumnMapping, savedColumnMappingListSchema } from '@vatlas/contract';
import { useAuthServices } from '../../../lib/auth/auth-services';
import { useAuthStore } from '../../../lib/auth/auth-store';
import type { HttpClient } from '../../../lib/http/http-client';
import { dataUploadKeys } from './keys';

export function listColumnMappings(http: HttpClient, companyId: string): Promise<SavedColumnMapping[]> {
  return http.request(apiPaths.columnMappings(companyId), { schema: savedColumnMappingListSchema });
}

export function listColumnMappingsQueryOptions(http: HttpClient, companyId: string) {
  return queryOptions({
    queryKey: dataUploadKeys.mappings(companyId),
    queryFn: () => listColumnMappings(http, companyId),
  });
}

/** The company's saved column mappings for generic CSV files. */
export function useColumnMappings() {
  const { http } = useAuthServices();
  const companyId = useAuthStore((state) => state.selectedCompanyId);
  return useQuery({ ...listColumnMappingsQueryOptions(http, companyId ?? ''), enabled: companyId !== null });
}
