import { useMutation } from '@tanstack/react-query';
import { apiPaths, type UserProfile, userProfileSchema } from '@vatlas/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { create } from 'zustand';
import { useAuthServices } from '../auth/auth-services';
import { useAuthStore } from '../auth/auth-store';
import type { HttpClient } from '../http/http-client';
import { type SupportedLanguage, showLanguage, toSupportedLanguage, useI18nInstance } from './i18n';

/** POST /api/v1/User/ChangeLanguage/{language}: the user's language, applied at their next sign-in on any device. */
export function changeLanguage(http: HttpClient, language: SupportedLanguage): Promise<UserProfile> {
  return http.request(apiPaths.changeLanguage(language), { method: 'POST', schema: userProfileSchema });
}

export function useChangeLanguage() {
  const { http } = useAuthServices();
  return useMutation({ mutationFn: (language: SupportedLanguage) => changeLanguage(http, language) });
}

/**
 * The language whose translations are being fetched, one for the whole SPA: every control that switches (the top
 * bar's and the settings page's) shows the same choice while it loads, whichever of them made it.
 */
const useLoadingLanguage = create<{ language: SupportedLanguage | null }>(() => ({ language: null }));

/**
 * The one way the SPA changes language (the top bar's switcher and the settings page): the interface switches as soon
 * as the language's translations are here (fetched the first time, `showLanguage`), then the choice is saved as the
 * user's language (ChangeLanguage), which `applyUserLanguage` applies at the next sign-in.
 *
 * While the translations load, `current` is already the chosen language in every control (a control shows the
 * choice, not the old one) and `loadStatus` is 'loading'; when they cannot be fetched, the control that asked says
 * 'error', the interface stays as it was and nothing is saved. `saveStatus` is the save's state, for a visible
 * saved/failed message.
 */
export function useSwitchLanguage() {
  // The wrapper re-renders this hook when the language changes; the instance is what is switched.
  const { i18n } = useTranslation();
  const instance = useI18nInstance();
  const { mutate, status, reset } = useChangeLanguage();
  const loading = useLoadingLanguage((state) => state.language);
  const [failed, setFailed] = useState<SupportedLanguage | null>(null);
  const shown = toSupportedLanguage(i18n.language) ?? 'en';
  const current = loading ?? shown;
  const loadStatus = loading !== null ? 'loading' : failed !== null ? 'error' : 'idle';

  const switchLanguage = async (
    language: SupportedLanguage,
    callbacks: { onSuccess?: () => void; onError?: (error: Error) => void; onLoadError?: () => void } = {},
  ) => {
    if (language === current) return;
    setFailed(null);
    useLoadingLanguage.setState({ language });
    // Only this choice's loading is ended here: a later choice, from any control, may be loading meanwhile.
    const settle = () => {
      const isLatest = useLoadingLanguage.getState().language === language;
      if (isLatest) useLoadingLanguage.setState({ language: null });
      return isLatest;
    };
    // The user in the store follows just before the switch, so the root layout's sync of the user's language agrees
    // with it instead of switching back.
    const followInStore = () => {
      const user = useAuthStore.getState().user;
      if (user) useAuthStore.setState({ user: { ...user, language } });
    };
    let isShown: boolean;
    try {
      isShown = await showLanguage(instance, language, followInStore);
    } catch {
      // Logged where the fetch failed (showLanguage); here the user is told.
      if (settle()) setFailed(language);
      callbacks.onLoadError?.();
      return;
    }
    settle();
    // A later choice made while this one loaded has won: this one is not saved.
    if (!isShown) return;
    mutate(language, { onSuccess: () => callbacks.onSuccess?.(), onError: (error) => callbacks.onError?.(error) });
  };

  return { current, switchLanguage, loadStatus, saveStatus: status, resetSaveStatus: reset };
}
