import type { User } from '@vatlas/contract';
import {
  AUTH_INIT_BACKOFF_CAP_MS,
  AUTH_INIT_BACKOFF_START_MS,
  AUTH_INIT_MAX_RETRIES,
  isJustCreatedCompany,
  isTokenValid,
  msUntilTokenExpiry,
  PROACTIVE_REFRESH_CHECK_INTERVAL_MS,
  PROACTIVE_REFRESH_WINDOW_MS,
} from '@vatlas/domain';
import type { HttpClient } from '../http/http-client';
import { isHttpError } from '../http/http-error';
import { type MessageRef, message } from '../i18n/message';
import { clearInternalToken, readInternalToken, readSelectedCompanyId } from '../storage/token-storage';
import { exchangeProviderToken, fetchCompanyDetails, fetchCurrentUser } from './auth-api';
import type { AuthErrorKind, AuthStore } from './auth-store';
import type { ProviderClient } from './user-manager';

export type AuthSessionDependencies = {
  providerClient: ProviderClient;
  http: HttpClient;
  store: AuthStore;
  /** The page URL at start-up (it may carry the provider's code and state). */
  getUrl: () => URL;
  /** Replaces the current history entry, so the single-use code never stays in history. */
  replaceUrl: (path: string) => void;
  sleep?: (ms: number) => Promise<void>;
};

/** A failure of the start-up chain, already mapped to the spec §8 message and its screen. */
export class AuthInitError extends Error {
  constructor(
    readonly notice: MessageRef,
    readonly kind: AuthErrorKind,
    readonly isRetryable: boolean,
  ) {
    super(notice.key);
    this.name = 'AuthInitError';
  }
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Spec §9: exponential backoff from 1 s, capped at 5 s. attempt counts from 0. */
export function getAuthInitBackoffMs(attempt: number): number {
  return Math.min(AUTH_INIT_BACKOFF_START_MS * 2 ** attempt, AUTH_INIT_BACKOFF_CAP_MS);
}

const isTransient = (error: unknown): boolean =>
  isHttpError(error) && (error.kind === 'network' || error.kind === 'timeout' || error.status >= 500);

async function exchange(deps: AuthSessionDependencies, providerAccessToken: string): Promise<string> {
  try {
    const token = await exchangeProviderToken(deps.http, providerAccessToken);
    deps.store.getState().setToken(token);
    return token;
  } catch (error) {
    if (isHttpError(error) && error.kind === 'http') {
      throw new AuthInitError(
        message('errors.tokenExchangeFailed', { status: error.status, statusText: error.statusText }),
        'connection',
        error.status >= 500,
      );
    }
    if (isHttpError(error) && (error.kind === 'network' || error.kind === 'timeout')) {
      throw new AuthInitError(message('errors.network'), 'connection', true);
    }
    throw new AuthInitError(message('errors.authInitFailed'), 'connection', false);
  }
}

/** A provider user whose access token expired is renewed with its refresh token; null when that fails. */
async function findProviderUser(client: ProviderClient) {
  const user = await client.getUser();
  if (!user) return null;
  if (!user.expired) return user;
  try {
    return await client.signinSilent();
  } catch {
    // interaction_required, login_required, a revoked refresh token…: the user signs in again.
    await client.removeUser();
    return null;
  }
}

/** Spec §4: keep the cached company if it is still the user's (or was created moments ago), else the user's default. */
export function chooseCompanyId(
  user: User,
  cachedCompanyId: string | null,
  cachedDetails: { companyId: string; zipCode: string } | null,
): string | null {
  if (cachedCompanyId) {
    if (user.companies.some((company) => company.id === cachedCompanyId)) return cachedCompanyId;
    if (cachedDetails?.companyId === cachedCompanyId && isJustCreatedCompany(cachedDetails)) return cachedCompanyId;
  }
  if (user.selectedCompanyId) return user.selectedCompanyId;
  // A single membership leaves nothing to choose; the guards would otherwise treat it as unselected.
  return user.companies.length === 1 ? (user.companies[0]?.id ?? null) : null;
}

async function loadCompanyDetails(deps: AuthSessionDependencies, companyId: string): Promise<void> {
  const state = deps.store.getState();
  state.setLoading(message('loading.loadingBusinessDetails'));
  try {
    state.setCompanyDetails(await fetchCompanyDetails(deps.http, companyId));
  } catch (error) {
    if (isHttpError(error) && error.kind === 'session-expired') throw error;
    if (isHttpError(error) && error.kind === 'timeout') {
      throw new AuthInitError(message('errors.companyDetailsTimeout'), 'company', false);
    }
    if (isHttpError(error) && (error.status === 401 || error.status === 403)) {
      deps.store.getState().selectCompany(null);
      throw new AuthInitError(message('errors.companyAccessDenied'), 'company', false);
    }
    throw new AuthInitError(message('errors.companyDetailsFailed'), 'company', false);
  }
}

async function loadSession(deps: AuthSessionDependencies): Promise<void> {
  const { store } = deps;
  const providerUser = await findProviderUser(deps.providerClient);
  if (providerUser) {
    store.getState().setLoading(message('loading.initializingUserSession'));
    await exchange(deps, providerUser.access_token);
  } else {
    const stored = readInternalToken();
    if (!isTokenValid(stored)) {
      clearInternalToken();
      store.getState().clearSession();
      return;
    }
    store.getState().setToken(stored as string);
  }

  store.getState().setLoading(message('loading.loadingUserData'));
  let user: User;
  try {
    user = await fetchCurrentUser(deps.http);
  } catch (error) {
    if (isHttpError(error) && error.kind === 'session-expired') throw error;
    throw new AuthInitError(message('errors.authCheckFailed'), 'connection', isTransient(error));
  }
  store.getState().setUser(user);

  const current = store.getState();
  const companyId = chooseCompanyId(
    user,
    current.selectedCompanyId ?? readSelectedCompanyId(),
    current.selectedCompanyDetails,
  );
  current.selectCompany(companyId);
  if (companyId) await loadCompanyDetails(deps, companyId);
  store.getState().finishLoading();
}

/** Spec §4 start-up: provider redirect → account → internal token → user → company → details. */
export async function initializeAuth(deps: AuthSessionDependencies): Promise<void> {
  const sleep = deps.sleep ?? defaultSleep;
  const { store } = deps;
  store.getState().setLoading(message('loading.initializingAuthentication'));

  const url = deps.getUrl();
  const isProviderRedirect =
    url.searchParams.has('state') && (url.searchParams.has('code') || url.searchParams.has('error'));
  if (isProviderRedirect) {
    try {
      await deps.providerClient.signinRedirectCallback(url.href);
    } catch {
      deps.replaceUrl('/login');
      store.getState().setError(message('errors.authFailed'), 'sign-in');
      return;
    }
    deps.replaceUrl('/login');
  }

  for (let attempt = 0; ; attempt += 1) {
    try {
      await loadSession(deps);
      return;
    } catch (error) {
      // The 401 path already cleared the session and sent the user to /login.
      if (isHttpError(error) && error.kind === 'session-expired') return;
      const failure =
        error instanceof AuthInitError
          ? error
          : new AuthInitError(message('errors.authInitFailed'), 'connection', false);
      if (!failure.isRetryable || attempt >= AUTH_INIT_MAX_RETRIES) {
        store.getState().setError(failure.notice, failure.kind);
        return;
      }
      await sleep(getAuthInitBackoffMs(attempt));
    }
  }
}

/** The 401 path: renew the provider token with the refresh token, then exchange it again. */
export async function refreshInternalToken(deps: Pick<AuthSessionDependencies, 'providerClient' | 'http' | 'store'>) {
  const providerUser = await deps.providerClient.signinSilent();
  if (!providerUser) throw new Error('No provider session to renew');
  const token = await exchangeProviderToken(deps.http, providerUser.access_token);
  deps.store.getState().setToken(token);
  return token;
}

/** Spec §4/§9: check every minute and renew when 5 minutes or less remain. Returns a stop function. */
export function startProactiveRefresh(
  store: AuthStore,
  refresh: () => Promise<unknown>,
  intervalMs: number = PROACTIVE_REFRESH_CHECK_INTERVAL_MS,
): () => void {
  let isRefreshing = false;
  const check = () => {
    const token = store.getState().token;
    if (!token || isRefreshing || !store.getState().isAuthenticated) return;
    const remaining = msUntilTokenExpiry(token);
    if (remaining === undefined || remaining > PROACTIVE_REFRESH_WINDOW_MS) return;
    isRefreshing = true;
    refresh()
      .catch(() => undefined) // a failure here is handled by the next 401
      .finally(() => {
        isRefreshing = false;
      });
  };
  check();
  const timer = setInterval(check, intervalMs);
  return () => clearInterval(timer);
}

/** Forgets the internal token first, so even a failed provider sign-out leaves nothing usable behind. */
export async function signOut(deps: Pick<AuthSessionDependencies, 'providerClient' | 'store'>): Promise<void> {
  deps.store.getState().clearSession();
  try {
    await deps.providerClient.signoutRedirect();
  } catch (error) {
    // Without the provider's end-session page, at least drop its tokens so a reload cannot sign back in.
    await deps.providerClient.removeUser().catch(() => undefined);
    console.error('Provider sign-out failed:', error instanceof Error ? error.message : 'unknown error');
  }
}
