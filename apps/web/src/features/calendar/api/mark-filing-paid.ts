import { apiPaths, type Filing, filingSchema, type MarkFilingPaidRequest } from '@vatlas/contract';
import type { HttpClient } from '../../../lib/http/http-client';
import { useFilingChange } from './use-filing-change';

export function markFilingPaid(
  http: HttpClient,
  companyId: string,
  filingId: string,
  body: MarkFilingPaidRequest,
): Promise<Filing> {
  return http.request(apiPaths.markFilingPaid(companyId, filingId), { method: 'POST', body, schema: filingSchema });
}

export function markFilingUnpaid(http: HttpClient, companyId: string, filingId: string): Promise<Filing> {
  return http.request(apiPaths.markFilingUnpaid(companyId, filingId), { method: 'POST', schema: filingSchema });
}

/**
 * Records the day a filing's VAT was paid where it is due apart from the filing (decision 051), or with `paidOn`
 * null undoes that; then refreshes every filings list of the company.
 */
export function useSetFilingPaid() {
  return useFilingChange((http, companyId, input: { filingId: string; paidOn: string | null }) =>
    input.paidOn === null
      ? markFilingUnpaid(http, companyId, input.filingId)
      : markFilingPaid(http, companyId, input.filingId, { paidOn: input.paidOn }),
  );
}
