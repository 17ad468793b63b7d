import { type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  apiPaths,
  type JurisdictionRegistrationDto,
  jurisdictionRegistrationSchema,
  type MissingRegistration,
  type TaxRegistrationsResponse,
  type TaxSchemes,
  type TaxSchemesResponse,
  taxRegistrationsResponseSchema,
  taxSchemesResponseSchema,
  type UpdateJurisdictionRegistrationBody,
} from '@vatlas/contract';
import { useAuthServices } from '../../../lib/auth/auth-services';
import type { HttpClient } from '../../../lib/http/http-client';
import { useFetchFresh } from '../../../lib/query/fetch-fresh';

export type { JurisdictionRegistrationDto, MissingRegistration, TaxSchemes, TaxSchemesResponse };

export const taxRegistrationsQueryKey = (companyId: string) => ['settings', 'tax-registrations', companyId] as const;
export const taxSchemesQueryKey = (companyId: string) => ['settings', 'tax-schemes', companyId] as const;

/** GET Company/{companyId}/TaxRegistrations: the registration in each jurisdiction the company chose. */
export function getTaxRegistrationsQueryOptions(http: HttpClient, companyId: string) {
  return queryOptions({
    queryKey: taxRegistrationsQueryKey(companyId),
    queryFn: (): Promise<TaxRegistrationsResponse> =>
      http.request(apiPaths.taxRegistrations(companyId), { schema: taxRegistrationsResponseSchema }),
  });
}

/** GET Company/{companyId}/TaxSchemes: the OSS and IOSS registrations. */
export function getTaxSchemesQueryOptions(http: HttpClient, companyId: string) {
  return queryOptions({
    queryKey: taxSchemesQueryKey(companyId),
    queryFn: (): Promise<TaxSchemesResponse> =>
      http.request(apiPaths.taxSchemes(companyId), { schema: taxSchemesResponseSchema }),
  });
}

export function useTaxRegistrations(companyId: string | null) {
  const { http } = useAuthServices();
  return useQuery({ ...getTaxRegistrationsQueryOptions(http, companyId ?? ''), enabled: companyId !== null });
}

export function useTaxSchemes(companyId: string | null) {
  const { http } = useAuthServices();
  return useQuery({ ...getTaxSchemesQueryOptions(http, companyId ?? ''), enabled: companyId !== null });
}

/** The registrations fetched again whatever the cache holds (`useFetchFresh`). */
export function useReloadTaxRegistrations(companyId: string) {
  const { http } = useAuthServices();
  return useFetchFresh(getTaxRegistrationsQueryOptions(http, companyId));
}

/** The OSS and IOSS registrations fetched again whatever the cache holds (`useFetchFresh`). */
export function useReloadTaxSchemes(companyId: string) {
  const { http } = useAuthServices();
  return useFetchFresh(getTaxSchemesQueryOptions(http, companyId));
}

/**
 * Both saves recompute the company's tax position on the server: what any other screen holds of liabilities, filings
 * or the EC Sales List is out of date, so every cached query is marked stale once the answer is in.
 */
function useSaveAndRefresh<Variables, Answer>(
  save: (http: HttpClient, variables: Variables) => Promise<Answer>,
  store: (queryClient: QueryClient, answer: Answer) => void,
) {
  const { http } = useAuthServices();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (variables: Variables) => save(http, variables),
    onSuccess: async (answer) => {
      store(queryClient, answer);
      await queryClient.invalidateQueries();
    },
  });
}

/** PUT Company/{companyId}/TaxRegistrations/{countryCode}: the jurisdiction's registration as the server stored it. */
export function useSaveJurisdictionRegistration(companyId: string) {
  return useSaveAndRefresh(
    (http, { countryCode, body }: { countryCode: string; body: UpdateJurisdictionRegistrationBody }) =>
      http.request(apiPaths.taxRegistration(companyId, countryCode), {
        method: 'PUT',
        body,
        schema: jurisdictionRegistrationSchema,
      }),
    (queryClient, saved: JurisdictionRegistrationDto) =>
      queryClient.setQueryData(taxRegistrationsQueryKey(companyId), (current: TaxRegistrationsResponse | undefined) =>
        current
          ? {
              ...current,
              jurisdictions: current.jurisdictions.map((item) =>
                item.countryCode === saved.countryCode ? saved : item,
              ),
            }
          : current,
      ),
  );
}

/** PUT Company/{companyId}/TaxSchemes: both schemes replaced, null removing one. */
export function useSaveTaxSchemes(companyId: string) {
  return useSaveAndRefresh(
    (http, schemes: TaxSchemes) =>
      http.request(apiPaths.taxSchemes(companyId), { method: 'PUT', body: schemes, schema: taxSchemesResponseSchema }),
    (queryClient, saved: TaxSchemesResponse) => queryClient.setQueryData(taxSchemesQueryKey(companyId), saved),
  );
}
