import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import {
  apiPaths,
  EDIT_CONFLICT,
  type JurisdictionRegistrationDto,
  type TaxSchemes,
  type TaxSchemesResponse,
  type UpdateJurisdictionRegistrationBody,
} from '@vatlas/contract';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AuthServicesProvider } from '../../../lib/auth/auth-services';
import { getInitialAuthState, useAuthStore } from '../../../lib/auth/auth-store';
import { HttpError } from '../../../lib/http/http-error';
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
  revision: '7',
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

/** What the fake server stores; a test changes it to play a save made elsewhere. */
type Stored = { registrations: Record<string, JurisdictionRegistrationDto>; schemes: TaxSchemesResponse };

const nextRevision = (revision: string) => String(Number(revision) + 1);

/** The server's answer to a save sent with another revision than the stored one (decision 052). */
function refuseStale(sent: unknown, stored: string): void {
  if (sent === undefined || sent === stored) return;
  throw new HttpError({ kind: 'http', status: 409, code: EDIT_CONFLICT, message: 'It was changed since.' });
}

function renderPage(
  language: SupportedLanguage = 'en',
  stored: Stored = { registrations: { GB: BRITISH, FR: FRENCH }, schemes: { oss: null, ioss: null, revision: '' } },
) {
  const puts: { path: string; body: unknown }[] = [];
  const request = vi.fn(
    async (path: string, options: { method?: string; body?: unknown; schema?: { parse: (v: unknown) => unknown } }) => {
      let answer: unknown;
      if (options.method === 'PUT' && path === apiPaths.taxSchemes(COMPANY)) {
        puts.push({ path, body: options.body });
        const { revision, ...schemes } = options.body as TaxSchemes;
        refuseStale(revision, stored.schemes.revision);
        stored.schemes = answer = { ...schemes, revision: nextRevision(stored.schemes.revision || '0') };
      } else if (options.method === 'PUT') {
        puts.push({ path, body: options.body });
        const body = options.body as UpdateJurisdictionRegistrationBody;
        const current = stored.registrations[path.slice(-2)] as JurisdictionRegistrationDto;
        refuseStale(body.revision, current.revision);
        answer = {
          ...current,
          vatNumber: body.vatNumber,
          vatStagger: body.vatStagger === undefined ? current.vatStagger : body.vatStagger,
          revision: nextRevision(current.revision),
        };
        stored.registrations[current.countryCode] = answer as JurisdictionRegistrationDto;
      } else if (path === apiPaths.taxRegistrations(COMPANY)) {
        answer = { jurisdictions: Object.values(stored.registrations), missingRegistrations: [] };
      } else if (path === apiPaths.taxSchemes(COMPANY)) {
        answer = stored.schemes;
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

describe('a registration changed elsewhere after the form was filled (decision 052)', () => {
  const CONFLICT =
    'This was changed elsewhere (in another tab or by someone else) after you opened it, so your changes were not ' +
    'saved. Load what is saved now, then make your changes again.';

  it('sends the revision the form was filled from, then the one its save answered', async () => {
    const puts = renderPage();
    const british = await screen.findByRole('form', { name: 'United Kingdom (GB)' });
    const save = within(british).getByRole('button', { name: 'Save United Kingdom' });
    fireEvent.click(save);
    await within(british).findByText('United Kingdom saved; liabilities and filings are up to date.');
    fireEvent.click(save);
    await waitFor(() => expect(puts).toHaveLength(2));
    expect(puts.map((put) => (put.body as { revision: string }).revision)).toEqual(['7', '8']);
  });

  it('says nothing was saved, and loads the stored registration into the form for the change to be made again', async () => {
    const stored: Stored = {
      registrations: { GB: BRITISH, FR: FRENCH },
      schemes: { oss: null, ioss: null, revision: '' },
    };
    const puts = renderPage('en', stored);
    const british = await screen.findByRole('form', { name: 'United Kingdom (GB)' });
    // Another tab saves a new number meanwhile.
    stored.registrations.GB = { ...BRITISH, vatNumber: 'GB980780684', revision: '9' };
    fireEvent.change(within(british).getByLabelText('VAT number'), { target: { value: 'GB123456782' } });
    fireEvent.click(within(british).getByRole('button', { name: 'Save United Kingdom' }));

    expect((await within(british).findByRole('alert')).textContent).toContain(CONFLICT);
    expect(stored.registrations.GB.vatNumber).toBe('GB980780684');
    expect(within(british).queryByText(/saved; liabilities/)).toBeNull();

    fireEvent.click(within(british).getByRole('button', { name: 'Load the saved version' }));
    await waitFor(() =>
      expect((within(british).getByLabelText('VAT number') as HTMLInputElement).value).toBe('GB980780684'),
    );
    expect(within(british).queryByRole('alert')).toBeNull();
    expect(british.contains(document.activeElement)).toBe(true);
    expect(document.activeElement?.tagName).toMatch(/^(INPUT|SELECT)$/);

    fireEvent.click(within(british).getByRole('button', { name: 'Save United Kingdom' }));
    await within(british).findByText('United Kingdom saved; liabilities and filings are up to date.');
    expect(puts.at(-1)?.body).toMatchObject({ vatNumber: 'GB980780684', revision: '9' });
  });

  it('does the same for the OSS and IOSS registrations', async () => {
    const stored: Stored = {
      registrations: { GB: BRITISH },
      schemes: { oss: null, ioss: null, revision: '' },
    };
    const puts = renderPage('en', stored);
    const oss = await screen.findByRole('checkbox', { name: 'Registered for the Union One-Stop Shop' });
    stored.schemes = {
      oss: { memberState: 'DE', effectiveFrom: '2025-01-01', identificationNumber: null },
      ioss: null,
      revision: 'oss:12',
    };
    fireEvent.click(screen.getByRole('button', { name: 'Save OSS and IOSS' }));
    expect((await screen.findByRole('alert')).textContent).toContain(CONFLICT);
    expect(puts.at(-1)?.body).toMatchObject({ oss: null, revision: '' });
    expect(stored.schemes.revision).toBe('oss:12');

    fireEvent.click(screen.getByRole('button', { name: 'Load the saved version' }));
    await waitFor(() => expect((oss as HTMLInputElement).checked).toBe(true));
    fireEvent.click(screen.getByRole('button', { name: 'Save OSS and IOSS' }));
    await screen.findByText('OSS and IOSS saved; liabilities and filings are up to date.');
    expect(puts.at(-1)?.body).toMatchObject({ oss: { memberState: 'DE' }, revision: 'oss:12' });
  });

  it('says it in German', async () => {
    const stored: Stored = { registrations: { GB: BRITISH }, schemes: { oss: null, ioss: null, revision: '' } };
    renderPage('de', stored);
    const british = await screen.findByRole('form', { name: 'Vereinigtes Königreich (GB)' });
    stored.registrations.GB = { ...BRITISH, revision: '8' };
    fireEvent.click(within(british).getByRole('button', { name: 'Vereinigtes Königreich speichern' }));
    expect((await within(british).findByRole('alert')).textContent).toMatch(/nicht gespeichert/);
    expect(
      (within(british).getByRole('button', { name: 'Gespeicherten Stand laden' }) as HTMLButtonElement).disabled,
    ).toBe(false);
  });
});
