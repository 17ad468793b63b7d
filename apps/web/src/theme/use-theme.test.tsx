import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { buildTenantTheme } from '@vatlas/domain';
import { createMemoryRouter, Outlet, RouterProvider, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  EXPLICIT_THEME_STORAGE_KEY,
  forgetThemeHistory,
  readInitialThemeId,
  ThemeSync,
  useTheme,
  useThemeStore,
} from './use-theme';

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
  useThemeStore.setState({ explicitThemeId: null, tenantTheme: null });
  forgetThemeHistory();
});
afterEach(() => {
  cleanup();
  window.sessionStorage.clear();
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

  it('restores an entry that had no theme parameter to the theme it had (back before ?theme= was chosen)', async () => {
    const router = renderAt('/dashboard');
    await screen.findByText(/Default/);
    await act(() => router.navigate('/dashboard?theme=stripe'));
    expect(appliedTheme()).toBe('stripe');
    await act(() => router.navigate(-1));
    expect(appliedTheme()).toBe('default');
    await act(() => router.navigate(1));
    expect(appliedTheme()).toBe('stripe');
  });

  it('remembers the explicit theme in session storage, where the sign-in redirect cannot lose it', async () => {
    renderAt('/login?theme=stripe');
    await screen.findByText(/Stripe/);
    expect(window.sessionStorage.getItem(EXPLICIT_THEME_STORAGE_KEY)).toBe('stripe');
  });

  it('restores the remembered theme on the return from the identity provider, and only there', () => {
    const storage = { getItem: (key: string) => (key === EXPLICIT_THEME_STORAGE_KEY ? 'stripe' : null) };
    expect(readInitialThemeId('?code=abc&state=xyz', storage)).toBe('stripe');
    expect(readInitialThemeId('?error=access_denied&state=xyz', storage)).toBe('stripe');
    expect(readInitialThemeId('?code=abc&state=xyz&theme=default', storage)).toBe('default');
    expect(readInitialThemeId('', storage)).toBeNull();
    expect(readInitialThemeId('?payment=success', storage)).toBeNull();
    expect(readInitialThemeId('?code=abc&state=xyz', { getItem: () => 'neon' })).toBe('default');
    expect(readInitialThemeId('?code=abc&state=xyz', { getItem: () => null })).toBeNull();
  });
});

describe('tenant themes', () => {
  const tenantTheme = buildTenantTheme({
    baseThemeId: 'default',
    tenantName: 'Fjord Tax',
    overrides: { colors: { primary: '#0f766e' } },
  });

  it('applies the tenant theme when no ?theme= is given, and ?theme= wins over it', async () => {
    useThemeStore.getState().setTenantTheme(tenantTheme);
    const router = renderAt('/dashboard');
    expect(await screen.findByText(/Fjord Tax/)).toBeTruthy();
    expect(document.documentElement.style.getPropertyValue('--vt-primary')).toBe('#0f766e');
    await act(() => router.navigate('/dashboard?theme=stripe'));
    expect(document.documentElement.style.getPropertyValue('--vt-primary')).toBe('#635bff');
  });

  it('changes the look at once when the tenant theme changes (a tenant switch)', async () => {
    renderAt('/dashboard');
    await screen.findByText(/Default/);
    act(() => useThemeStore.getState().setTenantTheme(tenantTheme));
    expect(document.documentElement.style.getPropertyValue('--vt-primary')).toBe('#0f766e');
    act(() => useThemeStore.getState().setTenantTheme(null));
    expect(document.documentElement.style.getPropertyValue('--vt-primary')).toBe('#1171ff');
  });
});
