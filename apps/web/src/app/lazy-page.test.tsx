import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { LAZY_PAGE_RETRY_DELAY_MS } from '@vatlas/domain';
import type { ComponentType } from 'react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createErrorReporter, setErrorReporter } from '../lib/errors/error-reporter';
import { createTestI18n } from '../test/test-i18n';
import { lazyPage, retryImport } from './lazy-page';

const i18n = createTestI18n();
const LoadedPage = () => <p>Loaded page</p>;

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('retryImport', () => {
  it('tries again once, after LAZY_PAGE_RETRY_DELAY_MS', async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error('chunk missing')).mockResolvedValueOnce('module');
    const result = retryImport(load);
    await vi.advanceTimersByTimeAsync(LAZY_PAGE_RETRY_DELAY_MS - 1);
    expect(load).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    await expect(result).resolves.toBe('module');
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('gives up after the second failure', async () => {
    const load = vi.fn().mockRejectedValue(new Error('chunk missing'));
    const result = retryImport(load).catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(LAZY_PAGE_RETRY_DELAY_MS);
    await expect(result).resolves.toMatchObject({ message: 'chunk missing' });
    expect(load).toHaveBeenCalledTimes(2);
  });
});

describe('lazyPage', () => {
  const renderPage = (Page: ComponentType) =>
    render(
      <I18nextProvider i18n={i18n}>
        <Page />
      </I18nextProvider>,
    );

  it('shows "Loading...", fails once, and renders the page after the 1 s retry', async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error('chunk missing')).mockResolvedValueOnce(LoadedPage);
    const Page = lazyPage(load);
    renderPage(Page);

    expect(screen.getByRole('status').textContent).toBe('Loading...');
    await act(() => vi.advanceTimersByTimeAsync(LAZY_PAGE_RETRY_DELAY_MS - 1));
    expect(load).toHaveBeenCalledTimes(1);
    expect(screen.queryByText('Loaded page')).toBeNull();

    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(load).toHaveBeenCalledTimes(2);
    expect(screen.getByText('Loaded page')).toBeTruthy();
    expect(screen.queryByText('Something went wrong')).toBeNull();
  });

  it('shows the error view with a Reload Page button when both attempts fail', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const reload = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, reload });
    const load = vi.fn().mockRejectedValue(new Error('chunk missing'));
    const Page = lazyPage(load);
    renderPage(Page);

    await act(() => vi.advanceTimersByTimeAsync(LAZY_PAGE_RETRY_DELAY_MS));
    expect(load).toHaveBeenCalledTimes(2);
    expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeTruthy();
    expect(screen.getByText('There was an error loading this page.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Reload Page' }));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('reports a page that failed to load to /api/log-error as a lazy-load failure', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const fetchFn = vi.fn(
      async (_input: string | URL | Request, _init?: RequestInit) => new Response(null, { status: 204 }),
    );
    setErrorReporter(createErrorReporter({ fetchFn }));
    const Page = lazyPage(vi.fn().mockRejectedValue(new Error('Failed to fetch dynamically imported module')));
    renderPage(Page);

    await act(() => vi.advanceTimersByTimeAsync(LAZY_PAGE_RETRY_DELAY_MS));
    expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeTruthy();
    const reports = fetchFn.mock.calls.filter(([path]) => path === '/api/log-error');
    expect(reports).toHaveLength(1);
    expect(reports[0]?.[1]).toMatchObject({ method: 'POST', keepalive: true });
    expect(JSON.parse(String(reports[0]?.[1]?.body))).toMatchObject({
      message: 'Failed to fetch dynamically imported module',
      component: 'PageErrorBoundary',
      action: 'lazy-load',
    });
    setErrorReporter(createErrorReporter());
  });
});
