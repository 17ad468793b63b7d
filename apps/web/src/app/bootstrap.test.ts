import type { ClientConfig } from '@vatlas/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getInitialAuthState, useAuthStore } from '../lib/auth/auth-store';
import { ACCESS_DENIED_RECHECK_COOLDOWN_MS, createAuthRuntime, createCooldown } from './bootstrap';

const config: ClientConfig = {
  environment: 'test',
  auth: {
    provider: 'embedded',
    authority: 'http://localhost:3000/idp',
    clientId: 'vatlas-web',
    scope: 'openid profile email offline_access',
    redirectPath: '/login',
    postLogoutRedirectPath: '/login',
    extraQueryParams: {},
  },
  features: { useB2CAuth: false, questionnaireV2: true, addressSuggestions: false },
};

const answer = (status: number) =>
  new Response(JSON.stringify({ code: 'denied', message: 'denied' }), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });

function startRuntime(currentPath = '/dashboard') {
  const navigate = vi.fn();
  const runtime = createAuthRuntime(config, {
    origin: 'http://localhost:3000',
    navigate,
    currentPath: () => currentPath,
  });
  return { runtime, navigate };
}

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  useAuthStore.setState({ ...getInitialAuthState(), isLoading: false, isAuthenticated: true, token: 'a.b.c' });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('createAuthRuntime wiring', () => {
  it('a 403 on a company endpoint drops the company selection and tells the user', async () => {
    useAuthStore.getState().selectCompany('company-1');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => answer(403)),
    );
    const { runtime } = startRuntime();
    await expect(runtime.http.request('/api/v1/Company/company-1')).rejects.toMatchObject({ status: 403 });
    expect(useAuthStore.getState().selectedCompanyId).toBeNull();
    expect(localStorage.getItem('selectedCompanyId')).toBeNull();
    expect(useAuthStore.getState().notice).toEqual({ key: 'errors.companyAccessDeniedSelected' });
  });

  it('a 401 without a provider session to renew ends the session and goes to /login', async () => {
    saveTokens();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => answer(401)),
    );
    const { runtime, navigate } = startRuntime('/settings');
    await expect(runtime.http.request('/api/v1/User/Me')).rejects.toMatchObject({ kind: 'session-expired' });
    expect(navigate).toHaveBeenCalledWith('/login');
    expect(useAuthStore.getState()).toMatchObject({
      token: null,
      isAuthenticated: false,
      error: { key: 'errors.sessionExpired' },
    });
    expect(localStorage.getItem('tokenInternal')).toBeNull();
    expect(sessionStorage.getItem('tokenInternal')).toBeNull();
  });
});

describe('any other 403 re-runs the auth check at most once per 10 s', () => {
  it('createCooldown lets one run through per 10,000 ms', () => {
    let time = 0;
    const gate = createCooldown(ACCESS_DENIED_RECHECK_COOLDOWN_MS, () => time);
    const run = vi.fn();
    expect(gate(run)).toBe(true);
    time = 9_999;
    expect(gate(run)).toBe(false);
    time = 10_000;
    expect(gate(run)).toBe(true);
    expect(run).toHaveBeenCalledTimes(2);
    expect(ACCESS_DENIED_RECHECK_COOLDOWN_MS).toBe(10_000);
  });

  it('a 403 outside the company families shows the notice and reloads Me once, not in a loop', async () => {
    const fetchFn = vi.fn(async (_path: string | URL | Request) => answer(403));
    vi.stubGlobal('fetch', fetchFn);
    const { runtime } = startRuntime();
    await expect(runtime.http.request('/api/v1/User')).rejects.toMatchObject({ status: 403 });
    await vi.waitFor(() => expect(fetchFn.mock.calls.map(([path]) => String(path))).toContain('/api/v1/User/Me'));
    // Me itself answers 403: that is "another 403" too, but the cooldown stops the loop.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(fetchFn.mock.calls.map(([path]) => String(path))).toEqual(['/api/v1/User', '/api/v1/User/Me']);
    expect(useAuthStore.getState().notice).toEqual({ key: 'errors.accessDenied' });
  });
});

function saveTokens() {
  localStorage.setItem('tokenInternal', 'a.b.c');
  sessionStorage.setItem('tokenInternal', 'a.b.c');
}
