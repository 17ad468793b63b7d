import { QueryClient } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { OnboardingResponse } from '@vatlas/contract';
import axe from 'axe-core';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProvider } from '../../../app/provider';
import { getInitialAuthState, useAuthStore } from '../../../lib/auth/auth-store';
import { fakeAuthServices } from '../../../test/auth-services';
import { createTestI18n } from '../../../test/test-i18n';
import { validateAddress } from '../pages/business-address-page';
import { validateBusinessType } from '../pages/business-type-page';
import { OnboardingLayout } from './onboarding-layout';

const onboarding: OnboardingResponse = {
  companyId: 'company-1',
  steps: [
    {
      id: 'account-creation',
      title: '',
      description: '',
      order: 1,
      status: 'completed',
      route: '',
      isRequired: true,
      estimatedTime: 3,
    },
    {
      id: 'tax-assessment',
      title: '',
      description: '',
      order: 2,
      status: 'completed',
      route: '',
      isRequired: true,
      estimatedTime: 10,
    },
    {
      id: 'business-details',
      title: '',
      description: '',
      order: 3,
      status: 'active',
      route: '',
      isRequired: true,
      estimatedTime: 5,
    },
    {
      id: 'jurisdictions',
      title: '',
      description: '',
      order: 4,
      status: 'pending',
      route: '',
      isRequired: true,
      estimatedTime: 7,
    },
    {
      id: 'document-center',
      title: '',
      description: '',
      order: 5,
      status: 'pending',
      route: '',
      isRequired: true,
      estimatedTime: 8,
    },
  ],
  progress: { completedSteps: 2, totalSteps: 5, completionPercentage: 40 },
  estimatedMinutesLeft: 20,
  nextPath: '/onboarding/business-type',
  isComplete: false,
  termsAndConditionsAccepted: false,
  termsAcceptedAt: null,
  businessType: { legalNameOfBusiness: 'Neu GmbH', establishmentCountryCode: null, companyType: null, legalForm: null },
  address: { street: null, houseNumber: null, zipCode: null, city: null, state: null },
  productType: { productTypes: [], salesChannels: [], marketplaces: [] },
};

function renderLayout(language: 'en' | 'de', props: Partial<Parameters<typeof OnboardingLayout>[0]> = {}) {
  useAuthStore.setState({
    ...getInitialAuthState(),
    isLoading: false,
    isAuthenticated: true,
    selectedCompanyId: 'company-1',
  });
  const services = fakeAuthServices(vi.fn(async () => onboarding));
  const onSubmit = vi.fn((event: { preventDefault: () => void }) => event.preventDefault());
  const router = createMemoryRouter(
    [
      {
        path: '/onboarding/business-address',
        element: (
          <OnboardingLayout path="/onboarding/business-address" title="Address" formId="f" {...props}>
            <form id="f" onSubmit={onSubmit}>
              <label htmlFor="x">X</label>
              <input id="x" />
            </form>
          </OnboardingLayout>
        ),
      },
      { path: '*', element: <p>elsewhere</p> },
    ],
    { initialEntries: ['/onboarding/business-address'] },
  );
  render(
    <AppProvider i18n={createTestI18n(language)} services={services} queryClient={new QueryClient()}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { router, onSubmit };
}

afterEach(cleanup);

describe('OnboardingLayout', () => {
  it('shows step n of 5, the minutes left, the progress and the step list from the server', async () => {
    renderLayout('en');
    expect(await screen.findByText('About 20 minutes left')).toBeTruthy();
    expect(screen.getByText('Step 3 of 5')).toBeTruthy();
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('40');
    const current = screen.getByRole('listitem', { current: 'step' });
    expect(current.textContent).toContain('Business details');
    expect(current.textContent).toContain('Current');
  });

  it('submits the page form with Next and goes back with Back', async () => {
    const { router, onSubmit } = renderLayout('en');
    await screen.findByText('About 20 minutes left');
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/onboarding/business-type'));
  });

  it('disables both buttons and says "Saving…" while saving, in German too', async () => {
    renderLayout('de', { isSaving: true });
    await screen.findByText('Noch etwa 20 Minuten');
    const next = screen.getByRole('button', { name: 'Wird gespeichert…' });
    expect((next as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Zurück' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('lists errors linked to their fields and has no axe violations', async () => {
    renderLayout('en', { errors: [{ fieldId: 'x', message: 'Enter X.' }] });
    await screen.findByText('About 20 minutes left');
    expect(screen.getByRole('alert').textContent).toContain('Enter X.');
    fireEvent.click(screen.getByRole('link', { name: 'Enter X.' }));
    expect(document.activeElement?.id).toBe('x');
    const results = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } });
    expect(results.violations.map((violation) => violation.id)).toEqual([]);
  });
});

describe('form validation', () => {
  const good = {
    legalNameOfBusiness: 'Nordlicht GmbH',
    countryChoice: 'DE',
    otherCountryCode: '',
    companyType: 'corporation',
    legalForm: 'gmbh',
    termsAndConditionsAccepted: true,
  };
  it.each([
    [{}, []],
    [{ legalNameOfBusiness: '  ' }, ['legalNameOfBusiness']],
    [{ countryChoice: '' }, ['establishmentCountryCode']],
    [{ countryChoice: 'other', otherCountryCode: 'US', legalForm: 'limited-company' }, []],
    [{ countryChoice: 'FR' }, ['legalForm']],
    [{ companyType: 'sole-trader' }, ['legalForm']],
    [{ termsAndConditionsAccepted: false }, ['termsAndConditionsAccepted']],
  ])('business type %o → errors on %o', (change, fields) => {
    expect(Object.keys(validateBusinessType({ ...good, ...change })).sort()).toEqual([...fields].sort());
  });

  it.each([
    ['DE', '10115', []],
    ['DE', '1011', ['zipCode']],
    ['DE', '00000', ['zipCode']],
    ['GB', 'SW1A 1AA', []],
    ['NL', '1012', ['zipCode']],
    [null, '12', []],
  ])('address in %s with postcode %s → errors on %o', (country, zipCode, fields) => {
    const values = { street: 'Hauptstr.', houseNumber: '1', zipCode, city: 'Berlin', state: '' };
    expect(Object.keys(validateAddress(values, country))).toEqual(fields);
  });
});
