import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  apiPaths,
  type LegalRepresentativeRequest,
  type LegalRepresentativeResponse,
  legalRepresentativeRequestSchema,
  legalRepresentativeResponseSchema,
} from '@vatlas/contract';
import { useAuthServices } from '../../../lib/auth/auth-services';
import { useAuthStore } from '../../../lib/auth/auth-store';
import type { HttpClient } from '../../../lib/http/http-client';
import { legalRepresentativeQueryKey } from './get-legal-representative';
import { onboardingQueryKey } from './get-onboarding';

export type { LegalRepresentativeRequest };
export { legalRepresentativeRequestSchema };

export function saveLegalRepresentative(
  http: HttpClient,
  companyId: string,
  body: LegalRepresentativeRequest,
): Promise<LegalRepresentativeResponse> {
  return http.request(apiPaths.legalRepresentative(companyId), {
    method: 'PUT',
    body,
    schema: legalRepresentativeResponseSchema,
  });
}

/** Saves, then puts the answer in the cache (a reload shows it) and refreshes the onboarding progress. */
export function useSaveLegalRepresentative() {
  const { http } = useAuthServices();
  const queryClient = useQueryClient();
  const companyId = useAuthStore((state) => state.selectedCompanyId);
  return useMutation({
    mutationFn: (body: LegalRepresentativeRequest) => {
      if (!companyId) throw new Error('No company is selected.');
      return saveLegalRepresentative(http, companyId, body);
    },
    onSuccess: async (saved) => {
      if (!companyId) return;
      queryClient.setQueryData(legalRepresentativeQueryKey(companyId), saved);
      await queryClient.invalidateQueries({ queryKey: onboardingQueryKey(companyId) });
    },
  });
}
