import { apiPaths } from '@vatlas/contract';
import { useAuthServices } from '../../../lib/auth/auth-services';
import { fetchFile, saveBlob } from '../../../lib/http/download';
import type { HttpClient } from '../../../lib/http/http-client';

/** Downloads an upload's problems as CSV with the bearer token (a plain link would carry none). */
export async function downloadProblemsCsv(
  http: HttpClient,
  companyId: string,
  upload: { id: string; fileName: string },
): Promise<void> {
  const blob = await fetchFile(http, apiPaths.transactionUploadProblemsCsv(companyId, upload.id));
  saveBlob(blob, `${upload.fileName.replace(/\.[^.]*$/, '') || 'upload'}-problems.csv`);
}

export function useDownloadProblems() {
  const { http } = useAuthServices();
  return (companyId: string, upload: { id: string; fileName: string }) => downloadProblemsCsv(http, companyId, upload);
}
