import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type AdminUploadPage, adminUploadPageSchema, apiPaths } from '@vatlas/contract';
import { useAuthServices } from '../../../lib/auth/auth-services';
import type { HttpClient } from '../../../lib/http/http-client';
import { type AdminTableQuery, adminQueryKey } from './admin-query-key';

export type { AdminUploadPage };

/** A page of recent uploads of every company, with the job queue. */
export function listAdminUploads(http: HttpClient, query: AdminTableQuery): Promise<AdminUploadPage> {
  return http.request(apiPaths.adminUploads(query), { schema: adminUploadPageSchema });
}

export function useAdminUploads(query: AdminTableQuery) {
  const { http } = useAuthServices();
  return useQuery({
    queryKey: adminQueryKey('uploads', query),
    queryFn: () => listAdminUploads(http, query),
    placeholderData: keepPreviousData,
  });
}
