import { apiPaths } from '@vatlas/contract';
import type { HttpClient } from '../../../lib/http/http-client';
import { HttpError } from '../../../lib/http/http-error';
import { readInternalToken } from '../../../lib/storage/token-storage';

/**
 * Binary answers (PDFs, images) cannot go through the JSON client, so they are fetched here with the same
 * bearer token. On a 401 a cheap JSON call through the client lets it renew the session once, then this retries.
 */
export async function fetchFile(http: HttpClient, path: string): Promise<Blob> {
  const send = () =>
    fetch(path, { headers: { Authorization: `Bearer ${readInternalToken() ?? ''}` }, cache: 'no-store' });
  let response = await send();
  if (response.status === 401) {
    await http.request(apiPaths.userMe);
    response = await send();
  }
  if (!response.ok) {
    let body: { code?: string; message?: string } = {};
    try {
      body = (await response.json()) as typeof body;
    } catch {
      // Not JSON: the status says enough.
    }
    throw new HttpError({
      kind: 'http',
      status: response.status,
      code: body.code ?? `http_${response.status}`,
      message: body.message ?? response.statusText,
    });
  }
  return response.blob();
}

/** Saves a blob under a name through a temporary link; the object URL is released right after. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Opens a PDF in a new tab (a blob: URL, which the page's CSP allows for navigation but not in frames). */
export function openBlob(blob: Blob): void {
  const url = URL.createObjectURL(blob);
  window.open(url, '_blank', 'noopener');
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
