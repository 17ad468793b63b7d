import { useQueryClient } from '@tanstack/react-query';
import type { TransactionUpload, UploadFormat } from '@vatlas/contract';
import { useCallback, useRef, useState } from 'react';
import { useAuthServices } from '../../../lib/auth/auth-services';
import { useAuthStore } from '../../../lib/auth/auth-store';
import { HttpError } from '../../../lib/http/http-error';
import { type ByteProgress, createUpload } from '../api/create-upload';
import { dataUploadKeys } from '../api/keys';

export type FileUploadItem = {
  file: File;
  progress: ByteProgress;
  state: 'waiting' | 'sending' | 'sent' | 'error';
  upload?: TransactionUpload;
  error?: { code: string; message: string; uploadId?: string };
};

/** Sends several files, one upload each, one after another, each with its own byte progress. */
export function useFileUploads() {
  const { http } = useAuthServices();
  const queryClient = useQueryClient();
  const companyId = useAuthStore((state) => state.selectedCompanyId);
  const [items, setItems] = useState<FileUploadItem[]>([]);
  const abort = useRef<AbortController | null>(null);

  const update = useCallback(
    (index: number, patch: Partial<FileUploadItem>) =>
      setItems((current) => current.map((item, at) => (at === index ? { ...item, ...patch } : item))),
    [],
  );

  const start = useCallback(
    async (
      files: readonly File[],
      fields: { format: UploadFormat; dataPeriodId?: string; columnMappingId?: string },
    ): Promise<FileUploadItem[]> => {
      if (!companyId) return [];
      const controller = new AbortController();
      abort.current = controller;
      const results: FileUploadItem[] = files.map((file) => ({
        file,
        progress: { loaded: 0, total: file.size },
        state: 'waiting',
      }));
      setItems(results);
      for (const [index, file] of files.entries()) {
        if (controller.signal.aborted) break;
        update(index, { state: 'sending' });
        try {
          const upload = await createUpload(
            http,
            companyId,
            { file, ...fields },
            (progress) => update(index, { progress }),
            controller.signal,
          );
          results[index] = {
            ...results[index],
            file,
            progress: { loaded: file.size, total: file.size },
            state: 'sent',
            upload,
          };
        } catch (error) {
          const details =
            error instanceof HttpError ? (error.details as { uploadId?: unknown } | undefined) : undefined;
          results[index] = {
            file,
            progress: results[index]?.progress ?? { loaded: 0, total: file.size },
            state: 'error',
            error: {
              code: error instanceof HttpError ? error.code : 'network_error',
              message: error instanceof Error ? error.message : String(error),
              uploadId: typeof details?.uploadId === 'string' ? details.uploadId : undefined,
            },
          };
        }
        update(index, results[index] as FileUploadItem);
      }
      await queryClient.invalidateQueries({ queryKey: dataUploadKeys.uploads(companyId), exact: true });
      return results;
    },
    [companyId, http, queryClient, update],
  );

  const stop = useCallback(() => abort.current?.abort(), []);
  return { items, start, stop };
}
