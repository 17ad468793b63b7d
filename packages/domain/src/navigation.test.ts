import { describe, expect, it } from 'vitest';
import { classifyRoute, decideNavigation, type NavigationInput } from './navigation';

const subscribedSeller: NavigationInput = {
  path: '/dashboard',
  searchParams: new URLSearchParams(),
  isAuthenticated: true,
  companyCount: 1,
  selectedCompanyId: 'c1',
  hasSelectedCompanyDetails: true,
  subscriptionCountryCodes: ['DE'],
  hasPaymentOverlaySkipFlag: false,
  nextOnboardingPath: undefined,
};

const at = (path: string, change: Partial<NavigationInput> = {}): NavigationInput => {
  const [pathname = path, query = ''] = path.split('?');
  return { ...subscribedSeller, ...change, path: pathname, searchParams: new URLSearchParams(query) };
};

describe('classifyRoute', () => {
  it.each([
    ['/login', 'public'],
    ['/onboarding/welcome', 'onboarding'],
    ['/onboarding', 'onboarding'],
    ['/admin/white-label/t1', 'admin'],
    ['/payment/cancelled', 'company'],
    ['/payment/activated', 'company'],
    ['/dashboard', 'app'],
    ['/anything-else', 'app'],
    ['/onboardingx', 'app'],
  ])('%s is %s', (path, access) => {
    expect(classifyRoute(path)).toBe(access);
  });
});

describe('decideNavigation (spec §2 guard rules)', () => {
  it('sends anonymous users to /login from anywhere but /login', () => {
    expect(decideNavigation(at('/dashboard', { isAuthenticated: false }))).toEqual({ kind: 'redirect', to: '/login' });
    expect(decideNavigation(at('/login', { isAuthenticated: false }))).toEqual({ kind: 'allow' });
  });

  it('sends an authenticated user on /login to /dashboard', () => {
    expect(decideNavigation(at('/login'))).toEqual({ kind: 'redirect', to: '/dashboard' });
  });

  it('sends a user with zero companies to /onboarding/welcome unless under /onboarding', () => {
    const none = {
      companyCount: 0,
      selectedCompanyId: null,
      hasSelectedCompanyDetails: false,
      subscriptionCountryCodes: [],
    };
    expect(decideNavigation(at('/dashboard', none))).toEqual({ kind: 'redirect', to: '/onboarding/welcome' });
    expect(decideNavigation(at('/settings', none))).toEqual({ kind: 'redirect', to: '/onboarding/welcome' });
    expect(decideNavigation(at('/onboarding/business-type', none))).toEqual({ kind: 'allow' });
  });

  it('lets a multi-company user without a selection stay on /dashboard, /onboarding/* and /admin/* only', () => {
    const unselected = { companyCount: 2, selectedCompanyId: null, hasSelectedCompanyDetails: false };
    expect(decideNavigation(at('/dashboard', unselected))).toEqual({ kind: 'allow' });
    expect(decideNavigation(at('/onboarding/welcome', unselected))).toEqual({ kind: 'allow' });
    expect(decideNavigation(at('/admin', unselected))).toEqual({ kind: 'allow' });
    expect(decideNavigation(at('/calendar', unselected))).toEqual({ kind: 'redirect', to: '/dashboard' });
  });

  it('allows access with at least one subscription country code, whatever onboarding says', () => {
    expect(decideNavigation(at('/calendar', { nextOnboardingPath: '/onboarding/jurisdictions' }))).toEqual({
      kind: 'allow',
    });
  });

  describe('without a subscription', () => {
    const unsubscribed = { subscriptionCountryCodes: [], nextOnboardingPath: '/onboarding/jurisdictions' };

    it('allows the dashboard with payment=success', () => {
      expect(decideNavigation(at('/dashboard?payment=success', unsubscribed))).toEqual({ kind: 'allow' });
    });

    it('allows the dashboard with the local skip flag', () => {
      expect(decideNavigation(at('/dashboard', { ...unsubscribed, hasPaymentOverlaySkipFlag: true }))).toEqual({
        kind: 'allow',
      });
    });

    it('redirects a non-onboarding page to the next incomplete step', () => {
      expect(decideNavigation(at('/analytics', unsubscribed))).toEqual({
        kind: 'redirect',
        to: '/onboarding/jurisdictions',
      });
    });

    it('allows pages once onboarding is complete', () => {
      expect(
        decideNavigation(at('/analytics', { subscriptionCountryCodes: [], nextOnboardingPath: undefined })),
      ).toEqual({ kind: 'allow' });
    });

    it('allows the payment result pages (company required, onboarding not required)', () => {
      expect(decideNavigation(at('/payment/cancelled', unsubscribed))).toEqual({ kind: 'allow' });
    });
  });
});
