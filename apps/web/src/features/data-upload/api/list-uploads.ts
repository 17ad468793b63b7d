import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths, type TransactionUpload, transactionUploadListSchema } from '@vatlas/contract';
import { useAuthServices } from '../../../lib/auth/auth-services';
import { useAuthStore } from '../../../lib/auth/auth-store';
import type { HttpClient } from '../../../lib/http/http-client';
import { ACTIVE_STATUSES, dataUploadKeys, POLL_INTERVAL_MS } from './keys';

export function listUploads(http: HttpClient, companyId: string): Promise<TransactionUpload[]> {
  return http.request(apiPaths.transactionUploads(companyId), { schema: transactionUploadListSchema });
}

export function listUploadsQueryOptions(http: HttpClient, companyId: string) {
  return queryOptions({
    queryKey: dataUploadKeys.uploads(companyId),
    queryFn: () => listUploads(http, companyId),
    // Polled while any upload is still being read or imported, so the history shows its progress.
    refetchInterval: (query) =>
      query.state.data?.some((upload) => ACTIVE_STATUSES.includes(upload.status)) ? POLL_INTERVAL_MS * 2 : false,
  });
}

/** The company's uploads, newest first. */
export function useUploads() {
  const { http } = useAuthServices();
  const companyId = useAuthStore((state) => state.selectedCompanyId);
  return useQuery({ ...listUploadsQueryOptions(http, companyId ?? ''), enabled: companyId !== null });
}
