import { act, cleanup, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { useTransactionFilters } from './use-transaction-filters';

type Api = ReturnType<typeof useTransactionFilters>;

const current: { api?: Api } = {};
function Probe() {
  current.api = useTransactionFilters();
  return null;
}

function renderAt(url: string) {
  const router = createMemoryRouter([{ path: '/transactions', element: <Probe /> }], { initialEntries: [url] });
  render(<RouterProvider router={router} />);
  return { router, api: () => current.api as Api };
}

afterEach(cleanup);

describe('useTransactionFilters', () => {
  it('reads the filters of a dashboard link and writes changes back to the URL', () => {
    const { router, api } = renderAt('/transactions?jurisdiction=DE&month=2026-03');
    expect(api().filters).toMatchObject({ jurisdiction: 'DE', month: '2026-03', sort: 'date-desc' });

    act(() => api().setFilter('type', 'REFUND'));
    expect(router.state.location.search).toBe('?jurisdiction=DE&month=2026-03&type=REFUND');
    act(() => api().setSort('date-asc'));
    expect(router.state.location.search).toBe('?jurisdiction=DE&month=2026-03&type=REFUND&sort=date-asc');
    act(() => api().setFilter('jurisdiction', ''));
    expect(api().filters.jurisdiction).toBeUndefined();

    act(() => api().clearFilters());
    expect(router.state.location.search).toBe('?sort=date-asc');
    expect(api().filters).toEqual({ sort: 'date-asc' });
  });

  it('follows the URL when it changes from outside (back, a link)', async () => {
    const { router, api } = renderAt('/transactions');
    await act(() => router.navigate('/transactions?country=FR&search=MUG'));
    expect(api().filters).toMatchObject({ country: 'FR', search: 'MUG' });
  });
});
