import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { Analytics } from '@vatlas/contract';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { AuthServicesProvider } from '../../../lib/auth/auth-services';
import { getInitialAuthState, useAuthStore } from '../../../lib/auth/auth-store';
import type { SupportedLanguage } from '../../../lib/i18n/i18n';
import { fakeAuthServices } from '../../../test/auth-services';
import { createTestI18n } from '../../../test/test-i18n';
import { useThemeStore } from '../../../theme/use-theme';
import { AnalyticsPage } from './analytics-page';

const figures = (netEur: string, vatEur: string, grossEur: string, transactionCount: number) => ({
  netEur,
  vatEur,
  grossEur,
  transactionCount,
  unconvertedCount: 0,
});

const ANALYTICS: Analytics = {
  from: '2025-01',
  to: '2025-02',
  currency: 'EUR',
  totals: figures('1234567.89', '234567.01', '1469134.90', 12),
  byMonth: [
    { key: '2025-01', ...figures('1234567.89', '234567.01', '1469134.90', 12) },
    { key: '2025-02', ...figures('0.00', '0.00', '0.00', 0) },
  ],
  byCountry: [
    { key: 'DE', ...figures('1000000.00', '190000.00', '1190000.00', 10) },
    { key: null, ...figures('0.00', '0.00', '0.00', 1) },
  ],
  byArrivalCountry: [{ key: 'DE', ...figures('1234567.89', '234567.01', '1469134.90', 12) }],
  byChannel: [{ key: 'amazon.de', ...figures('1234567.89', '234567.01', '1469134.90', 12) }],
  byRate: [{ key: '0.19', ...figures('1234567.89', '234567.01', '1469134.90', 12) }],
  unconverted: [{ currency: 'GBP', transactionCount: 3, days: 2 }],
};

function renderPage(answer: Analytics, language: SupportedLanguage = 'en') {
  const request = vi.fn(async () => answer);
  const services = fakeAuthServices(request);
  const router = createMemoryRouter(
    [{ path: '/analytics', element: <AnalyticsPage titleKey="pages.analytics.title" /> }],
    { initialEntries: ['/analytics?from=2025-01&to=2025-02'] },
  );
  render(
    <I18nextProvider i18n={createTestI18n(language)}>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <AuthServicesProvider value={services}>
          <RouterProvider router={router} />
        </AuthServicesProvider>
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return { request };
}

beforeAll(() => {
  // recharts measures its container; jsdom has no layout.
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
});
beforeEach(() => {
  useAuthStore.setState({ ...getInitialAuthState(), isLoading: false, selectedCompanyId: 'company-1' });
  useThemeStore.setState({ explicitThemeId: null, tenantTheme: null });
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('AnalyticsPage', () => {
  it('asks for the period of the URL and shows the exact totals, tables and the missing-rate note', async () => {
    const { request } = renderPage(ANALYTICS);
    expect(await screen.findByText('€1,234,567.89', { selector: 'dd' })).toBeTruthy();
    expect(request).toHaveBeenCalledWith('/api/v1/Analytics/company-1?from=2025-01&to=2025-02', expect.anything());
    expect(screen.getByRole('heading', { level: 1, name: 'Analytics' })).toBeTruthy();

    const countryTable = within(screen.getByTestId('breakdown-country')).getByRole('table', { hidden: true });
    expect(within(countryTable).getByText(/by country whose VAT applies, Jan 2025 to Feb 2025/)).toBeTruthy();
    const germany = within(countryTable).getByRole('rowheader', { name: 'Germany', hidden: true });
    expect(germany.getAttribute('scope')).toBe('row');
    const cells = [...(germany.closest('tr')?.querySelectorAll('td') ?? [])].map((cell) => cell.textContent);
    expect(cells).toEqual(['€1,000,000.00', '€190,000.00', '€1,190,000.00', '10']);
    expect(within(countryTable).getByRole('rowheader', { name: 'Not stated', hidden: true })).toBeTruthy();
    expect(within(screen.getByTestId('breakdown-rate')).getAllByText('19%').length).toBeGreaterThan(0);

    expect(screen.getByTestId('missing-rates').textContent).toContain('GBP: 3 transactions on 2 days');
  });

  it('in German', async () => {
    renderPage(ANALYTICS, 'de');
    expect(await screen.findByText('1.234.567,89 €', { selector: 'dd' })).toBeTruthy();
    expect(screen.getAllByText('Als Tabelle anzeigen')).toHaveLength(5);
  });

  it('offers the months in the UI language in keyboard-usable selects and asks for the chosen one', async () => {
    const { request } = renderPage(ANALYTICS, 'de');
    await screen.findByText('1.234.567,89 €', { selector: 'dd' });
    const from = screen.getByRole('combobox', { name: 'Von Monat' }) as HTMLSelectElement;
    expect(from.tagName).toBe('SELECT');
    expect(from.value).toBe('2025-01');
    expect(from.selectedOptions[0]?.textContent).toMatch(/^Jan\.? 2025$/);
    expect(screen.getByRole('combobox', { name: 'Bis Monat' })).toBeTruthy();
    fireEvent.change(from, { target: { value: '2024-12' } });
    await waitFor(() =>
      expect(request).toHaveBeenCalledWith('/api/v1/Analytics/company-1?from=2024-12&to=2025-02', expect.anything()),
    );
  });

  it('exports in the UI language', async () => {
    const fetchMock = vi.fn(async () => new Response('a,b\r\n', { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    URL.createObjectURL = vi.fn(() => 'blob:export');
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    try {
      renderPage(ANALYTICS, 'de');
      await screen.findByText('1.234.567,89 €', { selector: 'dd' });
      fireEvent.click(screen.getByRole('button', { name: /CSV/ }));
      await waitFor(() => expect(fetchMock).toHaveBeenCalled());
      expect(String((fetchMock.mock.calls[0] as unknown[])[0])).toBe(
        '/api/v1/Analytics/company-1/Export?format=csv&from=2025-01&to=2025-02&lang=de',
      );
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('speaks Polish: amounts, months and the export', async () => {
    const fetchMock = vi.fn(async () => new Response('a,b\r\n', { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    URL.createObjectURL = vi.fn(() => 'blob:export');
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    try {
      renderPage(ANALYTICS, 'pl');
      // Polish groups with a no-break space and writes the currency after the amount.
      await waitFor(() => expect(document.querySelector('dd')?.textContent).toBe('1\u00a0234\u00a0567,89\u00a0€'));
      const from = screen.getByRole('combobox', { name: 'Od miesiąca' }) as HTMLSelectElement;
      expect(from.selectedOptions[0]?.textContent).toBe('sty 2025');
      fireEvent.click(screen.getByRole('button', { name: /CSV/ }));
      await waitFor(() => expect(fetchMock).toHaveBeenCalled());
      expect(String((fetchMock.mock.calls[0] as unknown[])[0])).toBe(
        '/api/v1/Analytics/company-1/Export?format=csv&from=2025-01&to=2025-02&lang=pl',
      );
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('leads to data upload when the period has no transactions', async () => {
    renderPage({ ...ANALYTICS, totals: figures('0.00', '0.00', '0.00', 0), unconverted: [] });
    const link = await screen.findByRole('link', { name: 'Upload data' });
    expect(link.getAttribute('href')).toBe('/data-upload');
    expect(screen.queryByTestId('breakdown-month')).toBeNull();
  });
});
