import { apiPaths, type Filing, filingSchema, type MarkFilingFiledRequest } from '@vatlas/contract';
import type { HttpClient } from '../../../lib/http/http-client';
import { useFilingChange } from './use-filing-change';

export function markFilingFiled(
  http: HttpClient,
  companyId: string,
  filingId: string,
  body: MarkFilingFiledRequest,
): Promise<Filing> {
  return http.request(apiPaths.markFilingFiled(companyId, filingId), { method: 'POST', body, schema: filingSchema });
}

/** Records the submission, then refreshes every filings list of the company (status and counts change). */
export function useMarkFilingFiled() {
  return useFilingChange((http, companyId, input: { filingId: string } & MarkFilingFiledRequest) =>
    markFilingFiled(http, companyId, input.filingId, { filedOn: input.filedOn, reference: input.reference }),
  );
}
