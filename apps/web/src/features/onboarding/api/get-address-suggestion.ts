import { useMutation } from '@tanstack/react-query';
import {
  type AddressSuggestionDetailsQuery,
  apiPaths,
  type SuggestedAddress,
  suggestedAddressSchema,
} from '@vatlas/contract';
import { useAuthServices } from '../../../lib/auth/auth-services';
import { useAuthStore } from '../../../lib/auth/auth-store';
import type { HttpClient } from '../../../lib/http/http-client';

export type { SuggestedAddress };

export function getAddressSuggestion(
  http: HttpClient,
  companyId: string,
  placeId: string,
  query: AddressSuggestionDetailsQuery = {},
): Promise<SuggestedAddress> {
  return http.request(apiPaths.addressSuggestion(companyId, placeId, query), { schema: suggestedAddressSchema });
}

/**
 * The chosen suggestion's address. A mutation although it is a GET: it runs once, on the user's choice, and its
 * answer goes into the form rather than a cache.
 */
export function useGetAddressSuggestion() {
  const { http } = useAuthServices();
  const companyId = useAuthStore((state) => state.selectedCompanyId);
  return useMutation({
    mutationFn: ({ placeId, ...query }: AddressSuggestionDetailsQuery & { placeId: string }) => {
      if (!companyId) throw new Error('no company selected');
      return getAddressSuggestion(http, companyId, placeId, query);
    },
  });
}
