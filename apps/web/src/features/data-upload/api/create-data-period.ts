import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths, type DataPeriod, dataPeriodSchema } from '@vatlas/contract';
import { useAuthServices } from '../../../lib/auth/auth-services';
import { useAuthStore } from '../../../lib/auth/auth-store';
import type { HttpClient } from '../../../lib/http/http-client';
import { dataUploadKeys } from './keys';

export function createDataPeriod(http: HttpClient, companyId: string, month: string): Promise<DataPeriod> {
  return http.request(apiPaths.dataPeriods(companyId), {
    method: 'POST',
    body: { month },
    schema: dataPeriodSchema,
  });
}

/** Adds a month (idempotent on the server: an existing month is answered as it is). */
export function useCreateDataPeriod() {
  const { http } = useAuthServices();
  const queryClient = useQueryClient();
  const companyId = useAuthStore((state) => state.selectedCompanyId);
  return useMutation({
    mutationFn: (month: string) => createDataPeriod(http, companyId ?? '', month),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: dataUploadKeys.periods(companyId ?? '') }),
  });
}
