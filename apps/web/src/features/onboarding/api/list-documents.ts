import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths, documentListSchema, type StoredDocument } from '@vatlas/contract';
import { useAuthServices } from '../../../lib/auth/auth-services';
import { useAuthStore } from '../../../lib/auth/auth-store';
import type { HttpClient } from '../../../lib/http/http-client';

export type { StoredDocument };

export const documentsQueryKey = (companyId: string) => ['documents', companyId] as const;

export function listDocuments(http: HttpClient, companyId: string): Promise<StoredDocument[]> {
  return http.request(apiPaths.documents(companyId), { schema: documentListSchema });
}

export function listDocumentsQueryOptions(http: HttpClient, companyId: string) {
  return queryOptions({ queryKey: documentsQueryKey(companyId), queryFn: () => listDocuments(http, companyId) });
}

export function useDocuments() {
  const { http } = useAuthServices();
  const companyId = useAuthStore((state) => state.selectedCompanyId);
  return useQuery({ ...listDocumentsQueryOptions(http, companyId ?? ''), enabled: companyId !== null });
}
