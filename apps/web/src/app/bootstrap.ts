import type { ClientConfig } from '@vatlas/contract';
import type { AuthServices } from '../lib/auth/auth-services';
import { initializeAuth, refreshInternalToken, signOut, startProactiveRefresh } from '../lib/auth/auth-session';
import { useAuthStore } from '../lib/auth/auth-store';
import { createUserManager } from '../lib/auth/user-manager';
import { createHttpClient, type HttpClient } from '../lib/http/http-client';

export type AuthRuntime = AuthServices & {
  /** Runs the start-up chain of spec §4 and then keeps the internal token fresh. */
  start: () => Promise<void>;
};

/** Wires the provider client, the HTTP client and the auth store together once per page load. */
export function createAuthRuntime(
  config: ClientConfig,
  options: { origin: string; navigate: (path: string) => void; currentPath: () => string },
): AuthRuntime {
  const store = useAuthStore;
  const providerClient = createUserManager(config, options.origin);
  let http: HttpClient;
  const refresh = () => refreshInternalToken({ providerClient, http, store });

  http = createHttpClient({
    getToken: () => store.getState().token,
    refreshToken: refresh,
    onSessionExpired: (notice) => {
      store.getState().clearSession(notice);
      if (!options.currentPath().includes('/login')) options.navigate('/login');
    },
    onCompanyAccessDenied: (notice) => {
      store.getState().selectCompany(null);
      store.getState().setNotice(notice);
    },
    onAccessDenied: (notice) => store.getState().setNotice(notice),
  });

  return {
    http,
    // The provider's sign-in page speaks the language the user already sees (B2C honours ui_locales too).
    signIn: () => providerClient.signinRedirect({ ui_locales: document.documentElement.lang || 'en' }),
    signOut: () => signOut({ providerClient, store }),
    start: async () => {
      await initializeAuth({
        providerClient,
        http,
        store,
        getUrl: () => new URL(window.location.href),
        replaceUrl: options.navigate,
      });
      startProactiveRefresh(store, refresh);
    },
  };
}
