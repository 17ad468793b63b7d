import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths, type DocumentChecklist, documentChecklistSchema } from '@vatlas/contract';
import { useAuthServices } from '../../../lib/auth/auth-services';
import { useAuthStore } from '../../../lib/auth/auth-store';
import type { HttpClient } from '../../../lib/http/http-client';

export type { DocumentChecklist };

export const documentChecklistQueryKey = (companyId: string) => ['document-checklist', companyId] as const;

export function getDocumentChecklist(http: HttpClient, companyId: string): Promise<DocumentChecklist> {
  return http.request(apiPaths.documentChecklist(companyId), { schema: documentChecklistSchema });
}

export function getDocumentChecklistQueryOptions(http: HttpClient, companyId: string) {
  return queryOptions({
    queryKey: documentChecklistQueryKey(companyId),
    queryFn: () => getDocumentChecklist(http, companyId),
  });
}

export function useDocumentChecklist() {
  const { http } = useAuthServices();
  const companyId = useAuthStore((state) => state.selectedCompanyId);
  return useQuery({ ...getDocumentChecklistQueryOptions(http, companyId ?? ''), enabled: companyId !== null });
}
