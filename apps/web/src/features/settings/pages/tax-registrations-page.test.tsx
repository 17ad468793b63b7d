import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { apiPaths, type JurisdictionRegistrationDto } from '@vatlas/contract';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AuthServicesProvider } from '../../../lib/auth/auth-services';
import { getInitialAuthState, useAuthStore } from '../../../lib/auth/auth-store';
import type { SupportedLanguage } from '../../../lib/i18n/i18n';
import { fakeAuthServices } from '../../../test/auth-services';
import { createTestI18n } from '../../../test/test-i18n';
import { TaxRegistrationsPage } from './tax-registrations-page';

const COMPANY = 'company-1';

const registration = (overrides: Partial<JurisdictionRegistrationDto>): JurisdictionRegistrationDto => ({
  countryCode: 'GB',
  registrationStatus: 'registered',
  vatNumber: 'GB727255821',
  filingFrequency: 'quarterly',
  filingFrequencyFrom: null,
  previousFilingFrequency: null,
  registeredFrom: null,
  registeredUntil: null,
  hasDeadlineExtension: false,
  deadlineExtension: null,
  vatStagger: null,
  vatStaggers: [1, 2, 3],
  defaultFrequency: 'quarterly',
  frequencies: ['quarterly', 'monthly', 'annual'],
  vatNumberExample: 'GB123456789',
  updatedAt: '2026-11-01T10:00:00.000Z',
  ...overrides,
});

const BRITISH = registration({});
const FRENCH = registration({
  countryCode: 'FR',
  vatNumber: 'FR40303265045',
  filingFrequency: 'monthly',
  vatStaggers: [],
  defaultFrequency: 'monthly',
  frequencies: ['monthly', 'quarterly'],
  vatNumberExample: 'FR12345678901',
});

function renderPage(language: SupportedLanguage = 'en') {
  const puts: { path: string; body: unknown }[] = [];
  const request = vi.fn(
    async (path: string, options: { method?: string; body?: unknown; schema?: { parse: (v: unknown) => unknown } }) => {
      let answer: unknown;
      if (options.method === 'PUT') {
        puts.push({ path, body: options.body });
        answer = { ...BRITISH, vatStagger: (options.body as { vatStagger: number | null }).vatStagger };
      } else if (path === apiPaths.taxRegistrations(COMPANY)) {
        answer = { jurisdictions: [BRITISH, FRENCH], missingRegistrations: [] };
      } else if (path === apiPaths.taxSchemes(COMPANY)) {
        answer = { oss: null, ioss: null };
      }
      return options.schema ? options.schema.parse(answer) : answer;
    },
  );
  render(
    <I18nextProvider i18n={createTestI18n(language)}>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <AuthServicesProvider value={fakeAuthServices(request)}>
          <MemoryRouter>
            <TaxRegistrationsPage />
          </MemoryRouter>
        </AuthServicesProvider>
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return puts;
}

beforeEach(() => {
  useAuthStore.setState({ ...getInitialAuthState(), isLoading: false, selectedCompanyId: COMPANY });
});
afterEach(cleanup);

describe('the VAT stagger of a UK registration (decision 047)', () => {
  it('asks for it only where the country assigns staggers, naming the months each ends its quarters in', async () => {
    renderPage();
    const british = await screen.findByRole('form', { name: 'United Kingdom (GB)' });
    const stagger = within(british).getByLabelText('VAT stagger') as HTMLSelectElement;
    expect([...stagger.options].map((option) => option.text)).toEqual([
      'Not set: calendar quarters (stagger 1)',
      'Stagger 1: quarters to Mar, Jun, Sept and Dec',
      'Stagger 2: quarters to Apr, Jul, Oct and Jan',
      'Stagger 3: quarters to May, Aug, Nov and Feb',
    ]);
    expect(within(screen.getByRole('form', { name: 'France (FR)' })).queryByLabelText('VAT stagger')).toBeNull();
  });

  it('saves the chosen stagger with the registration, and none for a country without', async () => {
    const puts = renderPage();
    const british = await screen.findByRole('form', { name: 'United Kingdom (GB)' });
    fireEvent.change(within(british).getByLabelText('VAT stagger'), { target: { value: '2' } });
    fireEvent.click(within(british).getByRole('button', { name: 'Save United Kingdom' }));
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]).toMatchObject({ path: apiPaths.taxRegistration(COMPANY, 'GB'), body: { vatStagger: 2 } });
    const french = screen.getByRole('form', { name: 'France (FR)' });
    fireEvent.click(within(french).getByRole('button', { name: 'Save France' }));
    await waitFor(() => expect(puts).toHaveLength(2));
    expect(puts[1]?.body).not.toHaveProperty('vatStagger');
  });

  it('says it in German', async () => {
    renderPage('de');
    const british = await screen.findByRole('form', { name: 'Vereinigtes Königreich (GB)' });
    const stagger = within(british).getByLabelText('VAT-Stagger') as HTMLSelectElement;
    expect(stagger.options[3]?.text).toBe('Stagger 3: Quartale bis Mai, Aug, Nov und Feb');
  });
});
