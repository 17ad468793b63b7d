import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { apiPaths, type CompanySubscriptions } from '@vatlas/contract';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AuthServicesProvider } from '../../lib/auth/auth-services';
import { getInitialAuthState, useAuthStore } from '../../lib/auth/auth-store';
import { HttpError } from '../../lib/http/http-error';
import { fakeAuthServices } from '../../test/auth-services';
import { createTestI18n } from '../../test/test-i18n';
import { SubscriptionPage } from './subscription-page';

const COMPANY = 'company-1';

function subscriptions(overrides: Partial<CompanySubscriptions> = {}): CompanySubscriptions {
  return {
    companyId: COMPANY,
    paymentProvider: 'stripe',
    subscriptions: [
      {
        countryCode: 'DE',
        status: 'active',
        provider: 'stripe',
        activatedAt: '2026-10-01T08:00:00.000Z',
        cancelledAt: null,
        updatedAt: '2026-10-01T08:00:00.000Z',
      },
    ],
    subscriptionCountryCodes: ['DE'],
    availableCountries: [
      { countryCode: 'FR', isJurisdiction: true, canCheckout: true },
      { countryCode: 'AT', isJurisdiction: false, canCheckout: true },
      { countryCode: 'IT', isJurisdiction: false, canCheckout: false },
    ],
    ...overrides,
  };
}

function renderPage(answer: CompanySubscriptions, checkout: () => Promise<unknown>) {
  const request = vi.fn(
    async (path: string, options: { method?: string; schema: { parse: (v: unknown) => unknown } }) => {
      if (path === apiPaths.paymentSubscriptions(COMPANY)) return options.schema.parse(answer);
      if (path === apiPaths.paymentCheckout(COMPANY) && options.method === 'POST') return checkout();
      throw new Error(`unexpected ${path}`);
    },
  );
  const services = fakeAuthServices(request);
  const router = createMemoryRouter(
    [{ path: '/settings/subscription', element: <SubscriptionPage titleKey="payment.subscription.title" /> }],
    { initialEntries: ['/settings/subscription'] },
  );
  render(
    <I18nextProvider i18n={createTestI18n('en')}>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <AuthServicesProvider value={services}>
          <RouterProvider router={router} />
        </AuthServicesProvider>
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return { request };
}

let assign: ReturnType<typeof vi.fn>;
beforeEach(() => {
  useAuthStore.setState({ ...getInitialAuthState(), isLoading: false, selectedCompanyId: COMPANY });
  assign = vi.fn();
  vi.stubGlobal('location', { ...window.location, assign });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the subscription page with Stripe', () => {
  it('lists the subscriptions, offers the jurisdictions first, and sends the chosen countries to checkout', async () => {
    const { request } = renderPage(subscriptions(), async () => ({
      checkoutUrl: 'https://checkout.stripe.test/c/pay/cs_1',
      sessionId: 'cs_1',
    }));
    const table = await screen.findByRole('table', { name: 'Subscriptions per country' });
    expect(within(table).getByRole('row', { name: /Germany/ }).textContent).toContain('Active');

    const jurisdictions = screen.getByRole('group', { name: 'Your jurisdictions' });
    expect(within(jurisdictions).getByRole('checkbox', { name: /France/ })).toBeTruthy();
    const italy = screen.getByRole('checkbox', { name: /Italy/ }) as HTMLInputElement;
    expect(italy.disabled).toBe(true);
    expect(screen.getByText('(not available online)')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Choose at least one country.');
    expect(request).toHaveBeenCalledTimes(1);

    fireEvent.click(screen.getByRole('checkbox', { name: /Austria/ }));
    fireEvent.click(screen.getByRole('checkbox', { name: /France/ }));
    expect(screen.getByText('2 countries selected')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Subscribe' }));

    expect(await screen.findByText('Opening Stripe’s secure checkout…')).toBeTruthy();
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('https://checkout.stripe.test/c/pay/cs_1'));
    const checkoutCall = request.mock.calls.find(([path]) => path === apiPaths.paymentCheckout(COMPANY));
    // In the API's order (jurisdictions first), not the order of the clicks.
    expect(checkoutCall?.[1]).toMatchObject({ method: 'POST', body: { countryCodes: ['FR', 'AT'] } });
    expect((screen.getByRole('button', { name: 'Subscribe' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('says what went wrong when the checkout cannot start, and stays on the page', async () => {
    renderPage(subscriptions(), async () => {
      throw new HttpError({
        kind: 'http',
        status: 502,
        code: 'stripe_unavailable',
        // The API's English text is for logs; the page says it from the code, in the UI language.
        message: 'upstream checkout failure',
      });
    });
    fireEvent.click(await screen.findByRole('checkbox', { name: /France/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The checkout could not be started: Stripe could not start the checkout. Please try again later.',
    );
    expect(assign).not.toHaveBeenCalled();
    expect((screen.getByRole('button', { name: 'Subscribe' }) as HTMLButtonElement).disabled).toBe(false);
  });
});

describe('the subscription page without a payment provider', () => {
  it('explains that an administrator activates subscriptions and offers no checkout', async () => {
    renderPage(
      subscriptions({
        paymentProvider: 'manual',
        subscriptions: [],
        subscriptionCountryCodes: [],
        availableCountries: [
          { countryCode: 'FR', isJurisdiction: true, canCheckout: false },
          { countryCode: 'DE', isJurisdiction: true, canCheckout: false },
          { countryCode: 'AT', isJurisdiction: false, canCheckout: false },
        ],
      }),
      async () => {
        throw new Error('no checkout in manual mode');
      },
    );
    expect(await screen.findByRole('heading', { name: 'Payments are handled by an administrator' })).toBeTruthy();
    expect(screen.getByText('No subscriptions yet')).toBeTruthy();
    expect(screen.getByText('Your jurisdictions without a subscription: France and Germany.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Contact support' }).getAttribute('href')).toBe('/support');
    expect(screen.queryByRole('button', { name: 'Subscribe' })).toBeNull();
  });
});
