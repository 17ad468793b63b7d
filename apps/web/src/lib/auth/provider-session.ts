import {
  INTERACTION_IN_PROGRESS_RECHECK_MS,
  REDIRECT_WINDOW_HASH_TIMEOUT_MS,
  SILENT_REFRESH_INTERVAL_MS,
  SILENT_REFRESH_MAX_RETRIES,
  SILENT_REFRESH_RETRY_UNIT_MS,
} from '@vatlas/domain';
import type { User as ProviderUser, SigninRedirectArgs } from 'oidc-client-ts';
import { classifyProviderError, type ProviderFailure } from './provider-errors';
import type { ProviderClient } from './user-manager';

/** sessionStorage key: when this tab last started a sign-in redirect (epoch ms). */
export const SIGN_IN_STARTED_KEY = 'vatlas.signInStartedAt';
/** Web Locks name shared by every tab of the origin, so two tabs never spend the same refresh token. */
const RENEWAL_LOCK_NAME = 'vatlas-provider-renewal';

export type LockManagerLike = {
  request: <T>(name: string, callback: () => Promise<T>) => Promise<T>;
};

export type ProviderSessionOptions = {
  providerClient: ProviderClient;
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
  /** navigator.locks where the browser has it; without it renewals are serialised within this tab only. */
  locks?: LockManagerLike;
  storage?: Storage;
};

export type SignInOutcome = 'redirecting' | 'existing-account' | 'in-progress';

export type SilentRefreshHandlers = {
  onInteractionRequired: () => void;
  onCustomUiError: () => void;
};

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function createProviderSession(options: ProviderSessionOptions) {
  const { providerClient } = options;
  const sleep = options.sleep ?? defaultSleep;
  const now = options.now ?? Date.now;
  const storage = options.storage ?? sessionStorage;
  let pendingRenewal: Promise<ProviderUser> | null = null;

  /**
   * The provider rotates refresh tokens and revokes the whole grant when a spent one is used again, so
   * renewals must never overlap — in this tab (single flight) nor across tabs (Web Lock). A tab that waited
   * for the lock takes the token another tab just obtained instead of spending the rotated one.
   */
  function renewUser(): Promise<ProviderUser> {
    if (pendingRenewal) return pendingRenewal;
    const renew = async () => {
      const before = await providerClient.getUser();
      const runLocked = async () => {
        const current = await providerClient.getUser();
        if (current && !current.expired && before && current.refresh_token !== before.refresh_token) return current;
        const renewed = await providerClient.signinSilent();
        if (!renewed) throw new Error('No provider session to renew');
        return renewed;
      };
      return options.locks ? options.locks.request(RENEWAL_LOCK_NAME, runLocked) : runLocked();
    };
    pendingRenewal = renew().finally(() => {
      pendingRenewal = null;
    });
    return pendingRenewal;
  }

  /** AADB2C90047 and friends: forget the provider user and any half-finished sign-in state. */
  async function clearProviderCache(): Promise<void> {
    await providerClient.removeUser().catch(() => undefined);
    await providerClient.clearStaleState().catch(() => undefined);
    markInteractionFinished();
  }

  function readInteractionStart(): number | null {
    try {
      const value = Number(storage.getItem(SIGN_IN_STARTED_KEY));
      return Number.isFinite(value) && value > 0 ? value : null;
    } catch {
      return null;
    }
  }

  /** A redirect older than the provider's window timeout has certainly ended (the tab left and came back). */
  function isInteractionInProgress(): boolean {
    const startedAt = readInteractionStart();
    return startedAt !== null && now() - startedAt < REDIRECT_WINDOW_HASH_TIMEOUT_MS;
  }

  function markInteractionFinished(): void {
    try {
      storage.removeItem(SIGN_IN_STARTED_KEY);
    } catch {
      // Storage unavailable: nothing was recorded either.
    }
  }

  /**
   * Spec §8 interaction_in_progress: never start a second redirect; after 1 s use an account that appeared
   * meanwhile, or leave the running redirect alone.
   */
  async function signInInteractively(args?: SigninRedirectArgs): Promise<SignInOutcome> {
    if (isInteractionInProgress()) {
      await sleep(INTERACTION_IN_PROGRESS_RECHECK_MS);
      const user = await providerClient.getUser();
      if (user && !user.expired) return 'existing-account';
      if (isInteractionInProgress()) return 'in-progress';
    }
    try {
      storage.setItem(SIGN_IN_STARTED_KEY, String(now()));
    } catch {
      // Without storage the guard is this page's memory only; the redirect still goes ahead.
    }
    try {
      await providerClient.signinRedirect(args);
    } catch (error) {
      markInteractionFinished();
      throw error;
    }
    return 'redirecting';
  }

  /** Renews with up to 3 retries, waiting 1 s × attempt; failures that need the person are not retried. */
  async function renewWithRetries(): Promise<{ failure: ProviderFailure } | { user: ProviderUser }> {
    for (let attempt = 0; ; attempt += 1) {
      try {
        return { user: await renewUser() };
      } catch (error) {
        const failure = classifyProviderError(error);
        if (failure === 'interaction-required' || failure === 'custom-ui-error') return { failure };
        if (attempt >= SILENT_REFRESH_MAX_RETRIES) return { failure };
        await sleep(SILENT_REFRESH_RETRY_UNIT_MS * (attempt + 1));
      }
    }
  }

  /** Spec §9: renew the provider token every 5 minutes while a provider session exists. Returns a stop function. */
  function startSilentRefresh(handlers: SilentRefreshHandlers, intervalMs = SILENT_REFRESH_INTERVAL_MS): () => void {
    let isRunning = false;
    let isStopped = false;
    const tick = async () => {
      if (isRunning || isStopped) return;
      isRunning = true;
      try {
        if (!(await providerClient.getUser())) return;
        const outcome = await renewWithRetries();
        if (isStopped || !('failure' in outcome)) return;
        if (outcome.failure === 'interaction-required') handlers.onInteractionRequired();
        else if (outcome.failure === 'custom-ui-error') {
          await clearProviderCache();
          handlers.onCustomUiError();
        }
        // Anything else: the internal token is still valid; the 401 path decides when it no longer is.
      } finally {
        isRunning = false;
      }
    };
    const timer = setInterval(() => void tick(), intervalMs);
    return () => {
      isStopped = true;
      clearInterval(timer);
    };
  }

  return {
    renewUser,
    clearProviderCache,
    isInteractionInProgress,
    markInteractionFinished,
    signInInteractively,
    startSilentRefresh,
  };
}

export type ProviderSession = ReturnType<typeof createProviderSession>;
