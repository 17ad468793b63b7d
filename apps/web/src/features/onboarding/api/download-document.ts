import { apiPaths } from '@vatlas/contract';
import { fetchFile, saveBlob } from '../../../lib/http/download';
import type { HttpClient } from '../../../lib/http/http-client';

/** Downloads a stored document under its stored (sanitised) name. */
export async function downloadDocument(
  http: HttpClient,
  companyId: string,
  document: { id: string; fileName: string },
): Promise<void> {
  saveBlob(await fetchFile(http, apiPaths.documentContent(companyId, document.id)), document.fileName);
}
