import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { apiPaths, onboardingResponseSchema } from '@vatlas/contract';
import { DEFAULT_ONBOARDING_STEPS } from '@vatlas/domain';
import axe from 'axe-core';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProvider, createQueryClient } from '../../../app/provider';
import { paths } from '../../../config/paths';
import type { AuthServices } from '../../../lib/auth/auth-services';
import { getInitialAuthState, useAuthStore } from '../../../lib/auth/auth-store';
import type { RequestOptions } from '../../../lib/http/http-client';
import { fakeAuthServices } from '../../../test/auth-services';
import { createTestI18n } from '../../../test/test-i18n';
import { BusinessAddressPage } from './business-address-page';

const COMPANY_ID = 'company-1';
const PATH = paths.onboarding.businessAddress.path;
const ONBOARDING = onboardingResponseSchema.parse({
  companyId: COMPANY_ID,
  steps: DEFAULT_ONBOARDING_STEPS.map((step) => ({ ...step, title: step.id, description: step.id })),
  progress: { completedSteps: 1, totalSteps: 5, completionPercentage: 20 },
  estimatedMinutesLeft: 25,
  nextPath: PATH,
  isComplete: false,
  termsAndConditionsAccepted: true,
  termsAcceptedAt: null,
  businessType: {
    legalNameOfBusiness: 'Example Trading GmbH',
    establishmentCountryCode: 'DE',
    companyType: 'corporation',
    legalForm: 'gmbh',
  },
  address: { street: null, houseNumber: null, zipCode: null, city: null, state: null },
  productType: { productTypes: [], salesChannels: [], marketplaces: [] },
});
const SUGGESTIONS = {
  suggestions: [
    { placeId: 'place-berlin', text: 'Friedrichstraße 123, Berlin, Germany' },
    { placeId: 'place-hamburg', text: 'Friedrichstraße, Hamburg, Germany' },
  ],
};
const BERLIN = {
  street: 'Friedrichstraße',
  houseNumber: '123',
  zipCode: '10117',
  city: 'Berlin',
  state: 'Berlin',
  countryCode: 'DE',
};

/** /config.json as the server sends it, through a fake fetch: the page reads the Places flag from there. */
function stubConfigFetch(hasAddressSuggestions: boolean) {
  const config = {
    environment: 'test',
    auth: {
      provider: 'embedded',
      authority: 'http://localhost/idp',
      clientId: 'vatlas-web',
      scope: 'openid',
      redirectPath: '/login',
      postLogoutRedirectPath: '/login',
      extraQueryParams: {},
    },
    features: { useB2CAuth: false, questionnaireV2: true, addressSuggestions: hasAddressSuggestions },
  };
  const fetchFn = vi.fn(async (input: RequestInfo | URL) => {
    if (String(input) !== apiPaths.clientConfig) throw new Error(`unexpected fetch ${String(input)}`);
    return new Response(JSON.stringify(config), { headers: { 'content-type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchFn);
  return fetchFn;
}

/** The API as the page sees it; every request is recorded so the test can tell which were made. */
function createServices() {
  const request = vi.fn(async (path: string, options: RequestOptions<unknown> = {}) => {
    if ((options.method ?? 'GET') !== 'GET') throw new Error(`unexpected ${options.method} ${path}`);
    if (path === apiPaths.onboarding(COMPANY_ID)) return ONBOARDING;
    if (path.startsWith(`/api/v1/Company/${COMPANY_ID}/AddressSuggestions?`)) return SUGGESTIONS;
    if (path.startsWith(`/api/v1/Company/${COMPANY_ID}/AddressSuggestions/place-berlin`)) return BERLIN;
    throw new Error(`unexpected GET ${path}`);
  });
  const services = fakeAuthServices(request);
  const suggestionCalls = () =>
    request.mock.calls.map(([path]) => path).filter((path) => path.includes('/AddressSuggestions'));
  return { services, request, suggestionCalls };
}

function renderPage(services: AuthServices) {
  useAuthStore.setState({ ...getInitialAuthState(), selectedCompanyId: COMPANY_ID, isAuthenticated: true });
  const router = createMemoryRouter([{ path: PATH, element: <BusinessAddressPage /> }], { initialEntries: [PATH] });
  render(
    <AppProvider i18n={createTestI18n('en')} services={services} queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
}

const value = (label: string) => (screen.getByLabelText(label) as HTMLInputElement).value;
const key = (element: HTMLElement, name: string) => fireEvent.keyDown(element, { key: name });

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('business address page, address suggestions', () => {
  it('is the plain street field, asking nothing of Places, when the server has no maps key', async () => {
    const fetchFn = stubConfigFetch(false);
    const { services, suggestionCalls } = createServices();
    renderPage(services);
    const street = await screen.findByLabelText('Street');
    await waitFor(() => expect(fetchFn).toHaveBeenCalled());
    fireEvent.change(street, { target: { value: 'Friedrichstr' } });
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(screen.queryByRole('combobox')).toBeNull();
    expect(screen.queryByRole('listbox', { hidden: true })).toBeNull();
    expect(street.getAttribute('autocomplete')).toBe('address-line1');
    expect(suggestionCalls()).toEqual([]);
  });

  it('asks only from 3 characters on, once the typing pauses', async () => {
    stubConfigFetch(true);
    const { services, suggestionCalls } = createServices();
    renderPage(services);
    const street = await screen.findByRole('combobox', { name: 'Street' });
    fireEvent.change(street, { target: { value: 'Fr' } });
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(suggestionCalls()).toEqual([]);
    fireEvent.change(street, { target: { value: 'Fri' } });
    await new Promise((resolve) => setTimeout(resolve, 100));
    fireEvent.change(street, { target: { value: 'Frie' } });
    await screen.findByRole('option', { name: 'Friedrichstraße 123, Berlin, Germany' });
    // One request for the text after the pause, none for the keystroke in between.
    expect(suggestionCalls()).toHaveLength(1);
    expect(suggestionCalls()[0]).toContain('query=Frie&country=DE&language=en');
  });

  it('moves with Up and Down, closes with Escape and fills the address with Enter, without submitting', async () => {
    stubConfigFetch(true);
    const { services, request, suggestionCalls } = createServices();
    renderPage(services);
    const street = await screen.findByRole('combobox', { name: 'Street' });
    expect(street.getAttribute('aria-expanded')).toBe('false');
    fireEvent.change(street, { target: { value: 'Friedrichstr' } });
    const listbox = await screen.findByRole('listbox', { name: 'Address suggestions' });
    expect(street.getAttribute('aria-expanded')).toBe('true');
    expect(street.getAttribute('aria-controls')).toBe(listbox.id);
    expect(street.hasAttribute('aria-activedescendant')).toBe(false);
    await screen.findByText('2 address suggestions. Use Up and Down to choose, Enter to take it.');

    const [berlin, hamburg] = screen.getAllByRole('option');
    key(street, 'ArrowDown');
    expect(street.getAttribute('aria-activedescendant')).toBe(berlin?.id);
    expect(berlin?.getAttribute('aria-selected')).toBe('true');
    key(street, 'ArrowDown');
    expect(street.getAttribute('aria-activedescendant')).toBe(hamburg?.id);
    key(street, 'ArrowDown');
    expect(street.getAttribute('aria-activedescendant')).toBe(berlin?.id);
    key(street, 'ArrowUp');
    expect(street.getAttribute('aria-activedescendant')).toBe(hamburg?.id);

    key(street, 'Escape');
    expect(street.getAttribute('aria-expanded')).toBe('false');
    expect(street.hasAttribute('aria-activedescendant')).toBe(false);
    expect(value('Street')).toBe('Friedrichstr');

    key(street, 'ArrowDown');
    await waitFor(() => expect(street.getAttribute('aria-expanded')).toBe('true'));
    key(street, 'ArrowDown');
    expect(street.getAttribute('aria-activedescendant')).toBe(screen.getAllByRole('option')[0]?.id);
    const results = await axe.run(document.body, { rules: { region: { enabled: false } } });
    expect(results.violations.map((violation) => violation.id)).toEqual([]);

    // Enter takes the suggestion; its default (submitting the form) is prevented.
    expect(fireEvent.keyDown(street, { key: 'Enter' })).toBe(false);
    await waitFor(() => expect(value('Postcode')).toBe('10117'));
    expect(value('Street')).toBe('Friedrichstraße');
    expect(value('House number (optional)')).toBe('123');
    expect(value('City')).toBe('Berlin');
    expect(value('State or region (optional)')).toBe('Berlin');
    expect(street.getAttribute('aria-expanded')).toBe('false');
    await screen.findByText('Address filled in from the suggestion. Check it and change anything that is wrong.');
    // The details came for the chosen place, in the same billing session as the suggestions.
    const sessionOf = (path: string | undefined) => new URL(path ?? '', 'http://x').searchParams.get('sessionToken');
    const detailsCall = suggestionCalls().find((path) => path.includes('/AddressSuggestions/place-berlin'));
    expect(sessionOf(detailsCall)).toBe(sessionOf(suggestionCalls()[0]));
    expect(request.mock.calls.some(([, options]) => options?.method === 'PUT')).toBe(false);

    // Everything stays editable, and the filled street does not open the list again by itself.
    fireEvent.change(screen.getByLabelText('House number (optional)'), { target: { value: '124' } });
    expect(value('House number (optional)')).toBe('124');
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(street.getAttribute('aria-expanded')).toBe('false');
  });
});
