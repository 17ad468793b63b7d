import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { apiPaths, EDIT_CONFLICT, onboardingResponseSchema } from '@vatlas/contract';
import { DEFAULT_ONBOARDING_STEPS, todayIsoDate } from '@vatlas/domain';
import axe from 'axe-core';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProvider, createQueryClient } from '../../../app/provider';
import { paths } from '../../../config/paths';
import type { AuthServices } from '../../../lib/auth/auth-services';
import { getInitialAuthState, useAuthStore } from '../../../lib/auth/auth-store';
import type { RequestOptions } from '../../../lib/http/http-client';
import { HttpError } from '../../../lib/http/http-error';
import { fakeAuthServices } from '../../../test/auth-services';
import { createTestI18n } from '../../../test/test-i18n';
import { BankingPage } from './banking-page';
import { BusinessDetailsPage } from './business-details-page';
import { BusinessProfilePage } from './business-profile-page';
import { LegalRepresentativePage } from './legal-representative-page';

const COMPANY_ID = 'company-1';
const year = new Date().getFullYear();

const EMPTY_REPRESENTATIVE = {
  firstName: null,
  lastName: null,
  dateOfBirth: null,
  nationality: null,
  idDocumentType: null,
  idDocumentNumber: null,
  idDocumentExpiry: null,
  updatedAt: null,
  revision: '',
};
const EMPTY_DETAILS = {
  legalNameOfBusiness: 'Example Trading GmbH',
  legalForm: null,
  incorporationNumber: null,
  incorporationDate: null,
  vatNumber: null,
  establishmentCountryCode: 'DE',
  companyType: 'corporation',
  revision: '41',
};
const EMPTY_BANK = { accountHolder: null, iban: null, bic: null, warnings: [], updatedAt: null, revision: '' };
/** The onboarding state the shared layout shows progress from (a valid answer of the contract). */
const ONBOARDING = onboardingResponseSchema.parse({
  companyId: COMPANY_ID,
  steps: DEFAULT_ONBOARDING_STEPS.map((step) => ({ ...step, title: step.id, description: step.id })),
  progress: { completedSteps: 2, totalSteps: 5, completionPercentage: 40 },
  estimatedMinutesLeft: 20,
  nextPath: '/onboarding/business-profile',
  isComplete: false,
  termsAndConditionsAccepted: true,
  termsAcceptedAt: null,
  businessType: {
    legalNameOfBusiness: 'Example Trading GmbH',
    establishmentCountryCode: 'DE',
    companyType: null,
    legalForm: null,
  },
  address: { street: null, houseNumber: null, zipCode: null, city: null, state: null },
  productType: { productTypes: [], salesChannels: [], marketplaces: [] },
});

type Handler = (options: RequestOptions<unknown>) => unknown;

/** The API as the pages see it: GETs answer the given data, PUTs run `onPut` (default: echo a saved answer). */
function createServices(data: Record<string, unknown>, onPut: Record<string, Handler> = {}) {
  const request = vi.fn(async (path: string, options: RequestOptions<unknown> = {}) => {
    if ((options.method ?? 'GET') === 'PUT') {
      const handler = onPut[path];
      if (!handler) throw new Error(`unexpected PUT ${path}`);
      return handler(options);
    }
    if (path === apiPaths.onboarding(COMPANY_ID)) return ONBOARDING;
    if (path in data) return data[path];
    throw new Error(`unexpected GET ${path}`);
  });
  const services = fakeAuthServices(request);
  return { services, request };
}

function renderPage(path: string, element: ReactNode, services: AuthServices, language: 'en' | 'de' = 'en') {
  useAuthStore.setState({ ...getInitialAuthState(), selectedCompanyId: COMPANY_ID, isAuthenticated: true });
  const router = createMemoryRouter(
    [
      { path, element },
      { path: '*', element: <p>elsewhere</p> },
    ],
    { initialEntries: [path] },
  );
  render(
    <AppProvider i18n={createTestI18n(language)} services={services} queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { location: () => router.state.location.pathname };
}

const field = (label: string | RegExp) => screen.findByLabelText(label);
const type = async (label: string | RegExp, value: string) => {
  fireEvent.change(await field(label), { target: { value } });
};
const submit = () => fireEvent.click(screen.getByRole('button', { name: /^(Next|Save anyway|Weiter)$/ }));

/** The message linked to a field through aria-describedby (hint and error both count). */
async function describedText(label: string | RegExp): Promise<string> {
  const input = await field(label);
  const ids = (input.getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean);
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ');
}

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});
afterEach(() => {
  cleanup();
});

describe('legal representative page', () => {
  const path = paths.onboarding.legalRepresentative.path;
  const url = apiPaths.legalRepresentative(COMPANY_ID);

  it('names every missing field, linked to its input, and sends nothing', async () => {
    const { services, request } = createServices({ [url]: EMPTY_REPRESENTATIVE });
    renderPage(path, <LegalRepresentativePage />, services);
    await field('First name');
    submit();
    await screen.findByText('Please correct the following:');
    for (const label of ['First name', 'Last name', 'Nationality', 'Identity document', 'Document number'])
      expect(await describedText(label)).toContain('Please fill in this field.');
    expect(await field('First name')).toHaveProperty('ariaInvalid', 'true');
    expect(request.mock.calls.filter(([, options]) => options?.method === 'PUT')).toEqual([]);
  });

  it('refuses an under-age representative, a birth date in the future and an expired document', async () => {
    const { services } = createServices({ [url]: EMPTY_REPRESENTATIVE });
    renderPage(path, <LegalRepresentativePage />, services);
    await type('Date of birth', `${year - 17}-01-01`);
    await type('Valid until', `${year - 1}-12-31`);
    submit();
    await waitFor(async () =>
      expect(await describedText('Date of birth')).toContain('The legal representative must be at least 18 years old.'),
    );
    expect(await describedText('Valid until')).toContain('This document has expired. Please use a valid one.');
    await type('Date of birth', `${year + 1}-01-01`);
    submit();
    await waitFor(async () => expect(await describedText('Date of birth')).toContain('This date is in the future.'));
  });

  it('loads the saved values, saves the edited ones and goes on to the next page', async () => {
    const saved = {
      firstName: 'Erika',
      lastName: 'Mustermann',
      dateOfBirth: '1980-08-12',
      nationality: 'DE',
      idDocumentType: 'national-id-card',
      idDocumentNumber: 'L01X00T47',
      idDocumentExpiry: `${year + 3}-01-31`,
      updatedAt: '2026-01-01T00:00:00.000Z',
      revision: '17',
    };
    const put = vi.fn((options: RequestOptions<unknown>) => ({ ...saved, ...(options.body as object) }));
    const { services } = createServices({ [url]: saved }, { [url]: put });
    const { location } = renderPage(path, <LegalRepresentativePage />, services);
    expect(await field('Last name')).toHaveProperty('value', 'Mustermann');
    expect(await field('Nationality')).toHaveProperty('value', 'DE');
    await type('First name', 'Erika Maria');
    submit();
    await waitFor(() => expect(location()).toBe(paths.onboarding.businessDetails.path));
    expect(put.mock.calls[0]?.[0].body).toMatchObject({ firstName: 'Erika Maria', nationality: 'DE', revision: '17' });
  });

  it('says a save after someone else’s was not saved, and loads the stored values for it to be made again (decision 052)', async () => {
    const saved = {
      firstName: 'Erika',
      lastName: 'Mustermann',
      dateOfBirth: '1980-08-12',
      nationality: 'DE',
      idDocumentType: 'national-id-card',
      idDocumentNumber: 'L01X00T47',
      idDocumentExpiry: `${year + 3}-01-31`,
      updatedAt: '2026-01-01T00:00:00.000Z',
      revision: '17',
    };
    const data: Record<string, typeof saved> = { [url]: saved };
    const put = vi.fn((options: RequestOptions<unknown>) => {
      const body = options.body as { revision?: string };
      if (body.revision !== data[url]?.revision)
        throw new HttpError({ kind: 'http', status: 409, code: EDIT_CONFLICT, message: 'changed since' });
      return { ...data[url], ...body };
    });
    const { services } = createServices(data, { [url]: put });
    const { location } = renderPage(path, <LegalRepresentativePage />, services);
    expect(await field('Last name')).toHaveProperty('value', 'Mustermann');
    // A colleague saves a new last name meanwhile.
    data[url] = { ...saved, lastName: 'Musterfrau', revision: '18' };
    await type('First name', 'Erika Maria');
    submit();

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('so your changes were not saved');
    expect(location()).toBe(path);
    const results = await axe.run(document.body, { rules: { region: { enabled: false } } });
    expect(results.violations.map((violation) => violation.id)).toEqual([]);

    fireEvent.click(within(alert).getByRole('button', { name: 'Load the saved version' }));
    await waitFor(async () => expect(await field('Last name')).toHaveProperty('value', 'Musterfrau'));
    expect(await field('First name')).toHaveProperty('value', 'Erika');
    expect(document.activeElement).toBe(await field('First name'));
    expect(screen.queryByRole('alert')).toBeNull();
    submit();
    await waitFor(() => expect(location()).toBe(paths.onboarding.businessDetails.path));
    expect(put.mock.calls.at(-1)?.[0].body).toMatchObject({ lastName: 'Musterfrau', revision: '18' });
  });

  it('shows the API’s reason, translated, when the server refuses a field', async () => {
    const refuse = () => {
      throw new HttpError({
        kind: 'http',
        status: 400,
        code: 'validation_error',
        message: 'The request is invalid.',
        details: [{ field: 'idDocumentNumber', code: 'idDocumentNumber', message: 'x', params: { min: 5, max: 20 } }],
      });
    };
    const filled = {
      ...EMPTY_REPRESENTATIVE,
      firstName: 'Erika',
      lastName: 'Mustermann',
      dateOfBirth: '1980-08-12',
      nationality: 'DE',
      idDocumentType: 'passport',
      idDocumentNumber: 'C01X00T47',
      idDocumentExpiry: `${year + 3}-01-31`,
    };
    const { services } = createServices({ [url]: filled }, { [url]: refuse });
    const { location } = renderPage(path, <LegalRepresentativePage />, services, 'de');
    await field('Vorname');
    submit();
    await waitFor(async () =>
      expect(await describedText('Dokumentnummer')).toContain(
        'Die Dokumentnummer hat 5 bis 20 Buchstaben oder Ziffern.',
      ),
    );
    expect(location()).toBe(path);
  });

  it('has no axe violations with errors shown', async () => {
    const { services } = createServices({ [url]: EMPTY_REPRESENTATIVE });
    renderPage(path, <LegalRepresentativePage />, services);
    await field('First name');
    submit();
    await screen.findByText('Please correct the following:');
    const results = await axe.run(document.body, { rules: { region: { enabled: false } } });
    expect(results.violations.map((violation) => violation.id)).toEqual([]);
  });
});

describe('business details page', () => {
  const path = paths.onboarding.businessDetails.path;
  const url = apiPaths.businessDetails(COMPANY_ID);
  /** A corporation's legal form per country, as codes of @vatlas/domain legalFormsFor. */
  const FORM_OF: Record<string, string> = { DE: 'gmbh', GR: 'ae', NO: 'as', CH: 'ag-sa' };
  const fill = async (vatNumber: string, country = 'DE') => {
    await type('Legal form', FORM_OF[country] ?? '');
    await type('Commercial register number', 'HRB 12345');
    await type('Date of incorporation', '2019-03-01');
    await type(/^VAT number/, vatNumber);
  };

  it('shows the example VAT number of the establishment country', async () => {
    const { services } = createServices({ [url]: EMPTY_DETAILS });
    renderPage(path, <BusinessDetailsPage />, services);
    expect(await describedText(/^VAT number/)).toContain('for example DE123456789');
  });

  it.each([
    { country: 'DE', vat: 'DE136695977', message: 'The check digit does not match: a digit is probably mistyped.' },
    { country: 'DE', vat: 'DE13669597', message: 'DE VAT numbers have 9 digits after DE.' },
    {
      country: 'DE',
      vat: 'ATU12011204',
      message: 'This is a VAT number of AT, but your company is established in DE.',
    },
    { country: 'GR', vat: 'GR094259216', message: 'Greek VAT numbers start with EL, not GR.' },
    { country: 'NO', vat: 'NO974760673', message: 'NO VAT numbers end with MVA.' },
  ])('$country company, $vat → "$message"', async ({ country, vat, message }) => {
    const { services } = createServices({ [url]: { ...EMPTY_DETAILS, establishmentCountryCode: country } });
    renderPage(path, <BusinessDetailsPage />, services);
    await fill(vat, country);
    submit();
    await waitFor(async () => expect(await describedText(/^VAT number/)).toContain(message));
  });

  it('refuses an incorporation date in the future', async () => {
    const { services } = createServices({ [url]: EMPTY_DETAILS });
    renderPage(path, <BusinessDetailsPage />, services);
    await fill('');
    await type('Date of incorporation', `${year + 1}-01-01`);
    submit();
    await waitFor(async () =>
      expect(await describedText('Date of incorporation')).toContain('This date is in the future.'),
    );
  });

  it('saves a valid Swiss number and goes on to banking', async () => {
    const put = vi.fn((options: RequestOptions<unknown>) => ({
      ...EMPTY_DETAILS,
      ...(options.body as object),
      establishmentCountryCode: 'CH',
    }));
    const { services } = createServices(
      { [url]: { ...EMPTY_DETAILS, establishmentCountryCode: 'CH' } },
      { [url]: put },
    );
    const { location } = renderPage(path, <BusinessDetailsPage />, services);
    await fill('CHE-116.281.710 MWST', 'CH');
    submit();
    await waitFor(() => expect(location()).toBe(paths.onboarding.banking.path));
    expect(put).toHaveBeenCalledTimes(1);
    // The company's revision the form was filled from goes with it (decision 052).
    expect(put.mock.calls[0]?.[0].body).toMatchObject({ revision: '41' });
  });
});

describe('banking page', () => {
  const path = paths.onboarding.banking.path;
  const url = apiPaths.bankAccount(COMPANY_ID);

  it('names the IBAN length and the BIC length', async () => {
    const { services } = createServices({ [url]: EMPTY_BANK });
    renderPage(path, <BankingPage />, services);
    await type('Account holder', 'Example Trading GmbH');
    await type('IBAN', 'DE89 3704 0044 0532 0130 0');
    await type('BIC', 'COBADEF');
    submit();
    await waitFor(async () =>
      expect(await describedText('IBAN')).toContain('DE IBANs have 22 characters; this one has 21.'),
    );
    expect(await describedText('BIC')).toContain('A BIC has 8 or 11 characters; this one has 7.');
  });

  it('names a mistyped IBAN check digit', async () => {
    const { services } = createServices({ [url]: EMPTY_BANK });
    renderPage(path, <BankingPage />, services);
    await type('Account holder', 'Example Trading GmbH');
    await type('IBAN', 'DE89370400440532013001');
    await type('BIC', 'COBADEFFXXX');
    submit();
    await waitFor(async () => expect(await describedText('IBAN')).toContain('The IBAN check digits do not match'));
  });

  it('asks once about a BIC of another country, then saves on "Save anyway"', async () => {
    const put = vi.fn(() => ({
      accountHolder: 'Example Trading GmbH',
      iban: 'DE89370400440532013000',
      bic: 'TRWIBEB1XXX',
      warnings: [{ code: 'bicCountryMismatch', params: { ibanCountry: 'DE', bicCountry: 'BE' } }],
      updatedAt: '2026-01-01T00:00:00.000Z',
    }));
    const { services } = createServices({ [url]: EMPTY_BANK }, { [url]: put });
    const { location } = renderPage(path, <BankingPage />, services);
    await type('Account holder', 'Example Trading GmbH');
    await type('IBAN', 'DE89 3704 0044 0532 0130 00');
    await type('BIC', 'TRWIBEB1XXX');
    submit();
    const status = await screen.findByText(/The BIC belongs to a bank in BE, the IBAN to DE/);
    expect(within(status.parentElement as HTMLElement).getByText(/please check both/)).toBeTruthy();
    expect(put).not.toHaveBeenCalled();
    submit();
    await waitFor(() => expect(location()).toBe(paths.onboarding.documents.path));
    expect(put).toHaveBeenCalledTimes(1);
    expect(put.mock.calls[0]).toMatchObject([{ body: { revision: '' } }]);
  });
});

describe('business profile index', () => {
  it('shows each part’s state and continues with the first one not done', async () => {
    const { services } = createServices({
      [apiPaths.legalRepresentative(COMPANY_ID)]: { ...EMPTY_REPRESENTATIVE, updatedAt: '2026-01-01T00:00:00Z' },
      [apiPaths.businessDetails(COMPANY_ID)]: EMPTY_DETAILS,
      [apiPaths.bankAccount(COMPANY_ID)]: EMPTY_BANK,
    });
    const { location } = renderPage(paths.onboarding.businessProfile.path, <BusinessProfilePage />, services);
    const representative = await screen.findByRole('link', { name: /Legal representative/ });
    await waitFor(() => expect(representative.textContent).toContain('Done'));
    await waitFor(() => expect(screen.getByRole('link', { name: /Business details/ }).textContent).toContain('To do'));
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(location()).toBe(paths.onboarding.businessDetails.path));
  });
});

describe('today', () => {
  it('is the local calendar day the forms measure ages and expiry on', () => {
    expect(todayIsoDate(new Date(2026, 0, 5, 23, 30))).toBe('2026-01-05');
  });
});
