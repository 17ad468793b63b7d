import {
  apiErrorSchema,
  apiPaths,
  type TransactionUpload,
  transactionUploadSchema,
  type UploadFormat,
} from '@vatlas/contract';
import type { HttpClient } from '../../../lib/http/http-client';
import { HttpError } from '../../../lib/http/http-error';
import { readInternalToken } from '../../../lib/storage/token-storage';

export type ByteProgress = { loaded: number; total: number };
export type CreateUploadInput = {
  file: File;
  format: UploadFormat;
  dataPeriodId?: string;
  columnMappingId?: string;
};

function sendOnce(
  url: string,
  input: CreateUploadInput,
  onProgress: (progress: ByteProgress) => void,
  signal?: AbortSignal,
): Promise<{ status: number; body: unknown }> {
  return new Promise((resolve, reject) => {
    const form = new FormData();
    // Fields before the file: the server reads them as they arrive.
    form.append('format', input.format);
    form.append('mode', 'validate');
    if (input.dataPeriodId) form.append('dataPeriodId', input.dataPeriodId);
    if (input.columnMappingId) form.append('columnMappingId', input.columnMappingId);
    form.append('file', input.file, input.file.name);
    // XMLHttpRequest, not fetch: only it reports upload progress in every browser.
    const request = new XMLHttpRequest();
    request.open('POST', url);
    request.setRequestHeader('Accept', 'application/json');
    request.setRequestHeader('Authorization', `Bearer ${readInternalToken() ?? ''}`);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress({ loaded: event.loaded, total: event.total });
    };
    request.onload = () => {
      let body: unknown;
      try {
        body = JSON.parse(request.responseText);
      } catch {
        body = undefined;
      }
      resolve({ status: request.status, body });
    };
    request.onerror = () =>
      reject(new HttpError({ kind: 'network', code: 'network_error', message: 'The upload could not be sent.' }));
    request.onabort = () => reject(new DOMException('The upload was stopped.', 'AbortError'));
    signal?.addEventListener('abort', () => request.abort(), { once: true });
    request.send(form);
  });
}

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
  const url = apiPaths.transactionUploads(companyId);
  let answer = await sendOnce(url, input, onProgress, signal);
  if (answer.status === 401) {
    // A cheap JSON call lets the client renew the session once; then the file is sent again.
    await http.request(apiPaths.userMe);
    answer = await sendOnce(url, input, onProgress, signal);
  }
  if (answer.status === 202) return transactionUploadSchema.parse(answer.body);
  const error = apiErrorSchema.safeParse(answer.body);
  throw new HttpError({
    kind: 'http',
    status: answer.status,
    code: error.success ? error.data.code : `http_${answer.status}`,
    message: error.success ? error.data.message : 'The upload failed.',
    details: error.success ? error.data.details : undefined,
  });
}
