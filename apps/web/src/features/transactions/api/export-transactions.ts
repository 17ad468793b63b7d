import { apiPaths } from '@vatlas/contract';
import type { HttpClient } from '../../../lib/http/http-client';
import { HttpError } from '../../../lib/http/http-error';
import { readInternalToken } from '../../../lib/storage/token-storage';
import { filtersToApiQuery, type TransactionFilters } from '../lib/filters';

/**
 * The filtered set as CSV, read as a stream so the bytes received can be shown while the server writes it. The
 * answer is not JSON, so it is fetched here with the same bearer token; on a 401 a cheap call through the client
 * renews the session once, then this retries.
 */
export async function exportTransactions(
  http: HttpClient,
  companyId: string,
  filters: TransactionFilters,
  options: { onProgress: (bytes: number) => void; signal?: AbortSignal },
): Promise<Blob> {
  const path = apiPaths.transactionsExportCsv(companyId, filtersToApiQuery(filters));
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
  if (!response.ok || !response.body) {
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
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let bytes = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    bytes += value.byteLength;
    options.onProgress(bytes);
  }
  return new Blob(chunks as BlobPart[], { type: 'text/csv;charset=utf-8' });
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
