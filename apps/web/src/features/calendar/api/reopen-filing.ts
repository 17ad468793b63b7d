import { apiPaths, type Filing, filingSchema } from '@vatlas/contract';
import type { HttpClient } from '../../../lib/http/http-client';
import { useFilingChange } from './use-filing-change';

export function reopenFiling(http: HttpClient, companyId: string, filingId: string): Promise<Filing> {
  return http.request(apiPaths.reopenFiling(companyId, filingId), { method: 'POST', schema: filingSchema });
}

/** Undoes a mark filed; the filing's amount follows the data again. */
export function useReopenFiling() {
  return useFilingChange(reopenFiling);
}
