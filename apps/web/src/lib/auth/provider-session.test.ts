import { ErrorResponse } from 'oidc-client-ts';
import { afterEach, beforeEach, describe, expect, it, type Mock, vi } from 'vitest';
import { createProviderSession, type LockManagerLike, SIGN_IN_STARTED_KEY } from './provider-session';
import type { ProviderClient } from './user-manager';

type FakeUser = { access_token: string; refresh_token?: string; expired: boolean };

function createProvider(user: FakeUser | null, overrides: Partial<Record<keyof ProviderClient, unknown>> = {}) {
  return {
    getUser: vi.fn(async () => user),
    signinRedirect: vi.fn(async () => undefined),
    signinRedirectCallback: vi.fn(async () => user),
    signinSilent: vi.fn(async () => ({ access_token: 'renewed', refresh_token: 'r2', expired: false })),
    signoutRedirect: vi.fn(async () => undefined),
    removeUser: vi.fn(async () => undefined),
    clearStaleState: vi.fn(async () => undefined),
    ...overrides,
  } as unknown as ProviderClient & { [K in keyof ProviderClient]: Mock };
}

const signedIn: FakeUser = { access_token: 'a', refresh_token: 'r1', expired: false };

beforeEach(() => {
  sessionStorage.clear();
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('renewUser', () => {
  it('runs one renewal at a time: concurrent callers share it', async () => {
    const provider = createProvider(signedIn);
    const session = createProviderSession({ providerClient: provider });
    const [first, second] = await Promise.all([session.renewUser(), session.renewUser()]);
    expect(first).toBe(second);
    expect(provider.signinSilent).toHaveBeenCalledTimes(1);
  });

  it('holds the cross-tab lock and takes the token another tab renewed meanwhile', async () => {
    const renewedElsewhere: FakeUser = { access_token: 'b', refresh_token: 'r-other-tab', expired: false };
    const provider = createProvider(signedIn);
    provider.getUser.mockResolvedValueOnce(signedIn).mockResolvedValueOnce(renewedElsewhere);
    const locks: LockManagerLike = { request: vi.fn((_name, callback) => callback()) };
    const session = createProviderSession({ providerClient: provider, locks });
    await expect(session.renewUser()).resolves.toBe(renewedElsewhere);
    expect(locks.request).toHaveBeenCalledWith('vatlas-provider-renewal', expect.any(Function));
    expect(provider.signinSilent).not.toHaveBeenCalled();
  });
});

describe('startSilentRefresh (spec §9: every 5 minutes, 3 retries waiting 1 s × attempt)', () => {
  const handlers = () => ({ onInteractionRequired: vi.fn(), onCustomUiError: vi.fn() });

  it('renews the provider token every 300,000 ms', async () => {
    const provider = createProvider(signedIn);
    const stop = createProviderSession({ providerClient: provider }).startSilentRefresh(handlers());
    await vi.advanceTimersByTimeAsync(299_999);
    expect(provider.signinSilent).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(provider.signinSilent).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(300_000);
    expect(provider.signinSilent).toHaveBeenCalledTimes(2);
    stop();
    await vi.advanceTimersByTimeAsync(600_000);
    expect(provider.signinSilent).toHaveBeenCalledTimes(2);
  });

  it('does nothing without a provider session', async () => {
    const provider = createProvider(null);
    const stop = createProviderSession({ providerClient: provider }).startSilentRefresh(handlers());
    await vi.advanceTimersByTimeAsync(300_000);
    expect(provider.signinSilent).not.toHaveBeenCalled();
    stop();
  });

  it('retries a failure 3 times after 1 s, 2 s and 3 s, then gives up quietly', async () => {
    const provider = createProvider(signedIn, {
      signinSilent: vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    });
    const calls = handlers();
    const stop = createProviderSession({ providerClient: provider }).startSilentRefresh(calls);
    await vi.advanceTimersByTimeAsync(300_000);
    expect(provider.signinSilent).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(999);
    expect(provider.signinSilent).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(provider.signinSilent).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1_999);
    expect(provider.signinSilent).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(provider.signinSilent).toHaveBeenCalledTimes(3);
    await vi.advanceTimersByTimeAsync(3_000);
    expect(provider.signinSilent).toHaveBeenCalledTimes(4);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(provider.signinSilent).toHaveBeenCalledTimes(4);
    expect(calls.onInteractionRequired).not.toHaveBeenCalled();
    stop();
  });

  it.each(['interaction_required', 'consent_required', 'login_required'])(
    '%s is not retried: it asks for interactive sign-in',
    async (code) => {
      const provider = createProvider(signedIn, {
        signinSilent: vi.fn(async () => Promise.reject(new ErrorResponse({ error: code }))),
      });
      const calls = handlers();
      const stop = createProviderSession({ providerClient: provider }).startSilentRefresh(calls);
      await vi.advanceTimersByTimeAsync(300_000 + 10_000);
      expect(provider.signinSilent).toHaveBeenCalledTimes(1);
      expect(calls.onInteractionRequired).toHaveBeenCalledTimes(1);
      stop();
    },
  );

  it('AADB2C90047 clears the provider cache and reports the error', async () => {
    const provider = createProvider(signedIn, {
      signinSilent: vi.fn(async () =>
        Promise.reject(new ErrorResponse({ error: 'server_error', error_description: 'AADB2C90047: script errors' })),
      ),
    });
    const calls = handlers();
    const stop = createProviderSession({ providerClient: provider }).startSilentRefresh(calls);
    await vi.advanceTimersByTimeAsync(300_000);
    expect(provider.removeUser).toHaveBeenCalledTimes(1);
    expect(provider.clearStaleState).toHaveBeenCalledTimes(1);
    expect(calls.onCustomUiError).toHaveBeenCalledTimes(1);
    stop();
  });
});

describe('signInInteractively (interaction in progress: recheck after 1 s)', () => {
  it('starts a redirect and records it', async () => {
    const provider = createProvider(null);
    const session = createProviderSession({ providerClient: provider });
    await expect(session.signInInteractively({ ui_locales: 'de' })).resolves.toBe('redirecting');
    expect(provider.signinRedirect).toHaveBeenCalledWith({ ui_locales: 'de' });
    expect(sessionStorage.getItem(SIGN_IN_STARTED_KEY)).not.toBeNull();
    expect(session.isInteractionInProgress()).toBe(true);
  });

  it('does not start a second redirect while one is in progress; rechecks after 1000 ms', async () => {
    const provider = createProvider(null);
    const session = createProviderSession({ providerClient: provider });
    await session.signInInteractively();
    const second = session.signInInteractively();
    await vi.advanceTimersByTimeAsync(999);
    expect(provider.getUser).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    await expect(second).resolves.toBe('in-progress');
    expect(provider.getUser).toHaveBeenCalledTimes(1);
    expect(provider.signinRedirect).toHaveBeenCalledTimes(1);
  });

  it('uses an account that appeared during the wait', async () => {
    const provider = createProvider(signedIn);
    sessionStorage.setItem(SIGN_IN_STARTED_KEY, String(Date.now()));
    const outcome = createProviderSession({ providerClient: provider }).signInInteractively();
    await vi.advanceTimersByTimeAsync(1_000);
    await expect(outcome).resolves.toBe('existing-account');
    expect(provider.signinRedirect).not.toHaveBeenCalled();
  });

  it('ignores a record older than the 60 s redirect window', async () => {
    const provider = createProvider(null);
    sessionStorage.setItem(SIGN_IN_STARTED_KEY, String(Date.now() - 60_000));
    await expect(createProviderSession({ providerClient: provider }).signInInteractively()).resolves.toBe(
      'redirecting',
    );
  });

  it('forgets the record when the redirect cannot start', async () => {
    const provider = createProvider(null, {
      signinRedirect: vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    });
    const session = createProviderSession({ providerClient: provider });
    await expect(session.signInInteractively()).rejects.toThrow('Failed to fetch');
    expect(session.isInteractionInProgress()).toBe(false);
  });
});
