import { useQueryClient } from '@tanstack/react-query';
import { apiPaths, type DocumentType, documentSchema, MAX_DOCUMENT_BYTES, type StoredDocument } from '@vatlas/contract';
import { useCallback, useState } from 'react';
import { useAuthServices } from '../../../lib/auth/auth-services';
import { useAuthStore } from '../../../lib/auth/auth-store';
import type { HttpClient } from '../../../lib/http/http-client';
import { type ByteProgress, postFormWithProgress } from '../../../lib/http/post-form-with-progress';
import { documentChecklistQueryKey } from './get-document-checklist';
import { onboardingQueryKey } from './get-onboarding';
import { documentsQueryKey } from './list-documents';

export type UploadProgress = ByteProgress;
export type UploadInput = { file: File; documentType: DocumentType; countryCode?: string };

/** Above the server's limit: refused here before a single byte is sent, with the server's own wording. */
export class FileTooLargeError extends Error {
  constructor() {
    super('file_too_large');
    this.name = 'FileTooLargeError';
  }
}

export async function uploadDocument(
  http: HttpClient,
  companyId: string,
  input: UploadInput,
  onProgress: (progress: UploadProgress) => void,
): Promise<StoredDocument> {
  if (input.file.size > MAX_DOCUMENT_BYTES) throw new FileTooLargeError();
  return postFormWithProgress(http, apiPaths.documents(companyId), {
    buildForm: () => {
      const form = new FormData();
      form.append('documentType', input.documentType);
      if (input.countryCode) form.append('countryCode', input.countryCode);
      form.append('file', input.file, input.file.name);
      return form;
    },
    successStatus: 201,
    schema: documentSchema,
    onProgress,
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
