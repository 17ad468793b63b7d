import { TOKEN_MEMORY_CACHE_MS } from '@vatlas/domain';

/**
 * Browser storage keys of spec §3. The internal token lives in BOTH session and local storage:
 * session storage survives reloads of this tab, local storage lets a new tab reuse the session.
 */
export const STORAGE_KEYS = {
  internalToken: 'tokenInternal',
  selectedCompanyId: 'selectedCompanyId',
  authStore: 'auth-store',
  language: 'language',
  skipPaymentOverlay: 'skipPaymentOverlay',
} as const;

function readFrom(storage: Storage, key: string): string | null {
  try {
    return storage.getItem(key);
  } catch {
    // Storage can throw (privacy mode, quota); a missing value is the honest answer then.
    return null;
  }
}

function writeTo(storage: Storage, key: string, value: string | null): void {
  try {
    if (value === null) storage.removeItem(key);
    else storage.setItem(key, value);
  } catch {
    // Same as above: the app keeps working from memory.
  }
}

/**
 * Spec §9: reads of the internal token go through a 5-second memory cache, because every request asks for
 * it and storage access is synchronous and slow. Writes through this module update the cache at once, so
 * only a change made elsewhere (another tab) can be up to 5 seconds late.
 */
let cachedToken: { value: string | null; readAt: number } | null = null;

export function saveInternalToken(token: string): void {
  writeTo(sessionStorage, STORAGE_KEYS.internalToken, token);
  writeTo(localStorage, STORAGE_KEYS.internalToken, token);
  cachedToken = { value: token, readAt: Date.now() };
}

/** Session storage first: it belongs to this tab and is the freshest copy. */
export function readInternalToken(): string | null {
  const now = Date.now();
  if (cachedToken && now - cachedToken.readAt < TOKEN_MEMORY_CACHE_MS) return cachedToken.value;
  const value =
    readFrom(sessionStorage, STORAGE_KEYS.internalToken) ?? readFrom(localStorage, STORAGE_KEYS.internalToken);
  cachedToken = { value, readAt: now };
  return value;
}

export function clearInternalToken(): void {
  writeTo(sessionStorage, STORAGE_KEYS.internalToken, null);
  writeTo(localStorage, STORAGE_KEYS.internalToken, null);
  cachedToken = { value: null, readAt: Date.now() };
}

/** Forgets the memory cache (a new page load starts without one; tests start from here). */
export function resetInternalTokenCache(): void {
  cachedToken = null;
}

export function saveSelectedCompanyId(companyId: string | null): void {
  writeTo(localStorage, STORAGE_KEYS.selectedCompanyId, companyId);
}

export function readSelectedCompanyId(): string | null {
  return readFrom(localStorage, STORAGE_KEYS.selectedCompanyId);
}

export function readStoredLanguage(): string | null {
  return readFrom(localStorage, STORAGE_KEYS.language);
}

export function saveStoredLanguage(language: string): void {
  writeTo(localStorage, STORAGE_KEYS.language, language);
}

export function hasPaymentOverlaySkipFlag(): boolean {
  return readFrom(localStorage, STORAGE_KEYS.skipPaymentOverlay) !== null;
}

export function clearPaymentOverlaySkipFlag(): void {
  writeTo(localStorage, STORAGE_KEYS.skipPaymentOverlay, null);
}
