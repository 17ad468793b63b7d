import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  apiPaths,
  type PowerOfAttorney,
  powerOfAttorneySchema,
  type SignPowerOfAttorneyRequest,
} from '@vatlas/contract';
import { useAuthServices } from '../../../lib/auth/auth-services';
import { useAuthStore } from '../../../lib/auth/auth-store';
import type { HttpClient } from '../../../lib/http/http-client';
import { documentChecklistQueryKey } from './get-document-checklist';
import { onboardingQueryKey } from './get-onboarding';
import { powersOfAttorneyQueryKey } from './list-powers-of-attorney';

export function signPowerOfAttorney(
  http: HttpClient,
  companyId: string,
  countryCode: string,
  body: SignPowerOfAttorneyRequest,
): Promise<PowerOfAttorney> {
  return http.request(apiPaths.signPowerOfAttorney(companyId, countryCode), {
    method: 'POST',
    body,
    schema: powerOfAttorneySchema,
  });
}

/** Signing may complete the document-center step on the server, so the onboarding state is read again. */
export function useSignPowerOfAttorney() {
  const { http } = useAuthServices();
  const queryClient = useQueryClient();
  const companyId = useAuthStore((state) => state.selectedCompanyId);
  return useMutation({
    mutationFn: async (input: { countryCode: string; body: SignPowerOfAttorneyRequest }) => {
      if (!companyId) throw new Error('No company selected');
      const signed = await signPowerOfAttorney(http, companyId, input.countryCode, input.body);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: powersOfAttorneyQueryKey(companyId) }),
        queryClient.invalidateQueries({ queryKey: documentChecklistQueryKey(companyId) }),
        queryClient.invalidateQueries({ queryKey: onboardingQueryKey(companyId) }),
      ]);
      return signed;
    },
  });
}
