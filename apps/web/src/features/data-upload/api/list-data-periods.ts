import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths, type DataPeriod, dataPeriodListSchema } from '@vatlas/contract';
import { useAuthServices } from '../../../lib/auth/auth-services';
import { useAuthStore } from '../../../lib/auth/auth-store';
import type { HttpClient } from '../../../lib/http/http-client';
import { dataUploadKeys } from './keys';

export function listDataPeriods(http: HttpClient, companyId: string): Promise<DataPeriod[]> {
  return http.request(apiPaths.dataPeriods(companyId), { schema: dataPeriodListSchema });
}

export function listDataPeriodsQueryOptions(http: HttpClient, companyId: string) {
  return queryOptions({
    queryKey: dataUploadKeys.periods(companyId),
    queryFn: () => listDataPeriods(http, companyId),
  });
}

/** The company's data periods (months), oldest first. */
export function useDataPeriods() {
  const { http } = useAuthServices();
  const companyId = useAuthStore((state) => state.selectedCompanyId);
  return useQuery({ ...listDataPeriodsQueryOptions(http, companyId ?? ''), enabled: companyId !== null });
}
