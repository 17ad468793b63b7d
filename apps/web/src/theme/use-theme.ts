import { defaultTheme, type Theme, type ThemeId } from '@vatlas/domain';
import { useEffect } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { create } from 'zustand';
import { applyTheme, findTheme, readThemeParam, THEME_QUERY_PARAM } from './theme-resolution';

type ThemeState = { themeId: ThemeId; setThemeId: (id: ThemeId) => void };

/**
 * The active theme. It sticks when a later URL has no theme parameter (internal redirects drop the
 * query), and changes whenever a URL names one — including on back/forward.
 */
export const useThemeStore = create<ThemeState>()((set) => ({
  themeId: readThemeParam(typeof window === 'undefined' ? '' : window.location.search) ?? defaultTheme.id,
  setThemeId: (themeId) => set({ themeId }),
}));

export function useTheme(): { theme: Theme; setTheme: (id: ThemeId) => void } {
  const themeId = useThemeStore((state) => state.themeId);
  const [, setSearchParams] = useSearchParams();
  const setTheme = (id: ThemeId) => {
    setSearchParams((params) => {
      params.set(THEME_QUERY_PARAM, id);
      return params;
    });
  };
  return { theme: findTheme(themeId), setTheme };
}

/** Follows the URL (router navigations and popstate alike) and writes the theme onto <html>. */
export function ThemeSync(): null {
  const { search } = useLocation();
  const themeId = useThemeStore((state) => state.themeId);
  const setThemeId = useThemeStore((state) => state.setThemeId);

  useEffect(() => {
    const requested = readThemeParam(search);
    if (requested) setThemeId(requested);
  }, [search, setThemeId]);

  useEffect(() => {
    applyTheme(findTheme(themeId));
  }, [themeId]);

  return null;
}
