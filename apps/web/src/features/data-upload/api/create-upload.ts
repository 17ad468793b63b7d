import { apiPaths, type TransactionUpload, transactionUploadSchema, type UploadFormat } from '@vatlas/contract';
import type { HttpClient } from '../../../lib/http/http-client';
import { type ByteProgress, postFormWithProgress } from '../../../lib/http/post-form-with-progress';

export type { ByteProgress };
export type CreateUploadInput = {
  file: File;
  format: UploadFormat;
  dataPeriodId?: string;
  columnMappingId?: string;
};

/**
 * Sends one file as a validate-first upload (`mode=validate`) with byte progress: the server stores it and reads it
 * for its problems; nothing is imported until the upload is confirmed.
 */
export async function createUpload(
  http: HttpClient,
  companyId: string,
  input: CreateUploadInput,
  onProgress: (progress: ByteProgress) => void,
  signal?: AbortSignal,
): Promise<TransactionUpload> {
  return postFormWithProgress(http, apiPaths.transactionUploads(companyId), {
    buildForm: () => {
      const form = new FormData();
      // Fields before the file: the server reads them as they arrive.
      form.append('format', input.format);
      form.append('mode', 'validate');
      if (input.dataPeriodId) form.append('dataPeriodId', input.dataPeriodId);
      if (input.columnMappingId) form.append('columnMappingId', input.columnMappingId);
      form.append('file', input.file, input.file.name);
      return form;
    },
    successStatus: 202,
    schema: transactionUploadSchema,
    onProgress,
    signal,
  });
}
