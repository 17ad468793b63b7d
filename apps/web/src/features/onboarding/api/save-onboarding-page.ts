import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type OnboardingResponse, onboardingResponseSchema } from '@vatlas/contract';
import { useAuthServices } from '../../../lib/auth/auth-services';
import { useAuthStore } from '../../../lib/auth/auth-store';
import type { HttpClient } from '../../../lib/http/http-client';
import { onboardingQueryKey } from './get-onboarding';
import { refreshCompanyState } from './refresh-company-state';

/**
 * The shared shape of the PUTs that answer the onboarding state (BusinessType, Address, ProductType): the
 * answer replaces the cached state, then the auth store is refreshed for the guard.
 */
export function useSaveOnboardingPage<TBody>(
  send: (http: HttpClient, companyId: string, body: TBody) => Promise<OnboardingResponse>,
) {
  const { http } = useAuthServices();
  const queryClient = useQueryClient();
  const companyId = useAuthStore((state) => state.selectedCompanyId);
  return useMutation({
    mutationFn: async (body: TBody) => {
      if (!companyId) throw new Error('No company selected');
      const onboarding = await send(http, companyId, body);
      queryClient.setQueryData(onboardingQueryKey(companyId), onboarding);
      await refreshCompanyState(http, companyId);
      return onboarding;
    },
  });
}

export const putOnboardingPage = <TBody>(http: HttpClient, path: string, body: TBody) =>
  http.request(path, { method: 'PUT', body, schema: onboardingResponseSchema });
