import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths, type TransactionUpload, transactionUploadSchema } from '@vatlas/contract';
import { useAuthServices } from '../../../lib/auth/auth-services';
import { useAuthStore } from '../../../lib/auth/auth-store';
import type { HttpClient } from '../../../lib/http/http-client';
import { ACTIVE_STATUSES, dataUploadKeys, POLL_INTERVAL_MS } from './keys';

export function getUpload(http: HttpClient, companyId: string, uploadId: string): Promise<TransactionUpload> {
  return http.request(apiPaths.transactionUpload(companyId, uploadId), { schema: transactionUploadSchema });
}

export function getUploadQueryOptions(http: HttpClient, companyId: string, uploadId: string) {
  return queryOptions({
    queryKey: dataUploadKeys.upload(companyId, uploadId),
    queryFn: () => getUpload(http, companyId, uploadId),
    // Polled while the worker reads or imports it: that is the progress the screen shows.
    refetchInterval: (query) =>
      query.state.data && ACTIVE_STATUSES.includes(query.state.data.status) ? POLL_INTERVAL_MS : false,
  });
}

/** One upload, polled while it is being validated or imported. */
export function useUpload(uploadId: string) {
  const { http } = useAuthServices();
  const companyId = useAuthStore((state) => state.selectedCompanyId);
  return useQuery({ ...getUploadQueryOptions(http, companyId ?? '', uploadId), enabled: companyId !== null });
}
