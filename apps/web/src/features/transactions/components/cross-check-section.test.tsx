import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import type { CrossCheckPage, CrossCheckRow } from '@vatlas/contract';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AuthServicesProvider } from '../../../lib/auth/auth-services';
import { getInitialAuthState, useAuthStore } from '../../../lib/auth/auth-store';
import type { SupportedLanguage } from '../../../lib/i18n/i18n';
import { fakeAuthServices } from '../../../test/auth-services';
import { createTestI18n } from '../../../test/test-i18n';
import { TransactionsPage } from '../pages/transactions-page';

const row = (overrides: Partial<CrossCheckRow>): CrossCheckRow => ({
  transactionId: 'row-1',
  taxPointDate: '2026-03-04',
  transactionType: 'SALE',
  eventId: '302-0000001',
  taxableJurisdiction: 'DE',
  currency: 'EUR',
  netAmount: '100.00',
  vatAmount: '20.00',
  vatRate: '0.19',
  computedVatAmount: '19.00',
  differences: ['vat-amount'],
  validRates: ['19', '7'],
  ...overrides,
});

/** The transactions screen at `url`; `pages` answers the cross-check's requests in turn, the list's with nothing. */
function renderScreen(url: string, pages: CrossCheckPage[], language: SupportedLanguage = 'en') {
  const answers = [...pages];
  const request = vi.fn(async (path: string) => {
    if (path.includes('/CrossCheck')) return answers.shift() ?? { items: [], nextCursor: null };
    if (path.includes('/Count')) return { count: 0, isExact: true };
    return { items: [], nextCursor: null };
  });
  const router = createMemoryRouter(
    [{ path: '/transactions', element: <TransactionsPage titleKey="pages.transactions.title" /> }],
    { initialEntries: [url] },
  );
  render(
    <I18nextProvider i18n={createTestI18n(language)}>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <AuthServicesProvider value={fakeAuthServices(request)}>
          <RouterProvider router={router} />
        </AuthServicesProvider>
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return { request, router };
}

beforeEach(() => {
  useAuthStore.setState({ ...getInitialAuthState(), isLoading: false, selectedCompanyId: 'company-1' });
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('the cross-check view of the transactions screen', () => {
  it("lists the month's differences from the file's VAT, page after page, and asks nothing of the list", async () => {
    const { request } = renderScreen('/transactions?view=cross-check&month=2026-03', [
      { items: [row({})], nextCursor: 'next-1' },
      {
        items: [
          row({
            transactionId: 'row-2',
            eventId: '302-0000002',
            taxableJurisdiction: 'FR',
            vatAmount: '19.00',
            computedVatAmount: '19.00',
            differences: ['rate-not-valid'],
            validRates: ['20', '10', '5.5', '2.1'],
          }),
        ],
        nextCursor: null,
      },
    ]);
    const table = await screen.findByRole('table', {
      name: 'Rows whose VAT differs from net × rate, or whose rate is not in force',
    });
    expect(request).toHaveBeenCalledWith(
      '/api/v1/Liabilities/company-1/CrossCheck?from=2026-03-01&to=2026-03-31&limit=100',
      expect.anything(),
    );
    const [first] = within(table).getAllByRole('row').slice(1);
    expect(
      within(first as HTMLElement)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual([
      '4 Mar 2026',
      'Sale',
      '302-0000001',
      'DE',
      '€100.00',
      '19%',
      '€20.00',
      '€19.00',
      '19%, 7%',
      'VAT is not net × rate',
    ]);
    expect(screen.getByTestId('cross-check-count').textContent).toBe('1 row that differs so far; load more below');

    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await within(table).findByText('302-0000002')).toBeTruthy();
    expect(request).toHaveBeenCalledWith(
      '/api/v1/Liabilities/company-1/CrossCheck?from=2026-03-01&to=2026-03-31&cursor=next-1&limit=100',
      expect.anything(),
    );
    expect(within(table).getByText('Rate not in force that day')).toBeTruthy();
    expect(within(table).getByText('20%, 10%, 5.5%, 2.1%')).toBeTruthy();
    expect(screen.getByTestId('cross-check-count').textContent).toBe('2 rows differ');
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    // The list's rows and count are not fetched in this view.
    expect(request.mock.calls.every(([path]) => path.includes('/CrossCheck'))).toBe(true);
    // The views are links, the current one marked.
    const views = screen.getByRole('navigation', { name: 'Views' });
    expect(within(views).getByRole('link', { name: 'Cross-check' }).getAttribute('aria-current')).toBe('page');
    expect(within(views).getByRole('link', { name: 'All transactions' }).getAttribute('href')).toBe(
      '/transactions?month=2026-03',
    );
  });

  it('says there is nothing to check, and what to do next, in German', async () => {
    renderScreen('/transactions?view=cross-check&month=2026-03', [{ items: [], nextCursor: null }], 'de');
    expect(await screen.findByText('Keine Abweichungen')).toBeTruthy();
    expect(
      screen.getByText(
        'Im März 2026 ist die Umsatzsteuer jeder Zeile Netto × Satz, zu einem Satz, der an dem Tag im Steuerland gilt. Wählen Sie einen anderen Monat oder laden Sie weitere Daten hoch.',
      ),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Daten hochladen' }).getAttribute('href')).toBe('/data-upload');
  });

  it('asks for every month when none is chosen, and a month chosen goes into the URL', async () => {
    const { request, router } = renderScreen('/transactions?view=cross-check', [
      { items: [], nextCursor: null },
      { items: [row({})], nextCursor: null },
    ]);
    expect(await screen.findByText('No differences')).toBeTruthy();
    expect(request).toHaveBeenCalledWith('/api/v1/Liabilities/company-1/CrossCheck?limit=100', expect.anything());
    fireEvent.change(screen.getByLabelText('Month'), { target: { value: '2026-03' } });
    expect(await screen.findByText('1 row differs')).toBeTruthy();
    expect(router.state.location.search).toBe('?view=cross-check&month=2026-03');
  });
});
