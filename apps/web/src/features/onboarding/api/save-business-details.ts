import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  apiPaths,
  type BusinessDetailsRequest,
  type BusinessDetailsResponse,
  businessDetailsRequestSchema,
  businessDetailsResponseSchema,
} from '@vatlas/contract';
import { useAuthServices } from '../../../lib/auth/auth-services';
import { useAuthStore } from '../../../lib/auth/auth-store';
import type { HttpClient } from '../../../lib/http/http-client';
import { businessDetailsQueryKey } from './get-business-details';
import { onboardingQueryKey } from './get-onboarding';
import { refreshCompanyState } from './refresh-company-state';

export type { BusinessDetailsRequest };
export { businessDetailsRequestSchema };

export function saveBusinessDetails(
  http: HttpClient,
  companyId: string,
  body: BusinessDetailsRequest,
): Promise<BusinessDetailsResponse> {
  return http.request(apiPaths.businessDetails(companyId), {
    method: 'PUT',
    body,
    schema: businessDetailsResponseSchema,
  });
}

/** Saves, then puts the answer in the cache (a reload shows it) and refreshes the onboarding progress. */
export function useSaveBusinessDetails() {
  const { http } = useAuthServices();
  const queryClient = useQueryClient();
  const companyId = useAuthStore((state) => state.selectedCompanyId);
  return useMutation({
    mutationFn: (body: BusinessDetailsRequest) => {
      if (!companyId) throw new Error('No company is selected.');
      return saveBusinessDetails(http, companyId, body);
    },
    onSuccess: async (saved) => {
      if (!companyId) return;
      queryClient.setQueryData(businessDetailsQueryKey(companyId), saved);
      // The legal name is part of the company the shell and the route guard read from the auth store. The save
      // has succeeded by now: a failed refresh must not turn it into an error (the next load refreshes anyway).
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: onboardingQueryKey(companyId) }),
        refreshCompanyState(http, companyId).catch(() => undefined),
      ]);
    },
  });
}
