import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getInitialAuthState, useAuthStore } from '../auth/auth-store';
import {
  clearInternalToken,
  readInternalToken,
  resetInternalTokenCache,
  STORAGE_KEYS,
  saveInternalToken,
} from './token-storage';

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  resetInternalTokenCache();
  useAuthStore.setState(getInitialAuthState());
});
afterEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

describe('token storage', () => {
  it('uses the spec §3 key names', () => {
    expect(STORAGE_KEYS).toMatchObject({
      internalToken: 'tokenInternal',
      selectedCompanyId: 'selectedCompanyId',
      authStore: 'auth-store',
    });
  });

  it('keeps the internal token in session AND local storage, and clears both', () => {
    saveInternalToken('a.b.c');
    expect(sessionStorage.getItem('tokenInternal')).toBe('a.b.c');
    expect(localStorage.getItem('tokenInternal')).toBe('a.b.c');
    expect(readInternalToken()).toBe('a.b.c');
    clearInternalToken();
    expect(sessionStorage.getItem('tokenInternal')).toBeNull();
    expect(localStorage.getItem('tokenInternal')).toBeNull();
  });

  it('reads the local copy when this tab has none (a new tab)', () => {
    localStorage.setItem('tokenInternal', 'x.y.z');
    expect(readInternalToken()).toBe('x.y.z');
  });
});

describe('in-memory token cache (spec §9: 5 s)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('answers from memory for 5 seconds, then reads storage again', () => {
    sessionStorage.setItem('tokenInternal', 'first.t.k');
    const getItem = vi.spyOn(Storage.prototype, 'getItem');
    expect(readInternalToken()).toBe('first.t.k');
    const readsAfterFirst = getItem.mock.calls.length;
    expect(readsAfterFirst).toBeGreaterThan(0);

    // Another tab (or anything not using this module) changes storage: not seen while the cache is fresh.
    sessionStorage.setItem('tokenInternal', 'second.t.k');
    vi.advanceTimersByTime(4_999);
    expect(readInternalToken()).toBe('first.t.k');
    expect(getItem.mock.calls.length).toBe(readsAfterFirst + 0);

    vi.advanceTimersByTime(1);
    expect(readInternalToken()).toBe('second.t.k');
    expect(getItem.mock.calls.length).toBeGreaterThan(readsAfterFirst);
  });

  it('sees its own writes and clears at once', () => {
    saveInternalToken('a.b.c');
    expect(readInternalToken()).toBe('a.b.c');
    clearInternalToken();
    expect(readInternalToken()).toBeNull();
    saveInternalToken('d.e.f');
    expect(readInternalToken()).toBe('d.e.f');
  });
});

describe('auth-store', () => {
  it('persists exactly { token, selectedCompanyId, isNavigatingToNewCompany } under "auth-store"', () => {
    const store = useAuthStore.getState();
    store.setToken('t.o.k');
    store.selectCompany('company-1');
    store.setNavigatingToNewCompany(true);
    store.setUser({
      userId: 'u1',
      email: 'seller@vatlas.test',
      firstName: 'Sam',
      lastName: 'Seller',
      language: 'en',
      selectedCompanyId: 'company-1',
      selectedCompany: null,
      selectedTenantId: null,
      tenants: [],
      companies: [],
      isAdmin: false,
    });

    const persisted = JSON.parse(localStorage.getItem('auth-store') ?? 'null') as { state: unknown };
    expect(persisted.state).toEqual({ token: 't.o.k', selectedCompanyId: 'company-1', isNavigatingToNewCompany: true });
    // No personal data leaves memory through the persisted record.
    expect(localStorage.getItem('auth-store')).not.toContain('seller@vatlas.test');
    expect(localStorage.getItem('tokenInternal')).toBe('t.o.k');
    expect(sessionStorage.getItem('tokenInternal')).toBe('t.o.k');
    expect(localStorage.getItem('selectedCompanyId')).toBe('company-1');
  });

  it('clearSession removes the tokens everywhere and keeps the message to show', () => {
    const store = useAuthStore.getState();
    store.setToken('t.o.k');
    store.selectCompany('company-1');
    store.clearSession({ key: 'errors.sessionExpired' });

    const state = useAuthStore.getState();
    expect(state).toMatchObject({ token: null, user: null, isAuthenticated: false, isLoading: false });
    expect(state.error).toEqual({ key: 'errors.sessionExpired' });
    expect(localStorage.getItem('tokenInternal')).toBeNull();
    expect(sessionStorage.getItem('tokenInternal')).toBeNull();
    expect(localStorage.getItem('selectedCompanyId')).toBeNull();
  });
});
