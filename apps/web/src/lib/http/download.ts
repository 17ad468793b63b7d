import { apiPaths } from '@vatlas/contract';
import { readInternalToken } from '../storage/token-storage';
import type { HttpClient } from './http-client';
import { HttpError } from './http-error';

/**
 * Files (PDFs, images, CSV and XLSX exports) cannot go through the JSON client, so they are fetched here with the same
 * bearer token. On a 401 a cheap JSON call through the client lets it renew the session once, then this retries. With
 * `onProgress` the body is read as a stream and the bytes received so far are reported.
 */
export async function fetchFile(
  http: HttpClient,
  path: string,
  options: { onProgress?: (bytes: number) => void; signal?: AbortSignal } = {},
): Promise<Blob> {
  const send = () =>
    fetch(path, {
      headers: { Authorization: `Bearer ${readInternalToken() ?? ''}` },
      cache: 'no-store',
      signal: options.signal,
    });
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
  const { onProgress } = options;
  if (!onProgress || !response.body) return response.blob();
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let bytes = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    bytes += value.byteLength;
    onProgress(bytes);
  }
  return new Blob(chunks as BlobPart[], { type: response.headers.get('content-type') ?? undefined });
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
