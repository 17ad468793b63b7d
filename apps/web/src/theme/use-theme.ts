import { defaultTheme, type Theme, type ThemeId } from '@vatlas/domain';
import { useEffect } from 'react';
import { useLocation, useNavigationType, useSearchParams } from 'react-router';
import { create } from 'zustand';
import { applyTheme, findTheme, readThemeParam, THEME_QUERY_PARAM } from './theme-resolution';

/**
 * The theme this tab asked for with ?theme=, kept in session storage for one purpose: the identity provider's
 * redirect sends the browser back to /login?code=…&state=… without our query, and the theme must survive it.
 */
export const EXPLICIT_THEME_STORAGE_KEY = 'vatlas.theme';

function readStoredThemeId(storage: Pick<Storage, 'getItem'>): ThemeId | null {
  try {
    const stored = storage.getItem(EXPLICIT_THEME_STORAGE_KEY);
    return stored ? (readThemeParam(`?${THEME_QUERY_PARAM}=${encodeURIComponent(stored)}`) ?? null) : null;
  } catch {
    return null;
  }
}

function storeThemeId(id: ThemeId | null): void {
  try {
    if (id) window.sessionStorage.setItem(EXPLICIT_THEME_STORAGE_KEY, id);
    else window.sessionStorage.removeItem(EXPLICIT_THEME_STORAGE_KEY);
  } catch {
    // Without storage the choice lasts as long as this page.
  }
}

const isProviderCallback = (params: URLSearchParams) =>
  params.has('state') && (params.has('code') || params.has('error'));

/**
 * The explicit theme a page load starts with: the URL's ?theme=, or — on the return from the identity provider —
 * the one remembered before the redirect. Any other load without the parameter starts without an explicit theme,
 * so the tenant's theme shows again.
 */
export function readInitialThemeId(search: string, storage: Pick<Storage, 'getItem'>): ThemeId | null {
  const fromUrl = readThemeParam(search);
  if (fromUrl) return fromUrl;
  return isProviderCallback(new URLSearchParams(search)) ? readStoredThemeId(storage) : null;
}

type ThemeState = {
  /** Named by ?theme= (or remembered from it in this tab); wins over everything else. */
  explicitThemeId: ThemeId | null;
  /** The selected tenant's theme (white label), or the one of /login?tenant=<slug>. */
  tenantTheme: Theme | null;
  setExplicitThemeId: (id: ThemeId | null) => void;
  setTenantTheme: (theme: Theme | null) => void;
};

/**
 * The active theme. An explicit choice sticks when a later URL has no theme parameter (internal redirects drop the
 * query), and changes whenever a URL names one — including on back/forward.
 */
export const useThemeStore = create<ThemeState>()((set) => ({
  explicitThemeId:
    typeof window === 'undefined' ? null : readInitialThemeId(window.location.search, window.sessionStorage),
  tenantTheme: null,
  setExplicitThemeId: (explicitThemeId) => {
    storeThemeId(explicitThemeId);
    set({ explicitThemeId });
  },
  setTenantTheme: (tenantTheme) => set({ tenantTheme }),
}));

/** Precedence: an explicit ?theme= wins; else the tenant's theme; else the default theme. */
export function selectActiveTheme(state: Pick<ThemeState, 'explicitThemeId' | 'tenantTheme'>): Theme {
  if (state.explicitThemeId) return findTheme(state.explicitThemeId);
  return state.tenantTheme ?? defaultTheme;
}

export function useTheme(): { theme: Theme; setTheme: (id: ThemeId) => void } {
  const theme = useThemeStore(selectActiveTheme);
  const [, setSearchParams] = useSearchParams();
  const setTheme = (id: ThemeId) => {
    setSearchParams((params) => {
      params.set(THEME_QUERY_PARAM, id);
      return params;
    });
  };
  return { theme, setTheme };
}

/**
 * The explicit theme of each history entry, by the router's location key, so going back to an entry restores the
 * theme it had — also an entry before any ?theme= was chosen — while new navigations keep the current one.
 */
const explicitThemeByEntry = new Map<string, ThemeId | null>();

/** For tests that mount a fresh router: its location keys start again from `default`. */
export function forgetThemeHistory(): void {
  explicitThemeByEntry.clear();
}

/** Follows the URL (router navigations and popstate alike) and writes the active theme onto <html>. */
export function ThemeSync(): null {
  const { search, key } = useLocation();
  const navigationType = useNavigationType();
  const theme = useThemeStore(selectActiveTheme);

  useEffect(() => {
    const { setExplicitThemeId } = useThemeStore.getState();
    const requested = readThemeParam(search);
    if (requested) setExplicitThemeId(requested);
    else if (navigationType === 'POP' && explicitThemeByEntry.has(key)) {
      setExplicitThemeId(explicitThemeByEntry.get(key) ?? null);
    }
    explicitThemeByEntry.set(key, useThemeStore.getState().explicitThemeId);
  }, [search, key, navigationType]);

  useEffect(() => {
    applyTheme(theme);
  }, [theme]);

  return null;
}
