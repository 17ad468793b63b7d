import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { apiPaths, type Filing } from '@vatlas/contract';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AuthServicesProvider } from '../../../lib/auth/auth-services';
import { getInitialAuthState, useAuthStore } from '../../../lib/auth/auth-store';
import type { SupportedLanguage } from '../../../lib/i18n/i18n';
import { fakeAuthServices } from '../../../test/auth-services';
import { buildFiling } from '../../../test/fixtures';
import { createTestI18n } from '../../../test/test-i18n';
import { FilingDetail, filingTransactionsHref } from './filing-detail';

describe('filingTransactionsHref', () => {
  it("opens a VAT return's local lines of its country, a month as the month and a quarter as its days", () => {
    const monthly = {
      filingType: 'vat-return',
      jurisdiction: 'FR',
      periodStart: '2026-03-01',
      periodEnd: '2026-03-31',
    };
    expect(filingTransactionsHref(monthly as never)).toBe('/transactions?taxedIn=FR&scheme=local&month=2026-03');
    const quarterly = { ...monthly, periodStart: '2026-07-01', periodEnd: '2026-09-30' };
    expect(filingTransactionsHref(quarterly as never)).toBe(
      '/transactions?taxedIn=FR&scheme=local&from=2026-07-01&to=2026-09-30',
    );
  });

  it("opens an OSS or IOSS return's lines of every country, and what an EC Sales List lists", () => {
    const oss = { filingType: 'oss-return', jurisdiction: 'DE', periodStart: '2026-04-01', periodEnd: '2026-06-30' };
    expect(filingTransactionsHref(oss as never)).toBe('/transactions?scheme=oss&from=2026-04-01&to=2026-06-30');
    const ioss = { ...oss, filingType: 'ioss-return', periodStart: '2026-05-01', periodEnd: '2026-05-31' };
    expect(filingTransactionsHref(ioss as never)).toBe('/transactions?scheme=ioss&month=2026-05');
    expect(filingTransactionsHref({ ...oss, filingType: 'ec-sales-list', periodEnd: '2026-04-30' } as never)).toBe(
      '/transactions?ecSalesList=DE&month=2026-04',
    );
  });
});

const ANNUAL_RETURN = buildFiling({
  filingType: 'annual-return',
  frequency: 'annual',
  periodStart: '2025-01-01',
  periodEnd: '2025-12-31',
  dueDate: '2026-07-31',
  status: 'due-soon',
  amountEur: '34.50',
  amountLocal: '34.50',
  annualSettlement: {
    vatForYearEur: '1234.50',
    vatForYearLocal: '1234.50',
    declaredEur: '1200.00',
    declaredLocal: '1200.00',
  },
});

function renderDetail(
  filing: Filing,
  language: SupportedLanguage = 'en',
  request: (path: string, ...rest: never[]) => Promise<unknown> = vi.fn(),
) {
  const router = createMemoryRouter(
    [{ path: '/calendar', element: <FilingDetail filing={filing} onClose={vi.fn()} /> }],
    {
      initialEntries: ['/calendar'],
    },
  );
  render(
    <I18nextProvider i18n={createTestI18n(language)}>
      <QueryClientProvider client={new QueryClient()}>
        <AuthServicesProvider value={fakeAuthServices(request)}>
          <RouterProvider router={router} />
        </AuthServicesProvider>
      </QueryClientProvider>
    </I18nextProvider>,
  );
}

describe('FilingDetail of an annual return (decision 045)', () => {
  afterEach(cleanup);

  it("names the year, pays the balance and says how it follows from the year's VAT and the periodic returns", () => {
    renderDetail(ANNUAL_RETURN);
    expect(screen.getByRole('heading', { name: 'DE Annual VAT return 2025', hidden: true })).toBeTruthy();
    const balance = screen.getByText('Balance').nextElementSibling as HTMLElement;
    expect(balance.textContent).toContain('€34.50');
    expect(balance.textContent).toContain('VAT for 2025: €1,234.50, less €1,200.00 declared in the periodic returns.');
    expect(balance.textContent).toContain('only the balance is paid, or refunded when it is negative');
    expect(
      screen.getByRole('link', { name: 'Show the transactions in this return', hidden: true }).getAttribute('href'),
    ).toBe('/transactions?taxedIn=DE&scheme=local&from=2025-01-01&to=2025-12-31');
  });

  it('says it in German, and without the sum once filed, its amount standing as filed', () => {
    renderDetail(
      { ...ANNUAL_RETURN, status: 'filed', filedOn: '2026-07-01', filingReference: 'ELSTER-1', annualSettlement: null },
      'de',
    );
    expect(screen.getByRole('heading', { name: 'DE Umsatzsteuer-Jahreserklärung 2025', hidden: true })).toBeTruthy();
    const balance = screen.getByText('Saldo').nextElementSibling as HTMLElement;
    expect(balance.textContent).toContain('34,50');
    expect(balance.textContent).toContain('Zu zahlen ist nur der Saldo');
    expect(balance.textContent).not.toContain('abzüglich');
  });
});

/** Portugal's first quarter of 2026: filed by 20 May, paid by 25 May. */
const PORTUGUESE_RETURN = buildFiling({
  jurisdiction: 'PT',
  frequency: 'quarterly',
  periodStart: '2026-01-01',
  periodEnd: '2026-03-31',
  dueDate: '2026-05-20',
  status: 'upcoming',
  paymentDue: {
    date: '2026-05-25',
    rule: {
      dueDate: { kind: 'day-of-month', monthsAfter: 2, day: 25 },
      shift: 'next-working-day',
      sources: ['AV-PT', 'TBI-PT'],
      isVerified: true,
    },
  },
});

describe('FilingDetail of a return paid on another day than it is filed (decision 050)', () => {
  afterEach(cleanup);

  it('says when the VAT is paid, and by which rule', () => {
    renderDetail(PORTUGUESE_RETURN);
    expect((screen.getByText('Due date').nextElementSibling as HTMLElement).textContent).toBe('20 May 2026');
    expect((screen.getByText('Payment due').nextElementSibling as HTMLElement).textContent).toBe('25 May 2026');
    const rule = screen.getByText('Payment rule').nextElementSibling as HTMLElement;
    expect(rule.textContent).toContain('The 25th of the 2nd month after the period');
    expect(rule.textContent).toContain('Sources: AV-PT, TBI-PT');
    expect(within(rule).getByRole('link', { name: 'TBI-PT', hidden: true }).getAttribute('href')).toBe(
      'https://taxbackinternational.com/blog/portugal-new-deadlines-for-vat-payments',
    );
    expect(within(rule).queryByRole('link', { name: 'AV-PT', hidden: true })).toBeNull();
    expect(rule.textContent).not.toContain('Not confirmed');
  });

  it('says it in German, and marks a payment rule the research could not confirm', () => {
    const rule = { ...PORTUGUESE_RETURN.paymentDue?.rule, isVerified: false } as NonNullable<
      Filing['paymentDue']
    >['rule'];
    renderDetail({ ...PORTUGUESE_RETURN, paymentDue: { date: '2026-05-25', rule } }, 'de');
    expect((screen.getByText('Zahlung fällig').nextElementSibling as HTMLElement).textContent).toBe('25. Mai 2026');
    const text = (screen.getByText('Zahlungsregel').nextElementSibling as HTMLElement).textContent;
    expect(text).toContain('25.');
    expect(text).toContain('Von unserer Recherche nicht bestätigt');
  });

  it('shows no payment day where the VAT is paid with the filing', () => {
    renderDetail(buildFiling());
    expect(screen.queryByText('Payment due')).toBeNull();
  });
});

describe('FilingDetail: marking a payment paid (decision 051)', () => {
  afterEach(cleanup);
  // The dialog is not open in jsdom (no showModal): its content is found with `hidden`.

  it('records the day the VAT was paid, shows it, and undoes it', async () => {
    useAuthStore.setState({ ...getInitialAuthState(), selectedCompanyId: 'c-1' });
    const request = vi.fn(async (path: string, init: { body?: { paidOn: string } }) =>
      path.endsWith('/MarkPaid') ? { ...PORTUGUESE_RETURN, paidOn: init.body?.paidOn } : PORTUGUESE_RETURN,
    );
    renderDetail(PORTUGUESE_RETURN, 'en', request as never);
    expect(screen.queryByText('Paid on', { selector: 'dt' })).toBeNull();
    fireEvent.change(screen.getByLabelText('Paid on'), { target: { value: '2026-05-22' } });
    fireEvent.click(screen.getByRole('button', { name: 'Mark as paid', hidden: true }));

    await waitFor(() => expect(screen.getByRole('status', { hidden: true }).textContent).toBe('Marked as paid.'));
    expect(request).toHaveBeenCalledWith(
      apiPaths.markFilingPaid('c-1', PORTUGUESE_RETURN.id),
      expect.objectContaining({ method: 'POST', body: { paidOn: '2026-05-22' } }),
    );
    expect((screen.getByText('Paid on', { selector: 'dt' }).nextElementSibling as HTMLElement).textContent).toBe(
      '22 May 2026',
    );

    fireEvent.click(screen.getByRole('button', { name: 'Mark as not paid', hidden: true }));
    await waitFor(() => expect(screen.getByRole('status', { hidden: true }).textContent).toBe('Marked as not paid.'));
    expect(request).toHaveBeenLastCalledWith(
      apiPaths.markFilingUnpaid('c-1', PORTUGUESE_RETURN.id),
      expect.objectContaining({ method: 'POST' }),
    );
    expect(screen.getByRole('button', { name: 'Mark as paid', hidden: true })).toBeTruthy();
  });

  it('refuses a day in the future without asking the API, and offers nothing where the VAT is paid with the filing', () => {
    useAuthStore.setState({ ...getInitialAuthState(), selectedCompanyId: 'c-1' });
    const request = vi.fn();
    renderDetail(PORTUGUESE_RETURN, 'en', request);
    fireEvent.change(screen.getByLabelText('Paid on'), { target: { value: '2999-01-01' } });
    fireEvent.click(screen.getByRole('button', { name: 'Mark as paid', hidden: true }));
    expect(screen.getByRole('alert', { hidden: true }).textContent).toBe('The day cannot be in the future.');
    expect(request).not.toHaveBeenCalled();
    cleanup();

    renderDetail(buildFiling());
    expect(screen.queryByRole('button', { name: 'Mark as paid', hidden: true })).toBeNull();
  });
});
