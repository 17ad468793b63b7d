import type { QueryClient } from '@tanstack/react-query';
import type { ClientConfig } from '@vatlas/contract';
import type { AuthServices } from '../lib/auth/auth-services';
import {
  initializeAuth,
  recheckAuth,
  refreshInternalToken,
  signOut,
  startProactiveRefresh,
  switchCompany,
  switchTenant,
} from '../lib/auth/auth-session';
import { useAuthStore } from '../lib/auth/auth-store';
import { createProviderSession, type LockManagerLike } from '../lib/auth/provider-session';
import { createUserManager } from '../lib/auth/user-manager';
import { createHttpClient, type HttpClient } from '../lib/http/http-client';
import { type MessageRef, message } from '../lib/i18n/message';
import { readInternalToken } from '../lib/storage/token-storage';

/** Any other 403 re-runs the auth check at most this often, so a page that keeps meeting 403s cannot loop. */
export const ACCESS_DENIED_RECHECK_COOLDOWN_MS = 10_000;

/** Lets `run` through at most once per `intervalMs`. */
export function createCooldown(intervalMs: number, now: () => number = Date.now) {
  let lastRunAt: number | null = null;
  return (run: () => void): boolean => {
    const time = now();
    if (lastRunAt !== null && time - lastRunAt < intervalMs) return false;
    lastRunAt = time;
    run();
    return true;
  };
}

export type AuthRuntime = AuthServices & {
  /** Runs the start-up chain of spec §4 and then keeps the internal and provider tokens fresh. */
  start: () => Promise<void>;
};

const browserLocks = (): LockManagerLike | undefined =>
  typeof navigator !== 'undefined' && navigator.locks
    ? {
        request: <T>(name: string, callback: () => Promise<T>) => navigator.locks.request(name, callback) as Promise<T>,
      }
    : undefined;

/** Wires the provider client, the HTTP client and the auth store together once per page load. */
export function createAuthRuntime(
  config: ClientConfig,
  options: {
    origin: string;
    navigate: (path: string) => void;
    currentPath: () => string;
    /** Its caches hold the previous company's data; they are reset after every switch. */
    queryClient?: QueryClient;
  },
): AuthRuntime {
  const store = useAuthStore;
  const providerClient = createUserManager(config, options.origin);
  const providerSession = createProviderSession({ providerClient, locks: browserLocks() });
  let http: HttpClient;
  const refresh = () => refreshInternalToken({ providerClient, providerSession, http, store });
  const recheckOnce = createCooldown(ACCESS_DENIED_RECHECK_COOLDOWN_MS);

  http = createHttpClient({
    // The store holds this tab's token; storage (through its 5 s cache) covers a token written before the
    // store was hydrated.
    getToken: () => store.getState().token ?? readInternalToken(),
    refreshToken: refresh,
    onSessionExpired: (notice) => {
      store.getState().clearSession(notice);
      if (!options.currentPath().includes('/login')) options.navigate('/login');
    },
    onCompanyAccessDenied: (notice) => {
      store.getState().selectCompany(null);
      store.getState().setNotice(notice);
    },
    onAccessDenied: (notice) => {
      store.getState().setNotice(notice);
      recheckOnce(() => void recheckAuth({ http, store }));
    },
  });

  // The provider language follows the one the user already sees (B2C honours ui_locales too).
  const signInArgs = () => ({ ui_locales: document.documentElement.lang || 'en' });
  const deps = {
    providerClient,
    providerSession,
    http,
    store,
    getUrl: () => new URL(window.location.href),
    replaceUrl: options.navigate,
  };

  /** After a switch: no data of the previous company may stay on screen, and the guard picks the page. */
  const finishSwitch = async (outcome: MessageRef | null): Promise<MessageRef | null> => {
    if (outcome === null) {
      await options.queryClient?.resetQueries();
      options.navigate('/dashboard');
    } else if (!store.getState().error) {
      store.getState().setNotice(outcome);
    }
    return outcome;
  };

  return {
    http,
    signIn: async () => {
      const outcome = await providerSession.signInInteractively(signInArgs());
      if (outcome === 'existing-account') await initializeAuth(deps);
    },
    signOut: () => signOut({ providerClient, store, http }),
    switchCompany: async (companyId) => finishSwitch(await switchCompany({ http, store }, companyId)),
    switchTenant: async (tenantId) => finishSwitch(await switchTenant({ http, store }, tenantId)),
    start: async () => {
      // A page restored from the back/forward cache did not finish the redirect it started.
      window.addEventListener('pageshow', (event) => {
        if (event.persisted) providerSession.markInteractionFinished();
      });
      await initializeAuth(deps);
      startProactiveRefresh(store, refresh);
      providerSession.startSilentRefresh({
        onInteractionRequired: () => {
          store.getState().setLoading(message('loading.redirectingToSignIn'));
          providerSession.signInInteractively(signInArgs()).catch(() => {
            store.getState().setError(message('errors.authFailed'), 'sign-in');
          });
        },
        onCustomUiError: () => store.getState().setError(message('errors.authFailed'), 'sign-in'),
      });
    },
  };
}
