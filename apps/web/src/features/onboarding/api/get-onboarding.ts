import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths, type OnboardingResponse, onboardingResponseSchema } from '@vatlas/contract';
import { useAuthServices } from '../../../lib/auth/auth-services';
import { useAuthStore } from '../../../lib/auth/auth-store';
import type { HttpClient } from '../../../lib/http/http-client';

export type { OnboardingResponse };
export { onboardingResponseSchema };

/** Every onboarding page reads and refreshes this one key; invalidate it after any save. */
export const onboardingQueryKey = (companyId: string) => ['onboarding', companyId] as const;

export function getOnboarding(http: HttpClient, companyId: string): Promise<OnboardingResponse> {
  return http.request(apiPaths.onboarding(companyId), { schema: onboardingResponseSchema });
}

export function getOnboardingQueryOptions(http: HttpClient, companyId: string) {
  return queryOptions({
    queryKey: onboardingQueryKey(companyId),
    queryFn: () => getOnboarding(http, companyId),
    // The guard, the layout and the page all read it; saves replace it with setQueryData, so a short
    // freshness window avoids three identical requests per navigation without showing stale progress.
    staleTime: 30_000,
  });
}

/** The selected company's onboarding state; disabled while no company is selected. */
export function useOnboarding() {
  const { http } = useAuthServices();
  const companyId = useAuthStore((state) => state.selectedCompanyId);
  return useQuery({
    ...getOnboardingQueryOptions(http, companyId ?? ''),
    enabled: companyId !== null,
  });
}

/** The first load of the onboarding state is under way (no data yet, a request in flight): pages hold their form. */
export const isOnboardingLoading = (query: { isPending: boolean; fetchStatus: string }): boolean =>
  query.isPending && query.fetchStatus === 'fetching';
