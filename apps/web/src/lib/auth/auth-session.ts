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
import {
  exchangeProviderToken,
  fetchCompanyDetails,
  fetchCurrentUser,
  requestCompanyChange,
  requestLogOut,
  requestTenantChange,
} from './auth-api';
import type { AuthErrorKind, AuthStore } from './auth-store';
import { classifyProviderError, describeProviderFailure } from './provider-errors';
import { createProviderSession, type ProviderSession } from './provider-session';
import type { ProviderClient } from './user-manager';

/** Sign-out waits at most this long for User/LogOut, so a dead API never keeps anyone signed in. */
export const LOGOUT_REQUEST_TIMEOUT_MS = 3_000;

export type AuthSessionDependencies = {
  providerClient: ProviderClient;
  http: HttpClient;
  store: AuthStore;
  /** The page URL at start-up (it may carry the provider's code and state). */
  getUrl: () => URL;
  /** Replaces the current history entry, so the single-use code never stays in history. */
  replaceUrl: (path: string) => void;
  sleep?: (ms: number) => Promise<void>;
  /** The serialised provider renewal and sign-in redirect; built from providerClient when absent. */
  providerSession?: ProviderSession;
};

const getProviderSession = (deps: Pick<AuthSessionDependencies, 'providerClient' | 'providerSession' | 'sleep'>) =>
  deps.providerSession ?? createProviderSession({ providerClient: deps.providerClient, sleep: deps.sleep });

/** Silent renewal said the person must act (spec §4): the chain stops and an interactive sign-in starts. */
class InteractionRequiredError extends Error {
  constructor() {
    super('interaction_required');
    this.name = 'InteractionRequiredError';
  }
}

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
async function findProviderUser(client: ProviderClient, session: ProviderSession) {
  const user = await client.getUser();
  if (!user) return null;
  if (!user.expired) return user;
  try {
    return await session.renewUser();
  } catch (error) {
    const failure = classifyProviderError(error);
    if (failure === 'interaction-required') throw new InteractionRequiredError();
    if (failure === 'custom-ui-error') {
      await session.clearProviderCache();
      throw new AuthInitError(message('errors.authFailed'), 'sign-in', false);
    }
    // A revoked or rotated-away refresh token…: forget it; a stored internal token may still carry on.
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

async function loadCompanyDetails(
  deps: Pick<AuthSessionDependencies, 'http' | 'store'>,
  companyId: string,
): Promise<void> {
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

async function loadSession(deps: AuthSessionDependencies, session: ProviderSession): Promise<void> {
  const { store } = deps;
  const providerUser = await findProviderUser(deps.providerClient, session);
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
  await loadUserAndCompany(deps);
  store.getState().finishLoading();
}

/** Me, then the company choice of spec §4, then its details. Throws AuthInitError with the spec §8 message. */
async function loadUserAndCompany(deps: Pick<AuthSessionDependencies, 'http' | 'store'>): Promise<void> {
  const { store } = deps;
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
}

/** Spec §4 start-up: provider redirect → account → internal token → user → company → details. */
export async function initializeAuth(deps: AuthSessionDependencies): Promise<void> {
  const sleep = deps.sleep ?? defaultSleep;
  const { store } = deps;
  store.getState().setLoading(message('loading.initializingAuthentication'));

  const session = getProviderSession(deps);
  const url = deps.getUrl();
  const isProviderRedirect =
    url.searchParams.has('state') && (url.searchParams.has('code') || url.searchParams.has('error'));
  // Whatever redirect this tab started has ended: either it came back here or the page was loaded afresh.
  session.markInteractionFinished();
  if (isProviderRedirect) {
    try {
      await deps.providerClient.signinRedirectCallback(url.href);
    } catch (error) {
      deps.replaceUrl('/login');
      await handleCallbackFailure(deps, session, error);
      return;
    }
    deps.replaceUrl('/login');
  }

  for (let attempt = 0; ; attempt += 1) {
    try {
      await loadSession(deps, session);
      return;
    } catch (error) {
      // The 401 path already cleared the session and sent the user to /login.
      if (isHttpError(error) && error.kind === 'session-expired') return;
      if (error instanceof InteractionRequiredError) {
        await redirectToSignIn(deps, session);
        return;
      }
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

/** Spec §8: the provider sent the person back with an error instead of a code. */
async function handleCallbackFailure(deps: AuthSessionDependencies, session: ProviderSession, error: unknown) {
  const { store } = deps;
  const failure = classifyProviderError(error);
  switch (failure) {
    case 'interaction-required':
      await redirectToSignIn(deps, session);
      return;
    case 'user-cancelled':
      // Nothing broke: back to the sign-in card, with the message, to try again.
      store.getState().clearSession(describeProviderFailure(failure));
      return;
    case 'custom-ui-error':
      await session.clearProviderCache();
      store.getState().setError(describeProviderFailure(failure), 'sign-in');
      return;
    case 'unreachable':
      store.getState().setError(describeProviderFailure(failure), 'connection');
      return;
    default:
      store.getState().setError(describeProviderFailure(failure), 'sign-in');
  }
}

/** The interactive sign-in of spec §4, shown as "Redirecting to sign in..." while the browser leaves. */
async function redirectToSignIn(deps: AuthSessionDependencies, session: ProviderSession): Promise<void> {
  const { store } = deps;
  store.getState().setLoading(message('loading.redirectingToSignIn'));
  try {
    const outcome = await session.signInInteractively();
    // An account appeared while another redirect finished: start over with it.
    if (outcome === 'existing-account') await initializeAuth(deps);
  } catch (error) {
    store.getState().setError(describeProviderFailure(classifyProviderError(error)), 'connection');
  }
}

/** The 401 path: renew the provider token with the refresh token, then exchange it again. */
export async function refreshInternalToken(
  deps: Pick<AuthSessionDependencies, 'providerClient' | 'http' | 'store' | 'providerSession'>,
) {
  const providerUser = await getProviderSession(deps).renewUser();
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

/**
 * Spec §4 "any other 403": re-run the auth check without a spinner — reload Me and drop a company that is no
 * longer the user's. Failures are left to the HTTP client's own rules (401 refresh, notices).
 */
export async function recheckAuth(deps: Pick<AuthSessionDependencies, 'http' | 'store'>): Promise<void> {
  const { store } = deps;
  if (!store.getState().isAuthenticated) return;
  let user: User;
  try {
    user = await fetchCurrentUser(deps.http);
  } catch {
    return;
  }
  store.getState().setUser(user);
  const current = store.getState();
  const companyId = chooseCompanyId(user, current.selectedCompanyId, current.selectedCompanyDetails);
  if (companyId === current.selectedCompanyId) return;
  current.selectCompany(companyId);
  if (!companyId) return;
  try {
    store.getState().setCompanyDetails(await fetchCompanyDetails(deps.http, companyId));
  } catch {
    // The guard sends a user without details to a choice; the notice already explains the 403.
  }
}

/** The outcome of a switch: null when it worked, else the message to show. */
export type SwitchOutcome = MessageRef | null;

async function switchWithToken(
  deps: Pick<AuthSessionDependencies, 'http' | 'store'>,
  options: { loading: MessageRef; requestToken: () => Promise<string>; prepare: () => void },
): Promise<SwitchOutcome> {
  const { store } = deps;
  const previousCompanyId = store.getState().selectedCompanyId;
  store.getState().setNavigatingToNewCompany(true);
  store.getState().setLoading(options.loading);
  try {
    let token: string;
    try {
      token = await options.requestToken();
    } catch (error) {
      if (isHttpError(error) && error.kind === 'session-expired') return message('errors.sessionExpired');
      // The old token and company still hold: keep working with them (a 403 cleared the selection).
      store.getState().selectCompany(previousCompanyId);
      store.getState().finishLoading();
      if (isHttpError(error) && error.status === 403) return message('errors.companyAccessDeniedSelected');
      if (isHttpError(error) && (error.kind === 'network' || error.kind === 'timeout'))
        return message('errors.network');
      return message('errors.switchFailed');
    }
    store.getState().setToken(token);
    options.prepare();
    try {
      await loadUserAndCompany(deps);
    } catch (error) {
      if (isHttpError(error) && error.kind === 'session-expired') return message('errors.sessionExpired');
      const failure =
        error instanceof AuthInitError
          ? error
          : new AuthInitError(message('errors.authInitFailed'), 'connection', false);
      store.getState().setError(failure.notice, failure.kind);
      return failure.notice;
    }
    store.getState().finishLoading();
    return null;
  } finally {
    store.getState().setNavigatingToNewCompany(false);
  }
}

/** Token/ChangeCompany, then the user and the new company's details are loaded again (spec §6). */
export function switchCompany(
  deps: Pick<AuthSessionDependencies, 'http' | 'store'>,
  companyId: string,
): Promise<SwitchOutcome> {
  return switchWithToken(deps, {
    loading: message('loading.loadingTaxDashboard'),
    requestToken: () => requestCompanyChange(deps.http, companyId),
    prepare: () => deps.store.getState().selectCompany(companyId),
  });
}

/** Token/ChangeTenant; the companies differ per tenant, so the user's default company of the new tenant is used. */
export function switchTenant(
  deps: Pick<AuthSessionDependencies, 'http' | 'store'>,
  tenantId: string,
): Promise<SwitchOutcome> {
  return switchWithToken(deps, {
    loading: message('loading.preparingDashboard'),
    requestToken: () => requestTenantChange(deps.http, tenantId),
    prepare: () => deps.store.getState().selectCompany(null),
  });
}

/**
 * Sign-out: User/LogOut first (it revokes every internal token issued so far), awaited only briefly; then the
 * internal token is forgotten, so even a failed provider sign-out leaves nothing usable behind.
 */
export async function signOut(
  deps: Pick<AuthSessionDependencies, 'providerClient' | 'store'> & { http?: HttpClient; logOutTimeoutMs?: number },
): Promise<void> {
  const token = deps.store.getState().token;
  if (deps.http && token) {
    const timeoutMs = deps.logOutTimeoutMs ?? LOGOUT_REQUEST_TIMEOUT_MS;
    let timer: ReturnType<typeof setTimeout> | undefined;
    await Promise.race([
      requestLogOut(deps.http, token, timeoutMs).catch(() => undefined),
      new Promise<void>((resolve) => {
        timer = setTimeout(resolve, timeoutMs);
      }),
    ]);
    clearTimeout(timer);
  }
  deps.store.getState().clearSession();
  try {
    await deps.providerClient.signoutRedirect();
  } catch (error) {
    // Without the provider's end-session page, at least drop its tokens so a reload cannot sign back in.
    await deps.providerClient.removeUser().catch(() => undefined);
    console.error('Provider sign-out failed:', error instanceof Error ? error.message : 'unknown error');
  }
}
