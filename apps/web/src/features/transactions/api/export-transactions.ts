import { apiPaths } from '@vatlas/contract';
import { fetchFile } from '../../../lib/http/download';
import type { HttpClient } from '../../../lib/http/http-client';
import { filtersToApiQuery, type TransactionFilters } from '../lib/filters';

/** The filtered set as CSV, read as a stream so the bytes received can be shown while the server writes it. */
export function exportTransactions(
  http: HttpClient,
  companyId: string,
  filters: TransactionFilters,
  options: { onProgress: (bytes: number) => void; signal?: AbortSignal },
): Promise<Blob> {
  return fetchFile(http, apiPaths.transactionsExportCsv(companyId, filtersToApiQuery(filters)), options);
}
