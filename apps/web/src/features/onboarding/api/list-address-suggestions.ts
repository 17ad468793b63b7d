import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  ADDRESS_SUGGESTIONS_MIN_QUERY,
  type AddressSuggestionList,
  type AddressSuggestionsQuery,
  addressSuggestionListSchema,
  apiPaths,
} from '@vatlas/contract';
import { useAuthServices } from '../../../lib/auth/auth-services';
import { useAuthStore } from '../../../lib/auth/auth-store';
import type { HttpClient } from '../../../lib/http/http-client';

export { ADDRESS_SUGGESTIONS_MIN_QUERY };

export function listAddressSuggestions(
  http: HttpClient,
  companyId: string,
  query: AddressSuggestionsQuery,
): Promise<AddressSuggestionList> {
  return http.request(apiPaths.addressSuggestions(companyId, query), { schema: addressSuggestionListSchema });
}

export function listAddressSuggestionsQueryOptions(
  http: HttpClient,
  companyId: string,
  query: AddressSuggestionsQuery,
) {
  const { sessionToken: _billingOnly, ...cacheable } = query;
  return queryOptions({
    // The session token only groups requests for billing; the same text asked again is the same answer.
    queryKey: ['address-suggestions', companyId, cacheable] as const,
    queryFn: () => listAddressSuggestions(http, companyId, query),
    staleTime: 5 * 60_000,
    // A failure means "type the address yourself"; retrying would only delay saying so.
    retry: false,
  });
}

/** Suggestions for the (already debounced) text; idle below the minimum length or without a company. */
export function useAddressSuggestions(query: AddressSuggestionsQuery, options: { enabled: boolean }) {
  const { http } = useAuthServices();
  const companyId = useAuthStore((state) => state.selectedCompanyId);
  return useQuery({
    ...listAddressSuggestionsQueryOptions(http, companyId ?? '', query),
    enabled: options.enabled && companyId !== null && query.query.trim().length >= ADDRESS_SUGGESTIONS_MIN_QUERY,
  });
}
