import { useQueryClient } from '@tanstack/react-query';
import {
  apiErrorSchema,
  apiPaths,
  type DocumentType,
  documentSchema,
  MAX_DOCUMENT_BYTES,
  type StoredDocument,
} from '@vatlas/contract';
import { useCallback, useState } from 'react';
import { useAuthServices } from '../../../lib/auth/auth-services';
import { useAuthStore } from '../../../lib/auth/auth-store';
import type { HttpClient } from '../../../lib/http/http-client';
import { HttpError } from '../../../lib/http/http-error';
import { readInternalToken } from '../../../lib/storage/token-storage';
import { documentChecklistQueryKey } from './get-document-checklist';
import { onboardingQueryKey } from './get-onboarding';
import { documentsQueryKey } from './list-documents';

export type UploadProgress = { loaded: number; total: number };
export type UploadInput = { file: File; documentType: DocumentType; countryCode?: string };

/** Above the server's limit: refused here before a single byte is sent, with the server's own wording. */
export class FileTooLargeError extends Error {
  constructor() {
    super('file_too_large');
    this.name = 'FileTooLargeError';
  }
}

function sendOnce(
  url: string,
  input: UploadInput,
  onProgress: (progress: UploadProgress) => void,
): Promise<{ status: number; body: unknown }> {
  return new Promise((resolve, reject) => {
    const form = new FormData();
    form.append('documentType', input.documentType);
    if (input.countryCode) form.append('countryCode', input.countryCode);
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
    request.send(form);
  });
}

export async function uploadDocument(
  http: HttpClient,
  companyId: string,
  input: UploadInput,
  onProgress: (progress: UploadProgress) => void,
): Promise<StoredDocument> {
  if (input.file.size > MAX_DOCUMENT_BYTES) throw new FileTooLargeError();
  const url = apiPaths.documents(companyId);
  let answer = await sendOnce(url, input, onProgress);
  if (answer.status === 401) {
    // A cheap JSON call lets the client renew the session once; then the upload is sent again.
    await http.request(apiPaths.userMe);
    answer = await sendOnce(url, input, onProgress);
  }
  if (answer.status === 201) return documentSchema.parse(answer.body);
  const error = apiErrorSchema.safeParse(answer.body);
  throw new HttpError({
    kind: 'http',
    status: answer.status,
    code: error.success ? error.data.code : `http_${answer.status}`,
    message: error.success ? error.data.message : 'The upload failed.',
    details: error.success ? error.data.details : undefined,
  });
}

/** Upload with byte progress; the list, the checklist and the onboarding progress are read again after it. */
export function useUploadDocument() {
  const { http } = useAuthServices();
  const queryClient = useQueryClient();
  const companyId = useAuthStore((state) => state.selectedCompanyId);
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const [isUploading, setIsUploading] = useState(false);

  const upload = useCallback(
    async (input: UploadInput) => {
      if (!companyId) throw new Error('No company selected');
      setIsUploading(true);
      setProgress({ loaded: 0, total: input.file.size });
      try {
        const stored = await uploadDocument(http, companyId, input, setProgress);
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: documentsQueryKey(companyId) }),
          queryClient.invalidateQueries({ queryKey: documentChecklistQueryKey(companyId) }),
          queryClient.invalidateQueries({ queryKey: onboardingQueryKey(companyId) }),
        ]);
        return stored;
      } finally {
        setIsUploading(false);
      }
    },
    [companyId, http, queryClient],
  );

  return { upload, progress, isUploading };
}
