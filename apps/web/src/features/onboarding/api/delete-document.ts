import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '@vatlas/contract';
import { useAuthServices } from '../../../lib/auth/auth-services';
import { useAuthStore } from '../../../lib/auth/auth-store';
import type { HttpClient } from '../../../lib/http/http-client';
import { documentChecklistQueryKey } from './get-document-checklist';
import { documentsQueryKey } from './list-documents';

export function deleteDocument(http: HttpClient, companyId: string, documentId: string): Promise<void> {
  return http.request(apiPaths.document(companyId, documentId), { method: 'DELETE' });
}

export function useDeleteDocument() {
  const { http } = useAuthServices();
  const queryClient = useQueryClient();
  const companyId = useAuthStore((state) => state.selectedCompanyId);
  return useMutation({
    mutationFn: async (documentId: string) => {
      if (!companyId) throw new Error('No company selected');
      await deleteDocument(http, companyId, documentId);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: documentsQueryKey(companyId) }),
        queryClient.invalidateQueries({ queryKey: documentChecklistQueryKey(companyId) }),
      ]);
    },
  });
}
