import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type AuthServices, AuthServicesProvider } from '../../lib/auth/auth-services';
import { getInitialAuthState, useAuthStore } from '../../lib/auth/auth-store';
import { fakeAuthServices } from '../../test/auth-services';
import { createTestI18n } from '../../test/test-i18n';
import { useThemeStore } from '../../theme/use-theme';
import { LoginPage } from './login-page';

function renderLogin(services: Partial<AuthServices> = {}, language: 'en' | 'de' = 'en') {
  const value: AuthServices = { ...fakeAuthServices(vi.fn()), ...services };
  const router = createMemoryRouter([{ path: '/login', element: <LoginPage /> }], { initialEntries: ['/login'] });
  render(
    <I18nextProvider i18n={createTestI18n(language)}>
      <AuthServicesProvider value={value}>
        <RouterProvider router={router} />
      </AuthServicesProvider>
    </I18nextProvider>,
  );
  return { signIn: value.signIn };
}

beforeEach(() => {
  useAuthStore.setState({ ...getInitialAuthState(), isLoading: false });
  useThemeStore.setState({ explicitThemeId: null, tenantTheme: null });
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('LoginPage', () => {
  it('shows the spec §2 texts verbatim', () => {
    renderLogin();
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome Back' })).toBeTruthy();
    expect(screen.getByText('Please sign in to continue to your Vatlas account.')).toBeTruthy();
    const button = screen.getByRole('button', { name: 'Sign In with Microsoft' });
    expect(button.className).toContain('w-full');
  });

  it('starts the redirect sign-in from the button', async () => {
    const { signIn } = renderLogin();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Sign In with Microsoft' }));
    });
    expect(signIn).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Redirecting to sign in...' })).toBeTruthy();
  });

  it('is keyboard reachable: the button is a real, focusable button', () => {
    renderLogin();
    const button = screen.getByRole('button', { name: 'Sign In with Microsoft' });
    button.focus();
    expect(document.activeElement).toBe(button);
    expect(button.getAttribute('type')).toBe('button');
    expect(button.className).toContain('focus-visible:outline');
  });

  it('re-enables the button and only logs when the redirect cannot start', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderLogin({ signIn: vi.fn(async () => Promise.reject(new Error('metadata unreachable'))) });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Sign In with Microsoft' }));
    });
    expect(logged).toHaveBeenCalled();
    expect((screen.getByRole('button', { name: 'Sign In with Microsoft' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('shows why the user is back here after an expired session', () => {
    useAuthStore.setState({ error: { key: 'errors.sessionExpired' }, errorKind: 'session' });
    renderLogin();
    expect(screen.getByRole('alert').textContent).toBe('Session expired. Please sign in again.');
  });

  it('speaks German and uses the theme brand name', () => {
    renderLogin({}, 'de');
    expect(screen.getByRole('heading', { name: 'Willkommen zurück' })).toBeTruthy();
    expect(screen.getByText('Bitte melden Sie sich an, um mit Ihrem Vatlas-Konto fortzufahren.')).toBeTruthy();
    expect(document.documentElement.lang).toBe('de');
  });
});
