import { stepOrderOf } from './onboarding';
import { stepOfPage } from './onboarding-flow';

/**
 * "Where should this user be?" — the route-guard rules of spec §2 computed once, as an ordered
 * chain of early returns. The SPA's guards map the answer to a navigation; nothing else decides.
 */

export type RouteAccess = 'public' | 'onboarding' | 'company' | 'app' | 'admin';

export type NavigationInput = {
  /** Path without query, e.g. "/dashboard". */
  path: string;
  /** Query string parameters of the current location. */
  searchParams: URLSearchParams;
  isAuthenticated: boolean;
  /** Number of companies the user belongs to. */
  companyCount: number;
  selectedCompanyId: string | null;
  hasSelectedCompanyDetails: boolean;
  subscriptionCountryCodes: readonly string[];
  /** The local flag that skips the payment-success overlay. */
  hasPaymentOverlaySkipFlag: boolean;
  /** Result of the next-step rule; undefined when onboarding is complete. */
  nextOnboardingPath: string | undefined;
};

export type NavigationDecision = { kind: 'allow' } | { kind: 'redirect'; to: string };

const allow: NavigationDecision = { kind: 'allow' };
const redirect = (to: string): NavigationDecision => ({ kind: 'redirect', to });

export const isUnder = (path: string, prefix: string): boolean => path === prefix || path.startsWith(`${prefix}/`);

export function classifyRoute(path: string): RouteAccess {
  if (isUnder(path, '/login')) return 'public';
  if (isUnder(path, '/onboarding')) return 'onboarding';
  if (isUnder(path, '/admin')) return 'admin';
  if (path === '/payment/cancelled' || path === '/payment/activated') return 'company';
  return 'app';
}

export function decideNavigation(input: NavigationInput): NavigationDecision {
  const { path } = input;
  const access = classifyRoute(path);

  if (!input.isAuthenticated) return access === 'public' ? allow : redirect('/login');
  if (access === 'public') return redirect('/dashboard');

  if (input.companyCount === 0) return access === 'onboarding' ? allow : redirect('/onboarding/welcome');

  if (input.companyCount > 1 && !input.selectedCompanyId && !input.hasSelectedCompanyDetails) {
    const mayStay = path === '/dashboard' || access === 'onboarding' || access === 'admin';
    return mayStay ? allow : redirect('/dashboard');
  }

  if (access === 'company') return allow;

  if (input.subscriptionCountryCodes.length > 0) return allow;
  if (path === '/dashboard' && input.searchParams.get('payment') === 'success') return allow;
  if (path === '/dashboard' && input.hasPaymentOverlaySkipFlag) return allow;

  const next = input.nextOnboardingPath;
  if (!next || path === next) return allow;
  if (access === 'onboarding' && mayVisitBeforeNextStep(path, next)) return allow;
  return redirect(next);
}

/**
 * Spec §2 sends a user on "a different onboarding page" to the next incomplete step. Read literally that
 * would break Back and the pages inside one step (business-type → business-address both belong to
 * business-details), so only pages of a LATER step than the next incomplete one are redirected; pages of
 * the same or an earlier step, and pages outside the flow, stay reachable.
 */
function mayVisitBeforeNextStep(path: string, next: string): boolean {
  const pageStep = stepOfPage(path);
  const nextStep = stepOfPage(next);
  if (!pageStep || !nextStep) return true;
  return stepOrderOf(pageStep) <= stepOrderOf(nextStep);
}
