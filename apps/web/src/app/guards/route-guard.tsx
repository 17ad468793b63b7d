import { useQuery } from '@tanstack/react-query';
import { decideNavigation } from '@vatlas/domain';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation } from 'react-router';
import { Button } from '../../components/ui/button';
import { FullPageSpinner } from '../../components/ui/spinner';
import { StatusScreen } from '../../components/ui/status-screen';
import { getOnboardingQueryOptions } from '../../features/onboarding/api/get-onboarding';
import { useAuthServices } from '../../lib/auth/auth-services';
import { type AuthErrorKind, type AuthState, useAuthStore } from '../../lib/auth/auth-store';
import { hasPaymentOverlaySkipFlag } from '../../lib/storage/token-storage';
import { buildNavigationInput } from './navigation-input';

const errorTitles: Record<Exclude<AuthErrorKind, 'session'>, string> = {
  connection: 'screens.connectionFailed',
  'sign-in': 'screens.signInFailed',
  company: 'screens.connectionIssue',
};

/** Spec §2 route guard: spinner while auth initialises, the error screens, then decideNavigation. */
export function RouteGuard() {
  const { t } = useTranslation();
  const location = useLocation();
  const state = useAuthStore();
  const onboarding = useServerOnboarding(state);

  if (state.isLoading) return <FullPageSpinner label={t(state.loadingMessage.key, state.loadingMessage.values)} />;

  // A session that expired is not a screen of its own: the user lands on /login with the message.
  if (state.error && state.errorKind && state.errorKind !== 'session') {
    return (
      <StatusScreen
        title={t(errorTitles[state.errorKind])}
        text={t(state.error.key, state.error.values)}
        action={<Button onClick={() => window.location.reload()}>{t('screens.tryAgain')}</Button>}
      />
    );
  }

  if (onboarding.isWaiting) return <FullPageSpinner label={t('loading.loadingBusinessDetails')} />;

  const decision = decideNavigation(
    buildNavigationInput(state, location, hasPaymentOverlaySkipFlag(), onboarding.nextPath),
  );
  if (decision.kind === 'redirect') return <Navigate to={decision.to} replace />;
  return <Outlet />;
}

/**
 * The selected company's onboarding state from the server, needed only while the company has no subscription
 * (spec §2: a subscription allows access without asking the next-step rule). A failed load falls back to the
 * local rule instead of blocking the app.
 */
function useServerOnboarding(state: AuthState): { isWaiting: boolean; nextPath: string | null | undefined } {
  const { http } = useAuthServices();
  const companyId = state.selectedCompanyId;
  const summary = state.user?.companies.find((company) => company.id === companyId);
  const isNeeded =
    !state.isLoading &&
    state.isAuthenticated &&
    companyId !== null &&
    summary !== undefined &&
    summary.subscriptionCountryCodes.length === 0;
  const query = useQuery({ ...getOnboardingQueryOptions(http, companyId ?? ''), enabled: isNeeded, retry: false });
  if (!isNeeded) return { isWaiting: false, nextPath: undefined };
  return { isWaiting: query.isPending && query.fetchStatus === 'fetching', nextPath: query.data?.nextPath };
}
