import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths, type ColumnMapping, type SavedColumnMapping, savedColumnMappingSchema } from '@vatlas/contract';
import { useAuthServices } from '../../../lib/auth/auth-services';
import { useAuthStore } from '../../../lib/auth/auth-store';
import type { HttpClient } from '../../../lib/http/http-client';
import { dataUploadKeys } from './keys';

export function saveColumnMapping(
  http: HttpClient,
  companyId: string,
  name: string,
  mapping: ColumnMapping,
): Promise<SavedColumnMapping> {
  return http.request(apiPaths.columnMapping(companyId, name), {
    method: 'PUT',
    body: { mapping },
    schema: savedColumnMappingSchema,
  });
}

/** Saves (creates or replaces) a mapping under its name, for this upload and the next ones. */
export function useSaveColumnMapping() {
  const { http } = useAuthServices();
  const queryClient = useQueryClient();
  const companyId = useAuthStore((state) => state.selectedCompanyId);
  return useMutation({
    mutationFn: ({ name, mapping }: { name: string; mapping: ColumnMapping }) =>
      saveColumnMapping(http, companyId ?? '', name, mapping),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: dataUploadKeys.mappings(companyId ?? '') }),
  });
}
