import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  apiPaths,
  type JurisdictionsResponse,
  jurisdictionsResponseSchema,
  type UpdateJurisdictionsBody,
} from '@vatlas/contract';
import { useAuthServices } from '../../../lib/auth/auth-services';
import { useAuthStore } from '../../../lib/auth/auth-store';
import type { HttpClient } from '../../../lib/http/http-client';
import { jurisdictionInfoQueryKey } from './get-jurisdiction-info';
import { jurisdictionsQueryKey } from './get-jurisdictions';
import { onboardingQueryKey } from './get-onboarding';

export function saveJurisdictions(
  http: HttpClient,
  companyId: string,
  body: UpdateJurisdictionsBody,
): Promise<JurisdictionsResponse> {
  return http.request(apiPaths.registrationJurisdictions(companyId), {
    method: 'PUT',
    body,
    schema: jurisdictionsResponseSchema,
  });
}

/** Saves the selection; the server completes the jurisdictions step, so the onboarding state is read again. */
export function useSaveJurisdictions() {
  const { http } = useAuthServices();
  const queryClient = useQueryClient();
  const companyId = useAuthStore((state) => state.selectedCompanyId);
  return useMutation({
    mutationFn: async (body: UpdateJurisdictionsBody) => {
      if (!companyId) throw new Error('No company selected');
      const saved = await saveJurisdictions(http, companyId, body);
      queryClient.setQueryData(jurisdictionsQueryKey(companyId), saved);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: onboardingQueryKey(companyId) }),
        queryClient.invalidateQueries({ queryKey: jurisdictionInfoQueryKey(companyId) }),
      ]);
      return saved;
    },
  });
}
