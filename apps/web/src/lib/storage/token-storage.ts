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

export function saveInternalToken(token: string): void {
  writeTo(sessionStorage, STORAGE_KEYS.internalToken, token);
  writeTo(localStorage, STORAGE_KEYS.internalToken, token);
}

/** Session storage first: it belongs to this tab and is the freshest copy. */
export function readInternalToken(): string | null {
  return readFrom(sessionStorage, STORAGE_KEYS.internalToken) ?? readFrom(localStorage, STORAGE_KEYS.internalToken);
}

export function clearInternalToken(): void {
  writeTo(sessionStorage, STORAGE_KEYS.internalToken, null);
  writeTo(localStorage, STORAGE_KEYS.internalToken, null);
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
