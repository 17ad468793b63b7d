import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import axe from 'axe-core';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { paths, redirects } from '../config/paths';
import { type AuthState, getInitialAuthState, useAuthStore } from '../lib/auth/auth-store';
import { fakeAuthServices } from '../test/auth-services';
import { buildCompanyDetails, buildCompanySummary, buildTenantSummary, buildUser } from '../test/fixtures';
import { createTestI18n } from '../test/test-i18n';
import { AppProvider, createQueryClient } from './provider';
import { createAppRoutes } from './router';

const i18n = createTestI18n();
// No API answers here: every query fails, as it would offline, which is all the routes and guards need.
const services = fakeAuthServices(async () => {
  throw new Error('No API in this test');
});

const signedInSeller = (overrides: Partial<AuthState> = {}): Partial<AuthState> => ({
  isLoading: false,
  isAuthenticated: true,
  token: 'a.b.c',
  user: buildUser(),
  selectedCompanyId: 'company-1',
  selectedCompanyDetails: buildCompanyDetails(),
  ...overrides,
});

function renderAt(path: string, state: Partial<AuthState>) {
  useAuthStore.setState({ ...getInitialAuthState(), ...state });
  const router = createMemoryRouter(createAppRoutes(), { initialEntries: [path] });
  render(
    <AppProvider i18n={i18n} services={services} queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  const location = () => `${router.state.location.pathname}${router.state.location.search}`;
  return { router, location };
}

// The first visit of each lazy page imports it: seconds on a loaded 2-core machine, so wait generously.
const heading = (name: string) => screen.findByRole('heading', { level: 1, name }, { timeout: 10_000 });

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});
afterEach(() => {
  cleanup();
});

describe('routes of spec §2 (signed-in, subscribed seller)', () => {
  it.each([
    ['/dashboard', 'Dashboard'],
    ['/dashboard?payment=success', 'Dashboard'],
    ['/', 'Dashboard'],
    ['/no/such/page', 'Dashboard'],
    ['/analytics', 'Analytics'],
    ['/settings', 'Settings'],
    ['/settings/language', 'Settings'],
    ['/settings/notifications', 'Settings'],
    ['/settings/users', 'Settings'],
    ['/settings/company', 'Settings'],
    ['/calendar', 'Filings calendar'],
    ['/data-upload', 'Data upload'],
    ['/data-upload/amazon/mapping', 'Data upload'],
    ['/transactions', 'Transactions'],
    ['/onboarding', 'Business type'],
    ['/onboarding/welcome', 'Welcome'],
    ['/onboarding/business-type', 'Business type'],
    ['/onboarding/business-address', 'Business address'],
    ['/onboarding/product-type', 'Product type'],
    ['/onboarding/jurisdictions', 'Jurisdictions'],
    ['/onboarding/jurisdictions-selection', 'Select jurisdictions'],
    ['/onboarding/tax-assessment', 'Tax assessment'],
    ['/onboarding/business-profile', 'Business profile'],
    ['/onboarding/business-profile/legal-representative', 'Legal representative'],
    ['/onboarding/business-profile/business-details', 'Business details'],
    ['/onboarding/business-profile/banking', 'Banking'],
    ['/onboarding/jurisdiction-info', 'Jurisdiction information'],
    ['/onboarding/documents', 'Documents'],
    ['/onboarding/signing', 'Power of attorney'],
    ['/onboarding/integrations', 'Integrations'],
    ['/onboarding/account-creation', 'Account creation'],
    ['/onboarding/document-center', 'Document center'],
    ['/payment/cancelled', 'Payment cancelled'],
    ['/payment/activated', 'Subscription activated'],
    ['/settings/subscription', 'Settings'],
  ])('%s shows "%s"', async (path, title) => {
    const { location } = renderAt(path, signedInSeller());
    expect(await heading(title)).toBeTruthy();
    // Every page is real: none says it is not available yet.
    expect(screen.queryByText('This page is not available yet.')).toBeNull();
    expect(location()).toBe(path);
  });

  it('shows the tax assessment as a modal page', async () => {
    renderAt(paths.onboarding.taxAssessment.getHref(), signedInSeller());
    await heading('Tax assessment');
    expect(screen.getByRole('dialog', { name: 'Tax assessment' })).toBeTruthy();
  });

  it.each([
    ['/admin', 'Administration'],
    // The page's title names the tenant; this fake API answers nothing, so it names the id it was asked about.
    ['/admin/white-label/tenant-7', 'White label: tenant-7'],
    ['/admin/subscriptions', 'Subscriptions'],
    ['/admin/coming-soon', 'Planned administration features'],
    ['/admin/tenants', 'Tenants'],
    ['/admin/companies', 'Companies'],
    ['/admin/users', 'Users'],
    ['/admin/uploads', 'Uploads and jobs'],
    ['/admin/filings', 'Filings due'],
    ['/admin/client-errors', 'Client errors'],
    ['/admin/audit-log', 'Audit log'],
  ])('admin route %s shows "%s" to an admin', async (path, title) => {
    renderAt(path, signedInSeller({ user: buildUser({ isAdmin: true }) }));
    expect(await heading(title)).toBeTruthy();
  });

  it('builds hrefs from the registry', () => {
    expect(paths.admin.whiteLabel.getHref('tenant 7')).toBe('/admin/white-label/tenant%207');
    expect(paths.dashboard.getPaymentSuccessHref()).toBe('/dashboard?payment=success');
  });
});

describe('support, terms and privacy', () => {
  it.each([
    ['/support', 'Support'],
    ['/terms', 'Terms of use'],
    ['/privacy', 'Privacy'],
  ])('%s shows "%s" to someone not signed in, without sending them to /login', async (path, title) => {
    const { location } = renderAt(path, { isLoading: false, isAuthenticated: false });
    expect(await heading(title)).toBeTruthy();
    expect(location()).toBe(path);
    expect(screen.getByRole('link', { name: 'Back to the app' }).getAttribute('href')).toBe('/');
  });
});

describe('redirects', () => {
  it.each([
    ['/account-welcome', '/onboarding/welcome'],
    ['/setup', '/onboarding/business-profile'],
    ['/setup/business-profile', '/onboarding/business-profile'],
    ['/setup/jurisdiction-info', '/onboarding/jurisdiction-info'],
    ['/setup/documents', '/onboarding/documents'],
    ['/setup/signing', '/onboarding/signing'],
    ['/setup/integrations', '/onboarding/integrations'],
    ['/payment/success', '/dashboard?payment=success'],
  ])('%s → %s', async (from, to) => {
    const { location } = renderAt(from, signedInSeller());
    await waitFor(() => expect(location()).toBe(to));
    expect(redirects.some((redirect) => redirect.from === from && redirect.to === to)).toBe(true);
  });
});

describe('guards', () => {
  it('shows "Initializing authentication..." while auth initialises', async () => {
    renderAt('/dashboard', { isLoading: true });
    expect((await screen.findByRole('status')).textContent).toBe('Initializing authentication...');
  });

  it('sends an anonymous user to /login', async () => {
    const { location } = renderAt('/settings', { isLoading: false });
    expect(await heading('Welcome Back')).toBeTruthy();
    expect(location()).toBe('/login');
  });

  it('sends a signed-in user away from /login to /dashboard', async () => {
    const { location } = renderAt('/login', signedInSeller());
    await heading('Dashboard');
    expect(location()).toBe('/dashboard');
  });

  it('sends a user without companies to /onboarding/welcome', async () => {
    const { location } = renderAt(
      '/dashboard',
      signedInSeller({
        user: buildUser({ companies: [], selectedCompanyId: null, selectedCompany: null }),
        selectedCompanyId: null,
        selectedCompanyDetails: null,
      }),
    );
    await heading('Welcome');
    expect(location()).toBe('/onboarding/welcome');
  });

  it('sends a company with placeholders and no subscription to its next onboarding step', async () => {
    const company = buildCompanySummary({ subscriptionCountryCodes: [], subscriptionCountries: [] });
    const { location } = renderAt(
      '/analytics',
      signedInSeller({
        user: buildUser({ companies: [company], selectedCompany: company }),
        selectedCompanyDetails: buildCompanyDetails({ city: 'TBD', zipCode: '00000' }),
      }),
    );
    await heading('Business type');
    expect(location()).toBe('/onboarding/business-type');
  });

  it('lets the local skip flag through to the dashboard once, and removes it there (spec §2)', async () => {
    const company = buildCompanySummary({ subscriptionCountryCodes: [], subscriptionCountries: [] });
    const incomplete = () =>
      signedInSeller({
        user: buildUser({ companies: [company], selectedCompany: company }),
        selectedCompanyDetails: buildCompanyDetails({ city: 'TBD', zipCode: '00000' }),
      });
    localStorage.setItem('skipPaymentOverlay', 'true');
    const first = renderAt('/dashboard', incomplete());
    await heading('Dashboard');
    expect(first.location()).toBe('/dashboard');
    await waitFor(() => expect(localStorage.getItem('skipPaymentOverlay')).toBeNull());
    cleanup();

    // Spent: the next visit is judged by the next onboarding step again.
    const second = renderAt('/dashboard', incomplete());
    await heading('Business type');
    expect(second.location()).toBe('/onboarding/business-type');
  });

  it('shows "Access Denied" with Go Back to a non-admin', async () => {
    renderAt('/admin', signedInSeller());
    expect(await heading('Access Denied')).toBeTruthy();
    expect(
      screen.getByText(
        "You don't have permission to access this admin area. Please contact your administrator if you believe this is an error.",
      ),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Go Back' })).toBeTruthy();
  });

  it('shows the connection error screen with Try Again', async () => {
    const reload = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, reload });
    renderAt('/dashboard', {
      isLoading: false,
      error: { key: 'errors.tokenExchangeFailed', values: { status: 502, statusText: 'Bad Gateway' } },
      errorKind: 'connection',
    });
    expect(await heading('Authentication Connection Failed')).toBeTruthy();
    expect(screen.getByText('Token exchange failed: 502 Bad Gateway')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(reload).toHaveBeenCalledTimes(1);
    vi.restoreAllMocks();
  });

  it('shows the signed-in user e-mail and a Sign out button in the shell', async () => {
    renderAt('/dashboard', signedInSeller());
    await heading('Dashboard');
    expect(screen.getByText('seller@vatlas.test')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /User menu/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(services.signOut).toHaveBeenCalledTimes(1);
  });
});

describe('spec §2 loading and error screens', () => {
  it.each([
    ['loading.initializingAuthentication', 'Initializing authentication...'],
    ['loading.redirectingToSignIn', 'Redirecting to sign in...'],
    ['loading.loadingTaxDashboard', 'Loading your tax dashboard...'],
    ['loading.loadingBusinessDetails', 'Loading business details...'],
    ['loading.preparingDashboard', 'Preparing your dashboard...'],
    ['loading.initializingUserSession', 'Initializing user session...'],
    ['loading.loadingUserData', 'Loading user data...'],
  ])('the guard shows %s as "%s"', async (key, text) => {
    renderAt('/dashboard', { isLoading: true, loadingMessage: { key } });
    expect((await screen.findByRole('status')).textContent).toBe(text);
  });

  it.each([
    ['sign-in', 'errors.authFailed', 'Sign In Failed', 'Authentication failed. Please try again.'],
    [
      'company',
      'errors.companyDetailsTimeout',
      'Connection Issue',
      'Connection timed out after 60 seconds. Please check your internet connection and try again.',
    ],
    [
      'company',
      'errors.companyAccessDenied',
      'Connection Issue',
      'Company access denied. Please select a valid company from your available companies.',
    ],
    ['company', 'errors.companyDetailsFailed', 'Connection Issue', 'Failed to load company details'],
    [
      'connection',
      'errors.authServiceUnreachable',
      'Authentication Connection Failed',
      'Authentication service is unreachable. Please check your internet connection and try again.',
    ],
  ] as const)('errorKind %s with %s shows "%s" and Try Again reloads', async (errorKind, key, title, text) => {
    const reload = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, reload });
    renderAt('/dashboard', { isLoading: false, error: { key }, errorKind });
    expect(await heading(title)).toBeTruthy();
    expect(screen.getByText(text)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(reload).toHaveBeenCalledTimes(1);
    vi.restoreAllMocks();
  });
});

describe('company and tenant switchers in the app shell', () => {
  const admin = buildUser({
    isAdmin: true,
    companies: [
      buildCompanySummary({ id: 'company-1', legalNameOfBusiness: 'Nordlicht Trading GmbH' }),
      buildCompanySummary({ id: 'company-2', legalNameOfBusiness: 'Alpenrand Handels GmbH' }),
    ],
    tenants: [buildTenantSummary(), buildTenantSummary({ id: 'tenant-2', slug: 'partner', name: 'Partner' })],
  });

  it('lists the companies, switches on choice, and passes axe-core', async () => {
    const { container } = { container: document.body };
    renderAt('/dashboard', signedInSeller({ user: admin }));
    await heading('Dashboard');
    const company = screen.getByRole('combobox', { name: 'Company' }) as HTMLSelectElement;
    expect(company.value).toBe('company-1');
    expect([...company.options].map((option) => option.text)).toEqual([
      'Nordlicht Trading GmbH',
      'Alpenrand Handels GmbH',
    ]);
    fireEvent.change(company, { target: { value: 'company-2' } });
    expect(services.switchCompany).toHaveBeenCalledWith('company-2');

    const tenant = screen.getByRole('combobox', { name: 'Workspace' }) as HTMLSelectElement;
    fireEvent.change(tenant, { target: { value: 'tenant-2' } });
    expect(services.switchTenant).toHaveBeenCalledWith('tenant-2');

    // jsdom cannot compute colours; contrast is checked in the browser (e2e). Everything else runs here.
    const results = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
    expect(results.violations.map((violation) => violation.id)).toEqual([]);
  });

  it('hides the switchers when there is nothing to switch to', async () => {
    renderAt('/dashboard', signedInSeller());
    await heading('Dashboard');
    // The dashboard's own year selector is a combobox too; the switchers are the ones named Company and Workspace.
    expect(screen.queryByRole('combobox', { name: 'Company' })).toBeNull();
    expect(screen.queryByRole('combobox', { name: 'Workspace' })).toBeNull();
  });

  it('speaks German', async () => {
    await i18n.changeLanguage('de');
    renderAt('/dashboard', signedInSeller({ user: { ...admin, language: 'de' } }));
    expect(await screen.findByRole('combobox', { name: 'Unternehmen' })).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Arbeitsbereich' })).toBeTruthy();
    await i18n.changeLanguage('en');
  });
});
