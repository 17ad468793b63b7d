import { apiPaths } from '@vatlas/contract';
import { AUTH_INIT_MAX_RETRIES } from '@vatlas/domain';
import { ErrorResponse } from 'oidc-client-ts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildCompanyDetails, buildCompanySummary, buildUser } from '../../test/fixtures';
import { createHttpClient } from '../http/http-client';
import { detectLanguage } from '../i18n/i18n';
import { resetInternalTokenCache, saveStoredLanguage } from '../storage/token-storage';
import {
  chooseCompanyId,
  getAuthInitBackoffMs,
  initializeAuth,
  recheckAuth,
  signOut,
  startProactiveRefresh,
  switchCompany,
  switchTenant,
} from './auth-session';
import { getInitialAuthState, useAuthStore } from './auth-store';
import type { ProviderClient } from './user-manager';

const base64Url = (value: object) =>
  btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
const makeJwt = (expiresInSeconds: number) =>
  `${base64Url({ alg: 'HS256' })}.${base64Url({ sub: 'u1', exp: Math.floor(Date.now() / 1000) + expiresInSeconds })}.sig`;

const INTERNAL = makeJwt(3600);
const json = (status: number, body: unknown, statusText = '') =>
  new Response(JSON.stringify(body), { status, statusText, headers: { 'Content-Type': 'application/json' } });

type FakeProviderUser = { access_token: string; expired: boolean };

function createProviderClient(
  user: FakeProviderUser | null,
  overrides: Partial<Record<keyof ProviderClient, unknown>> = {},
) {
  return {
    getUser: vi.fn(async () => user),
    signinRedirect: vi.fn(async () => undefined),
    signinRedirectCallback: vi.fn(async () => user),
    signinSilent: vi.fn(async () => ({ access_token: 'provider-renewed', expired: false })),
    signoutRedirect: vi.fn(async () => undefined),
    removeUser: vi.fn(async () => undefined),
    clearStaleState: vi.fn(async () => undefined),
    ...overrides,
  } as unknown as ProviderClient;
}

/** A fake API answering the three start-up calls; each answer can be replaced. */
function createApi(answers: Partial<Record<'exchange' | 'me' | 'company', () => Promise<Response>>> = {}) {
  const user = buildUser();
  return vi.fn(async (path: string | URL | Request, _init?: RequestInit) => {
    const url = String(path);
    if (url === apiPaths.tokenExchange)
      return (answers.exchange ?? (async () => json(200, { token: INTERNAL, expiration: new Date().toISOString() })))();
    if (url === apiPaths.userMe) return (answers.me ?? (async () => json(200, user)))();
    if (url.startsWith('/api/v1/Company/'))
      return (answers.company ?? (async () => json(200, buildCompanyDetails({ companyId: url.split('/').pop() }))))();
    return json(404, { code: 'not_found', message: 'Not found' });
  });
}

function setUp(options: { provider: ProviderClient; fetchFn: ReturnType<typeof createApi>; url?: string }) {
  const http = createHttpClient({
    fetchFn: options.fetchFn,
    getToken: () => useAuthStore.getState().token,
    refreshToken: async () => Promise.reject(new Error('not in these tests')),
    onSessionExpired: vi.fn(),
    onCompanyAccessDenied: vi.fn(),
    onAccessDenied: vi.fn(),
  });
  const replaceUrl = vi.fn();
  const sleep = vi.fn(async (_ms: number) => undefined);
  const run = () =>
    initializeAuth({
      providerClient: options.provider,
      http,
      store: useAuthStore,
      getUrl: () => new URL(options.url ?? 'http://localhost:3000/dashboard'),
      replaceUrl,
      sleep,
    });
  return { run, replaceUrl, sleep };
}

const headerOf = (call: unknown[] | undefined, name: string) =>
  ((call?.[1] as RequestInit | undefined)?.headers as Record<string, string> | undefined)?.[name];

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  resetInternalTokenCache();
  useAuthStore.setState(getInitialAuthState());
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('initializeAuth', () => {
  it('handles the provider redirect, exchanges the token and loads user and company', async () => {
    const provider = createProviderClient({ access_token: 'provider-token', expired: false });
    const fetchFn = createApi();
    const { run, replaceUrl } = setUp({ provider, fetchFn, url: 'http://localhost:3000/login?code=abc&state=xyz' });

    await run();

    expect(provider.signinRedirectCallback).toHaveBeenCalledWith('http://localhost:3000/login?code=abc&state=xyz');
    expect(replaceUrl).toHaveBeenCalledWith('/login');
    const [exchangeCall, meCall, companyCall] = fetchFn.mock.calls;
    expect(exchangeCall?.[0]).toBe('/api/v1/Token/Exchange');
    expect((exchangeCall?.[1] as RequestInit | undefined)?.method).toBe('POST');
    expect((exchangeCall?.[1] as RequestInit | undefined)?.body).toBeUndefined();
    expect(headerOf(exchangeCall, 'Authorization')).toBe('Bearer provider-token');
    // The language this device shows goes along, so a user created by this exchange starts in it.
    expect(headerOf(exchangeCall, 'Accept-Language')).toBe(detectLanguage());
    expect(meCall?.[0]).toBe('/api/v1/User/Me');
    expect(headerOf(meCall, 'Authorization')).toBe(`Bearer ${INTERNAL}`);
    expect(companyCall?.[0]).toBe('/api/v1/Company/company-1');

    expect(sessionStorage.getItem('tokenInternal')).toBe(INTERNAL);
    expect(localStorage.getItem('tokenInternal')).toBe(INTERNAL);
    expect(useAuthStore.getState()).toMatchObject({
      token: INTERNAL,
      isAuthenticated: true,
      isLoading: false,
      error: null,
      selectedCompanyId: 'company-1',
      selectedCompanyDetails: { companyId: 'company-1' },
    });
  });

  it('sends the language chosen on this device before sign-in with the exchange', async () => {
    saveStoredLanguage('pl');
    try {
      const fetchFn = createApi();
      const { run } = setUp({
        provider: createProviderClient({ access_token: 'provider-token', expired: false }),
        fetchFn,
        url: 'http://localhost:3000/login?code=abc&state=xyz',
      });
      await run();
      expect(headerOf(fetchFn.mock.calls[0], 'Accept-Language')).toBe('pl');
    } finally {
      saveStoredLanguage('en');
    }
  });

  it('renews an expired provider token with the refresh token before exchanging', async () => {
    const provider = createProviderClient({ access_token: 'stale', expired: true });
    const fetchFn = createApi();
    await setUp({ provider, fetchFn }).run();
    expect(provider.signinSilent).toHaveBeenCalledTimes(1);
    expect(headerOf(fetchFn.mock.calls[0], 'Authorization')).toBe('Bearer provider-renewed');
  });

  it('reuses a valid stored internal token when there is no provider user', async () => {
    sessionStorage.setItem('tokenInternal', INTERNAL);
    const fetchFn = createApi();
    await setUp({ provider: createProviderClient(null), fetchFn }).run();
    expect(fetchFn.mock.calls.map(([path]) => path)).toEqual(['/api/v1/User/Me', '/api/v1/Company/company-1']);
    expect(useAuthStore.getState().isAuthenticated).toBe(true);
  });

  it('removes an expired stored internal token and stays anonymous', async () => {
    localStorage.setItem('tokenInternal', makeJwt(5)); // inside the 10 s margin: counts as expired
    sessionStorage.setItem('tokenInternal', makeJwt(5));
    const fetchFn = createApi();
    await setUp({ provider: createProviderClient(null), fetchFn }).run();
    expect(fetchFn).not.toHaveBeenCalled();
    expect(localStorage.getItem('tokenInternal')).toBeNull();
    expect(sessionStorage.getItem('tokenInternal')).toBeNull();
    expect(useAuthStore.getState()).toMatchObject({ isAuthenticated: false, isLoading: false, error: null });
  });

  it('reports a refused exchange as "Token exchange failed: {status} {statusText}" without retrying', async () => {
    const fetchFn = createApi({
      exchange: async () => json(401, { code: 'invalid_token', message: 'bad' }, 'Unauthorized'),
    });
    const { run, sleep } = setUp({ provider: createProviderClient({ access_token: 'p', expired: false }), fetchFn });
    await run();
    expect(fetchFn).toHaveBeenCalledTimes(1);
    expect(sleep).not.toHaveBeenCalled();
    expect(useAuthStore.getState()).toMatchObject({
      isAuthenticated: false,
      isLoading: false,
      errorKind: 'connection',
      error: { key: 'errors.tokenExchangeFailed', values: { status: 401, statusText: 'Unauthorized' } },
    });
  });

  it('retries a network failure 3 times with backoff 1 s, 2 s, 4 s, then reports it', async () => {
    const fetchFn = createApi({ exchange: async () => Promise.reject(new TypeError('Failed to fetch')) });
    const { run, sleep } = setUp({ provider: createProviderClient({ access_token: 'p', expired: false }), fetchFn });
    await run();
    expect(fetchFn).toHaveBeenCalledTimes(AUTH_INIT_MAX_RETRIES + 1);
    expect(sleep.mock.calls.map(([ms]) => ms)).toEqual([1000, 2000, 4000]);
    expect(useAuthStore.getState().error).toEqual({ key: 'errors.network' });
  });

  it('succeeds when a retry succeeds', async () => {
    let calls = 0;
    const fetchFn = createApi({
      exchange: async () => {
        calls += 1;
        return calls === 1
          ? json(503, { code: 'unavailable', message: 'starting' }, 'Service Unavailable')
          : json(200, { token: INTERNAL, expiration: new Date().toISOString() });
      },
    });
    const { run, sleep } = setUp({ provider: createProviderClient({ access_token: 'p', expired: false }), fetchFn });
    await run();
    expect(sleep).toHaveBeenCalledTimes(1);
    expect(useAuthStore.getState()).toMatchObject({ isAuthenticated: true, error: null });
  });

  it('reports a failed Me call as "Failed to authenticate"', async () => {
    const fetchFn = createApi({ me: async () => json(400, { code: 'bad', message: 'bad' }, 'Bad Request') });
    await setUp({ provider: createProviderClient({ access_token: 'p', expired: false }), fetchFn }).run();
    expect(useAuthStore.getState().error).toEqual({ key: 'errors.authCheckFailed' });
  });

  it('reports a 403 on the company details as company access denied and drops the selection', async () => {
    const fetchFn = createApi({ company: async () => json(403, { code: 'forbidden', message: 'no' }, 'Forbidden') });
    await setUp({ provider: createProviderClient({ access_token: 'p', expired: false }), fetchFn }).run();
    expect(useAuthStore.getState()).toMatchObject({
      errorKind: 'company',
      error: { key: 'errors.companyAccessDenied' },
      selectedCompanyId: null,
      isAuthenticated: true,
    });
  });

  it('reports a failed provider callback as Sign In Failed and leaves no code in the URL', async () => {
    const provider = createProviderClient(null, {
      signinRedirectCallback: vi.fn(async () => Promise.reject(new Error('state mismatch'))),
    });
    const { run, replaceUrl } = setUp({ provider, fetchFn: createApi(), url: 'http://localhost/login?code=a&state=b' });
    await run();
    expect(replaceUrl).toHaveBeenCalledWith('/login');
    expect(useAuthStore.getState()).toMatchObject({ errorKind: 'sign-in', error: { key: 'errors.authFailed' } });
  });
});

describe('chooseCompanyId', () => {
  const user = buildUser({
    selectedCompanyId: 'company-1',
    companies: [buildCompanySummary({ id: 'company-1' }), buildCompanySummary({ id: 'company-2' })],
  });

  it('keeps the cached company when it is one of the user companies', () => {
    expect(chooseCompanyId(user, 'company-2', null)).toBe('company-2');
  });

  it("falls back to the user's selected company when the cached one is not theirs", () => {
    expect(chooseCompanyId(user, 'company-9', null)).toBe('company-1');
    expect(chooseCompanyId(user, null, null)).toBe('company-1');
  });

  it('keeps a just-created company (zip 00000) that the user list does not show yet', () => {
    expect(chooseCompanyId(user, 'company-new', { companyId: 'company-new', zipCode: '00000' })).toBe('company-new');
    expect(chooseCompanyId(user, 'company-new', { companyId: 'company-new', zipCode: '10115' })).toBe('company-1');
  });
});

describe('getAuthInitBackoffMs', () => {
  it('doubles from 1 s and caps at 5 s', () => {
    expect([0, 1, 2, 3, 4].map(getAuthInitBackoffMs)).toEqual([1000, 2000, 4000, 5000, 5000]);
  });
});

describe('startProactiveRefresh', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('renews when 5 minutes or less remain, checking every minute', async () => {
    useAuthStore.setState({ token: makeJwt(10 * 60), isAuthenticated: true });
    const refresh = vi.fn(async () => undefined);
    const stop = startProactiveRefresh(useAuthStore, refresh);

    expect(refresh).not.toHaveBeenCalled();
    // With the 10 s expiry margin the token has 5 min left after about 4 min 50 s.
    await vi.advanceTimersByTimeAsync(4 * 60_000);
    expect(refresh).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(refresh).toHaveBeenCalledTimes(1);
    stop();
    await vi.advanceTimersByTimeAsync(5 * 60_000);
    expect(refresh).toHaveBeenCalledTimes(1);
  });

  it('renews at once when started with a token close to expiry', () => {
    useAuthStore.setState({ token: makeJwt(60), isAuthenticated: true });
    const refresh = vi.fn(async () => undefined);
    const stop = startProactiveRefresh(useAuthStore, refresh);
    expect(refresh).toHaveBeenCalledTimes(1);
    stop();
  });
});

describe('signOut', () => {
  it('clears the internal tokens and redirects to the provider end-session', async () => {
    localStorage.setItem('tokenInternal', INTERNAL);
    sessionStorage.setItem('tokenInternal', INTERNAL);
    useAuthStore.setState({ token: INTERNAL, isAuthenticated: true, user: buildUser() });
    const provider = createProviderClient(null);
    await signOut({ providerClient: provider, store: useAuthStore });
    expect(provider.signoutRedirect).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem('tokenInternal')).toBeNull();
    expect(sessionStorage.getItem('tokenInternal')).toBeNull();
    expect(useAuthStore.getState()).toMatchObject({ token: null, user: null, isAuthenticated: false });
  });

  it('drops the provider user when the end-session redirect cannot start', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const provider = createProviderClient(null, {
      signoutRedirect: vi.fn(async () => Promise.reject(new Error('metadata unreachable'))),
    });
    await signOut({ providerClient: provider, store: useAuthStore });
    expect(provider.removeUser).toHaveBeenCalledTimes(1);
  });
});

describe('start-up chain: loading texts and provider errors (spec §2, §4, §8)', () => {
  it('shows each loading text of the chain in order', async () => {
    const seen: string[] = [];
    const unsubscribe = useAuthStore.subscribe((state, previous) => {
      if (state.loadingMessage !== previous.loadingMessage) seen.push(state.loadingMessage.key);
    });
    useAuthStore.setState({ loadingMessage: { key: 'none' } });
    seen.length = 0;
    await setUp({ provider: createProviderClient({ access_token: 'p', expired: false }), fetchFn: createApi() }).run();
    unsubscribe();
    expect(seen).toEqual([
      'loading.initializingAuthentication',
      'loading.initializingUserSession',
      'loading.loadingUserData',
      'loading.loadingBusinessDetails',
    ]);
  });

  it('an expired provider session needing interaction starts the interactive sign-in ("Redirecting to sign in...")', async () => {
    const provider = createProviderClient(
      { access_token: 'stale', expired: true },
      { signinSilent: vi.fn(async () => Promise.reject(new ErrorResponse({ error: 'login_required' }))) },
    );
    const fetchFn = createApi();
    await setUp({ provider, fetchFn }).run();
    expect(provider.signinRedirect).toHaveBeenCalledTimes(1);
    expect(fetchFn).not.toHaveBeenCalled();
    expect(useAuthStore.getState()).toMatchObject({
      isLoading: true,
      loadingMessage: { key: 'loading.redirectingToSignIn' },
    });
  });

  const callbackUrl = 'http://localhost/login?state=s&error=access_denied';
  const failingCallback = (error: unknown) =>
    createProviderClient(null, { signinRedirectCallback: vi.fn(async () => Promise.reject(error)) });

  it('user_cancelled returns to the sign-in card with "Authentication failed. Please try again."', async () => {
    const provider = failingCallback(
      new ErrorResponse({ error: 'access_denied', error_description: 'AADB2C90091: cancelled' }),
    );
    await setUp({ provider, fetchFn: createApi(), url: callbackUrl }).run();
    expect(useAuthStore.getState()).toMatchObject({
      isLoading: false,
      isAuthenticated: false,
      errorKind: 'session',
      error: { key: 'errors.authFailed' },
    });
  });

  it('AADB2C90047 clears the provider cache and shows Sign In Failed', async () => {
    const provider = failingCallback(new ErrorResponse({ error: 'server_error', error_description: 'AADB2C90047: x' }));
    await setUp({ provider, fetchFn: createApi(), url: callbackUrl }).run();
    expect(provider.removeUser).toHaveBeenCalledTimes(1);
    expect(provider.clearStaleState).toHaveBeenCalledTimes(1);
    expect(useAuthStore.getState()).toMatchObject({ errorKind: 'sign-in', error: { key: 'errors.authFailed' } });
  });

  it('server_error shows Sign In Failed; an unreachable provider shows the connection screen', async () => {
    await setUp({
      provider: failingCallback(new ErrorResponse({ error: 'server_error' })),
      fetchFn: createApi(),
      url: callbackUrl,
    }).run();
    expect(useAuthStore.getState()).toMatchObject({ errorKind: 'sign-in', error: { key: 'errors.authFailed' } });

    await setUp({
      provider: failingCallback(new TypeError('Failed to fetch')),
      fetchFn: createApi(),
      url: callbackUrl,
    }).run();
    expect(useAuthStore.getState()).toMatchObject({
      errorKind: 'connection',
      error: { key: 'errors.authServiceUnreachable' },
    });
  });

  it('a company-details failure other than 401/403/timeout is "Failed to load company details"', async () => {
    const fetchFn = createApi({ company: async () => json(500, { code: 'internal', message: 'x' }, 'Server Error') });
    await setUp({ provider: createProviderClient({ access_token: 'p', expired: false }), fetchFn }).run();
    expect(useAuthStore.getState()).toMatchObject({
      errorKind: 'company',
      error: { key: 'errors.companyDetailsFailed' },
    });
  });

  it('company details time out after 60,000 ms with the spec message', async () => {
    vi.useFakeTimers();
    const fetchFn = createApi({
      company: () => new Promise<Response>(() => undefined),
    });
    // The fake API ignores the abort signal: the HTTP client's own timer must end the wait.
    const hanging = vi.fn(async (path: string | URL | Request, init?: RequestInit) => {
      if (String(path).startsWith('/api/v1/Company/')) {
        return new Promise<Response>((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        });
      }
      return fetchFn(path, init);
    });
    const done = setUp({
      provider: createProviderClient({ access_token: 'p', expired: false }),
      fetchFn: hanging as typeof fetchFn,
    }).run();
    await vi.advanceTimersByTimeAsync(59_999);
    expect(useAuthStore.getState().error).toBeNull();
    await vi.advanceTimersByTimeAsync(1);
    await done;
    vi.useRealTimers();
    expect(useAuthStore.getState()).toMatchObject({
      errorKind: 'company',
      error: { key: 'errors.companyDetailsTimeout' },
    });
  });
});

describe('switching company and tenant', () => {
  const NEW_TOKEN = makeJwt(7200);
  const twoCompanies = buildUser({
    companies: [buildCompanySummary({ id: 'company-1' }), buildCompanySummary({ id: 'company-2' })],
  });

  function createSwitchApi(options: { change?: () => Promise<Response>; me?: () => unknown } = {}) {
    return vi.fn(async (path: string | URL | Request, _init?: RequestInit) => {
      const url = String(path);
      if (url.startsWith('/api/v1/Token/Change'))
        return (
          options.change ?? (async () => json(200, { token: NEW_TOKEN, expiration: new Date().toISOString() }))
        )();
      if (url === '/api/v1/User/Me')
        return json(200, options.me?.() ?? { ...twoCompanies, selectedCompanyId: 'company-2' });
      if (url.startsWith('/api/v1/Company/'))
        return json(200, buildCompanyDetails({ companyId: url.split('/').pop() }));
      return json(404, { code: 'not_found', message: 'Not found' });
    });
  }

  function createDeps(fetchFn: ReturnType<typeof createSwitchApi>) {
    const http = createHttpClient({
      fetchFn,
      getToken: () => useAuthStore.getState().token,
      refreshToken: async () => Promise.reject(new Error('no')),
      onSessionExpired: vi.fn(),
      onCompanyAccessDenied: () => useAuthStore.getState().selectCompany(null),
      onAccessDenied: vi.fn(),
    });
    return { http, store: useAuthStore };
  }

  beforeEach(() => {
    useAuthStore.getState().setToken(INTERNAL);
    useAuthStore.setState({ isAuthenticated: true, isLoading: false, user: twoCompanies });
    useAuthStore.getState().selectCompany('company-1');
  });

  it('calls Token/ChangeCompany, stores the new token under every key and reloads user and details', async () => {
    const fetchFn = createSwitchApi();
    const flags: boolean[] = [];
    const unsubscribe = useAuthStore.subscribe((state) => flags.push(state.isNavigatingToNewCompany));
    await expect(switchCompany(createDeps(fetchFn), 'company-2')).resolves.toBeNull();
    unsubscribe();

    expect(fetchFn.mock.calls.map(([path]) => path)).toEqual([
      '/api/v1/Token/ChangeCompany?companyId=company-2',
      '/api/v1/User/Me',
      '/api/v1/Company/company-2',
    ]);
    expect(headerOf(fetchFn.mock.calls[0], 'Authorization')).toBe(`Bearer ${INTERNAL}`);
    expect(headerOf(fetchFn.mock.calls[1], 'Authorization')).toBe(`Bearer ${NEW_TOKEN}`);
    expect(sessionStorage.getItem('tokenInternal')).toBe(NEW_TOKEN);
    expect(localStorage.getItem('tokenInternal')).toBe(NEW_TOKEN);
    expect(localStorage.getItem('selectedCompanyId')).toBe('company-2');
    expect(JSON.parse(localStorage.getItem('auth-store') ?? '{}').state).toEqual({
      token: NEW_TOKEN,
      selectedCompanyId: 'company-2',
      isNavigatingToNewCompany: false,
    });
    expect(flags).toContain(true);
    expect(useAuthStore.getState()).toMatchObject({
      isLoading: false,
      isNavigatingToNewCompany: false,
      selectedCompanyId: 'company-2',
      selectedCompanyDetails: { companyId: 'company-2' },
    });
  });

  it('a refused switch (403) keeps the previous company and answers the spec message', async () => {
    const fetchFn = createSwitchApi({
      change: async () => json(403, { code: 'forbidden', message: 'no' }, 'Forbidden'),
    });
    await expect(switchCompany(createDeps(fetchFn), 'company-9')).resolves.toEqual({
      key: 'errors.companyAccessDeniedSelected',
    });
    expect(useAuthStore.getState()).toMatchObject({
      token: INTERNAL,
      selectedCompanyId: 'company-1',
      isLoading: false,
      isNavigatingToNewCompany: false,
    });
  });

  it("Token/ChangeTenant, then the new tenant's default company", async () => {
    const fetchFn = createSwitchApi({
      me: () => ({
        ...twoCompanies,
        selectedTenantId: 'tenant-2',
        selectedCompanyId: 'company-5',
        companies: [buildCompanySummary({ id: 'company-5' }), buildCompanySummary({ id: 'company-6' })],
      }),
    });
    await expect(switchTenant(createDeps(fetchFn), 'tenant-2')).resolves.toBeNull();
    expect(fetchFn.mock.calls[0]?.[0]).toBe('/api/v1/Token/ChangeTenant?tenantId=tenant-2');
    expect(useAuthStore.getState()).toMatchObject({ token: NEW_TOKEN, selectedCompanyId: 'company-5' });
  });

  it('recheckAuth reloads Me and drops a company the user lost', async () => {
    const fetchFn = createSwitchApi({
      me: () => ({
        ...twoCompanies,
        selectedCompanyId: 'company-2',
        companies: [buildCompanySummary({ id: 'company-2' })],
      }),
    });
    await recheckAuth(createDeps(fetchFn));
    expect(fetchFn.mock.calls.map(([path]) => path)).toEqual(['/api/v1/User/Me', '/api/v1/Company/company-2']);
    expect(useAuthStore.getState().selectedCompanyId).toBe('company-2');
  });
});

describe('signOut with User/LogOut', () => {
  it('calls LogOut with the internal token before forgetting it', async () => {
    useAuthStore.getState().setToken(INTERNAL);
    useAuthStore.setState({ isAuthenticated: true });
    const order: string[] = [];
    const fetchFn = vi.fn(async (path: string | URL | Request, _init?: RequestInit) => {
      order.push(`${String(path)} token=${useAuthStore.getState().token ? 'present' : 'gone'}`);
      return new Response(null, { status: 204 });
    });
    const http = createHttpClient({
      fetchFn,
      getToken: () => null,
      refreshToken: async () => 'never',
      onSessionExpired: vi.fn(),
      onCompanyAccessDenied: vi.fn(),
      onAccessDenied: vi.fn(),
    });
    const provider = createProviderClient(null, {
      signoutRedirect: vi.fn(async () => {
        order.push('signoutRedirect');
      }),
    });
    await signOut({ providerClient: provider, store: useAuthStore, http });
    expect(order).toEqual(['/api/v1/User/LogOut token=present', 'signoutRedirect']);
    expect(headerOf(fetchFn.mock.calls[0], 'Authorization')).toBe(`Bearer ${INTERNAL}`);
    expect(useAuthStore.getState().token).toBeNull();
  });

  it('does not wait for a dead API longer than the short timeout', async () => {
    vi.useFakeTimers();
    useAuthStore.getState().setToken(INTERNAL);
    const http = { request: vi.fn(() => new Promise<never>(() => undefined)) };
    const provider = createProviderClient(null);
    const done = signOut({ providerClient: provider, store: useAuthStore, http, logOutTimeoutMs: 3_000 });
    await vi.advanceTimersByTimeAsync(2_999);
    expect(provider.signoutRedirect).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    await done;
    vi.useRealTimers();
    expect(provider.signoutRedirect).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem('tokenInternal')).toBeNull();
  });
});
