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

    // Spec §2 "redirected … on a different onboarding page": pages of a later step than the next incomplete
    // one go to it; the same or an earlier step (and welcome) stay reachable, so Back works.
    it.each([
      ['/onboarding/business-type', '/onboarding/business-type', 'allow'],
      ['/onboarding/business-type', '/onboarding/business-address', 'allow'],
      ['/onboarding/business-type', '/onboarding/product-type', 'allow'],
      ['/onboarding/business-type', '/onboarding/business-profile/banking', 'allow'],
      ['/onboarding/business-type', '/onboarding/welcome', 'allow'],
      ['/onboarding/business-type', '/onboarding/tax-assessment', 'allow'],
      ['/onboarding/business-type', '/onboarding/jurisdictions', 'redirect'],
      ['/onboarding/business-type', '/onboarding/jurisdiction-info', 'redirect'],
      ['/onboarding/business-type', '/onboarding/documents', 'redirect'],
      ['/onboarding/business-type', '/onboarding/integrations', 'redirect'],
      ['/onboarding/jurisdictions', '/onboarding/jurisdictions-selection', 'allow'],
      ['/onboarding/jurisdictions', '/onboarding/business-profile/legal-representative', 'allow'],
      ['/onboarding/jurisdictions', '/onboarding/business-type', 'allow'],
      ['/onboarding/jurisdictions', '/onboarding/signing', 'redirect'],
      ['/onboarding/jurisdictions', '/onboarding/document-center', 'redirect'],
      ['/onboarding/document-center', '/onboarding/signing', 'allow'],
      ['/onboarding/document-center', '/onboarding/jurisdictions', 'allow'],
      ['/onboarding/document-center', '/dashboard', 'redirect'],
      ['/onboarding/business-type', '/onboarding/unknown-page', 'allow'],
    ])('next %s: %s → %s', (next, path, kind) => {
      const decision = decideNavigation(at(path, { subscriptionCountryCodes: [], nextOnboardingPath: next }));
      expect(decision).toEqual(kind === 'allow' ? { kind: 'allow' } : { kind: 'redirect', to: next });
    });

    it('lets a subscribed company visit any onboarding page', () => {
      expect(
        decideNavigation(at('/onboarding/documents', { nextOnboardingPath: '/onboarding/business-type' })),
      ).toEqual({
        kind: 'allow',
      });
    });
  });
});
