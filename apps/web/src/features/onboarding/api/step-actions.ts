import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths, onboardingResponseSchema } from '@vatlas/contract';
import type { OnboardingStepId } from '@vatlas/domain';
import { useAuthServices } from '../../../lib/auth/auth-services';
import { useAuthStore } from '../../../lib/auth/auth-store';
import type { HttpClient } from '../../../lib/http/http-client';
import { onboardingQueryKey } from './get-onboarding';

export const completeOnboardingStep = (http: HttpClient, companyId: string, stepId: OnboardingStepId) =>
  http.request(apiPaths.completeOnboardingStep(companyId, stepId), {
    method: 'POST',
    schema: onboardingResponseSchema,
  });

/** POST …/Steps/{stepId}/Complete from the SPA; the answer replaces the cached onboarding state. */
export function useCompleteOnboardingStep() {
  const { http } = useAuthServices();
  const queryClient = useQueryClient();
  const companyId = useAuthStore((state) => state.selectedCompanyId);
  return useMutation({
    mutationFn: async (stepId: OnboardingStepId) => {
      if (!companyId) throw new Error('No company selected');
      const onboarding = await completeOnboardingStep(http, companyId, stepId);
      queryClient.setQueryData(onboardingQueryKey(companyId), onboarding);
      return onboarding;
    },
  });
}
