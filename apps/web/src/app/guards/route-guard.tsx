import { decideNavigation } from '@vatlas/domain';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation } from 'react-router';
import { Button } from '../../components/ui/button';
import { FullPageSpinner } from '../../components/ui/spinner';
import { StatusScreen } from '../../components/ui/status-screen';
import { type AuthErrorKind, useAuthStore } from '../../lib/auth/auth-store';
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

  const decision = decideNavigation(buildNavigationInput(state, location, hasPaymentOverlaySkipFlag()));
  if (decision.kind === 'redirect') return <Navigate to={decision.to} replace />;
  return <Outlet />;
}
