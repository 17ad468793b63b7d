import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths, type TransactionUpload, transactionUploadSchema } from '@vatlas/contract';
import { useAuthServices } from '../../../lib/auth/auth-services';
import { useAuthStore } from '../../../lib/auth/auth-store';
import type { HttpClient } from '../../../lib/http/http-client';
import { dataUploadKeys } from './keys';

/** The upload operations that take no body: Confirm, Rerun, Cancel (answer the upload) and Delete (answers 204). */
export type UploadAction = 'confirm' | 'rerun' | 'cancel' | 'delete';

const actionPaths: Record<Exclude<UploadAction, 'delete'>, (companyId: string, uploadId: string) => string> = {
  confirm: apiPaths.confirmTransactionUpload,
  rerun: apiPaths.rerunTransactionUpload,
  cancel: apiPaths.cancelTransactionUpload,
};

export async function runUploadAction(
  http: HttpClient,
  companyId: string,
  uploadId: string,
  action: UploadAction,
): Promise<TransactionUpload | null> {
  if (action === 'delete') {
    await http.request(apiPaths.transactionUpload(companyId, uploadId), { method: 'DELETE' });
    return null;
  }
  return http.request(actionPaths[action](companyId, uploadId), { method: 'POST', schema: transactionUploadSchema });
}

/** One mutation for the four actions; the upload and the history are read again after it. */
export function useUploadAction() {
  const { http } = useAuthServices();
  const queryClient = useQueryClient();
  const companyId = useAuthStore((state) => state.selectedCompanyId);
  return useMutation({
    mutationFn: ({ uploadId, action }: { uploadId: string; action: UploadAction }) =>
      runUploadAction(http, companyId ?? '', uploadId, action),
    onSuccess: async (upload, { uploadId, action }) => {
      if (!companyId) return;
      if (upload) queryClient.setQueryData(dataUploadKeys.upload(companyId, uploadId), upload);
      if (action === 'delete') queryClient.removeQueries({ queryKey: dataUploadKeys.upload(companyId, uploadId) });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: dataUploadKeys.uploads(companyId), exact: true }),
        queryClient.invalidateQueries({ queryKey: dataUploadKeys.periods(companyId) }),
      ]);
    },
  });
}
