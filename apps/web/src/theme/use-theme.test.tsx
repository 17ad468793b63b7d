import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, Outlet, RouterProvider, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ThemeSync, useTheme, useThemeStore } from './use-theme';

function ThemeProbe() {
  const { theme, setTheme } = useTheme();
  const location = useLocation();
  return (
    <>
      <p>
        {theme.name} {location.search}
      </p>
      <button type="button" onClick={() => setTheme('stripe')}>
        stripe
      </button>
    </>
  );
}

function renderAt(entry: string) {
  const router = createMemoryRouter(
    [
      {
        element: (
          <>
            <ThemeSync />
            <Outlet />
          </>
        ),
        children: [{ path: '*', element: <ThemeProbe /> }],
      },
    ],
    { initialEntries: [entry] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

const appliedTheme = () => document.documentElement.dataset.theme;

beforeEach(() => {
  useThemeStore.setState({ themeId: 'default' });
});
afterEach(() => {
  cleanup();
});

describe('theme selection by ?theme=', () => {
  it('applies the theme the URL names, and the default for an unknown one', async () => {
    renderAt('/login?theme=stripe');
    expect(await screen.findByText(/Stripe/)).toBeTruthy();
    expect(appliedTheme()).toBe('stripe');
    expect(document.documentElement.style.getPropertyValue('--vt-primary')).toBe('#635bff');
    cleanup();

    renderAt('/login?theme=neon');
    expect(await screen.findByText(/Default/)).toBeTruthy();
    expect(appliedTheme()).toBe('default');
  });

  it('setTheme rewrites the query parameter and keeps the others', async () => {
    const router = renderAt('/dashboard?payment=success');
    fireEvent.click(await screen.findByRole('button', { name: 'stripe' }));
    expect(router.state.location.search).toBe('?payment=success&theme=stripe');
    expect(appliedTheme()).toBe('stripe');
  });

  it('reapplies the theme on back and forward', async () => {
    const router = renderAt('/login?theme=stripe');
    await screen.findByText(/Stripe/);
    await act(() => router.navigate('/login?theme=default'));
    expect(appliedTheme()).toBe('default');
    await act(() => router.navigate(-1));
    expect(appliedTheme()).toBe('stripe');
    await act(() => router.navigate(1));
    expect(appliedTheme()).toBe('default');
  });

  it('keeps the theme across internal navigations that drop the parameter', async () => {
    const router = renderAt('/login?theme=stripe');
    await screen.findByText(/Stripe/);
    await act(() => router.navigate('/dashboard'));
    expect(appliedTheme()).toBe('stripe');
  });
});
