import { useInfiniteQuery } from '@tanstack/react-query';
import { type AdminAuditPage, adminAuditPageSchema, apiPaths } from '@vatlas/contract';
import { useAuthServices } from '../../../lib/auth/auth-services';
import type { HttpClient } from '../../../lib/http/http-client';
import { type AdminTableQuery, adminQueryKey } from './admin-query-key';

export type { AdminAuditPage };

export const AUDIT_PAGE_SIZE = 50;

/** A page of the audit log; the next (older) page follows nextCursor. */
export function listAdminAuditEvents(http: HttpClient, query: AdminTableQuery): Promise<AdminAuditPage> {
  return http.request(apiPaths.adminAuditEvents(query), { schema: adminAuditPageSchema });
}

/** The log from the newest event, one keyset page more per "load older". */
export function useAdminAuditEvents(filters: AdminTableQuery) {
  const { http } = useAuthServices();
  return useInfiniteQuery({
    queryKey: adminQueryKey('audit', filters),
    queryFn: ({ pageParam }) =>
      listAdminAuditEvents(http, { ...filters, limit: AUDIT_PAGE_SIZE, cursor: pageParam ?? undefined }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });
}
