import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { apiPaths } from '@vatlas/contract';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AuthServicesProvider } from '../../lib/auth/auth-services';
import { getInitialAuthState, useAuthStore } from '../../lib/auth/auth-store';
import { STORAGE_KEYS } from '../../lib/storage/token-storage';
import { fakeAuthServices } from '../../test/auth-services';
import { createTestI18n } from '../../test/test-i18n';
import { DashboardPage } from './dashboard-page';
import { shouldShowPaymentOverlay } from './utils/payment-overlay';

const COMPANY = 'company-1';

function emptyAnswer(path: string): unknown {
  if (path.includes('/Summary')) {
    const year = Number(new URL(path, 'http://x').searchParams.get('year'));
    return { year, jurisdictions: [], totals: { netEur: '0.00', vatEur: '0.00' }, threshold: null, problems: [] };
  }
  if (path.includes('/DataHealth')) return { year: 2026, today: '2026-11-21', alerts: [] };
  if (path.startsWith(apiPaths.filings(COMPANY))) return { today: '2026-11-21', items: [] };
  throw new Error(`unexpected ${path}`);
}

function renderDashboard(url: string) {
  const request = vi.fn(async (path: string, options: { schema: { parse: (value: unknown) => unknown } }) =>
    options.schema.parse(emptyAnswer(path)),
  );
  const services = fakeAuthServices(request);
  const router = createMemoryRouter(
    [
      { path: '/dashboard', element: <DashboardPage titleKey="pages.dashboard.title" /> },
      { path: '/data-upload', element: <p>upload</p> },
    ],
    { initialEntries: [url] },
  );
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <I18nextProvider i18n={createTestI18n('en')}>
      <QueryClientProvider client={queryClient}>
        <AuthServicesProvider value={services}>
          <RouterProvider router={router} />
        </AuthServicesProvider>
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return { router, request };
}

beforeEach(() => {
  localStorage.clear();
  useAuthStore.setState({ ...getInitialAuthState(), isLoading: false, selectedCompanyId: COMPANY });
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('shouldShowPaymentOverlay', () => {
  it('shows only for payment=success without the skip flag', () => {
    expect(shouldShowPaymentOverlay({ paymentParam: 'success', hadSkipFlag: false })).toBe(true);
    expect(shouldShowPaymentOverlay({ paymentParam: 'success', hadSkipFlag: true })).toBe(false);
    expect(shouldShowPaymentOverlay({ paymentParam: null, hadSkipFlag: false })).toBe(false);
    expect(shouldShowPaymentOverlay({ paymentParam: 'cancelled', hadSkipFlag: false })).toBe(false);
  });
});

describe('the payment-success overlay', () => {
  it('opens as a modal dialog with the focus inside; Escape closes it and removes payment from the URL', async () => {
    const { router } = renderDashboard('/dashboard?payment=success&theme=stripe');
    const dialog = await screen.findByRole('dialog', { name: 'Payment successful' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    const button = screen.getByRole('button', { name: 'Go to dashboard' });
    expect(document.activeElement).toBe(button);
    // Tab and Shift+Tab stay in the dialog (its button is its only focusable element).
    fireEvent.keyDown(button, { key: 'Tab' });
    expect(document.activeElement).toBe(button);
    fireEvent.keyDown(button, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(button);
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(router.state.location.search).toBe('?theme=stripe');
  });

  it('closes with its button', async () => {
    const { router } = renderDashboard('/dashboard?payment=success');
    fireEvent.click(await screen.findByRole('button', { name: 'Go to dashboard' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(router.state.location.search).toBe('');
  });

  it('is not shown when the skip flag is set, and the flag is spent on arrival', async () => {
    localStorage.setItem(STORAGE_KEYS.skipPaymentOverlay, 'true');
    renderDashboard('/dashboard?payment=success');
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' });
    await act(async () => {});
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.skipPaymentOverlay)).toBeNull();
  });

  it('is not shown without payment=success, and the skip flag is still spent', async () => {
    localStorage.setItem(STORAGE_KEYS.skipPaymentOverlay, 'true');
    renderDashboard('/dashboard');
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.skipPaymentOverlay)).toBeNull();
  });
});

describe('a company without data', () => {
  it('is led to the data upload', async () => {
    const { request } = renderDashboard('/dashboard');
    const link = await screen.findAllByRole('link', { name: 'Upload data' });
    expect(link[0]?.getAttribute('href')).toBe('/data-upload');
    expect(screen.getByText('No transaction data yet')).toBeTruthy();
    expect(request).toHaveBeenCalledWith(apiPaths.filings(COMPANY), expect.anything());
  });
});
