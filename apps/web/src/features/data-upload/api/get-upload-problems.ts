import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths, type UploadProblemPage, uploadProblemPageSchema } from '@vatlas/contract';
import { useAuthServices } from '../../../lib/auth/auth-services';
import { useAuthStore } from '../../../lib/auth/auth-store';
import type { HttpClient } from '../../../lib/http/http-client';
import { dataUploadKeys } from './keys';

export const PROBLEM_PAGE_SIZE = 50;

export function getUploadProblems(
  http: HttpClient,
  companyId: string,
  uploadId: string,
  offset: number,
): Promise<UploadProblemPage> {
  return http.request(apiPaths.transactionUploadProblems(companyId, uploadId, { offset, limit: PROBLEM_PAGE_SIZE }), {
    schema: uploadProblemPageSchema,
  });
}

export function getUploadProblemsQueryOptions(http: HttpClient, companyId: string, uploadId: string, offset: number) {
  return queryOptions({
    queryKey: dataUploadKeys.problems(companyId, uploadId, offset),
    queryFn: () => getUploadProblems(http, companyId, uploadId, offset),
    placeholderData: keepPreviousData,
  });
}

/** A page of an upload's problems (line, column, reason). */
export function useUploadProblems(uploadId: string, offset: number, enabled = true) {
  const { http } = useAuthServices();
  const companyId = useAuthStore((state) => state.selectedCompanyId);
  return useQuery({
    ...getUploadProblemsQueryOptions(http, companyId ?? '', uploadId, offset),
    enabled: enabled && companyId !== null,
  });
}
