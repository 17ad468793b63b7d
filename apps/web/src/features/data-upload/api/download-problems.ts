import { apiPaths } from '@vatlas/contract';
import { useAuthServices } from '../../../lib/auth/auth-services';
import type { HttpClient } from '../../../lib/http/http-client';
import { HttpError } from '../../../lib/http/http-error';
import { readInternalToken } from '../../../lib/storage/token-storage';

/** Downloads an upload's problems as CSV with the bearer token (a plain link would carry none). */
export async function downloadProblemsCsv(
  http: HttpClient,
  companyId: string,
  upload: { id: string; fileName: string },
): Promise<void> {
  const path = apiPaths.transactionUploadProblemsCsv(companyId, upload.id);
  const send = () =>
    fetch(path, { headers: { Authorization: `Bearer ${readInternalToken() ?? ''}` }, cache: 'no-store' });
  let response = await send();
  if (response.status === 401) {
    // A cheap JSON call lets the client renew the session once.
    await http.request(apiPaths.userMe);
    response = await send();
  }
  if (!response.ok) {
    throw new HttpError({
      kind: 'http',
      status: response.status,
      code: `http_${response.status}`,
      message: response.statusText,
    });
  }
  const blob = await response.blob();
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `${upload.fileName.replace(/\.[^.]*$/, '') || 'upload'}-problems.csv`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function useDownloadProblems() {
  const { http } = useAuthServices();
  return (companyId: string, upload: { id: string; fileName: string }) => downloadProblemsCsv(http, companyId, upload);
}
