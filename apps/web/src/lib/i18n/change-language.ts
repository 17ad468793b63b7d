import { useMutation } from '@tanstack/react-query';
import { apiPaths, type UserProfile, userProfileSchema } from '@vatlas/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuthServices } from '../auth/auth-services';
import { useAuthStore } from '../auth/auth-store';
import type { HttpClient } from '../http/http-client';
import { type SupportedLanguage, showLanguage, toSupportedLanguage } from './i18n';

/** POST /api/v1/User/ChangeLanguage/{language}: the user's language, applied at their next sign-in on any device. */
export function changeLanguage(http: HttpClient, language: SupportedLanguage): Promise<UserProfile> {
  return http.request(apiPaths.changeLanguage(language), { method: 'POST', schema: userProfileSchema });
}

export function useChangeLanguage() {
  const { http } = useAuthServices();
  return useMutation({ mutationFn: (language: SupportedLanguage) => changeLanguage(http, language) });
}

/**
 * The one way the SPA changes language (the top bar's switcher and the settings page): the interface switches as soon
 * as the language's translations are here (fetched the first time, `showLanguage`), then the choice is saved as the
 * user's language (ChangeLanguage), which `applyUserLanguage` applies at the next sign-in.
 *
 * While the translations load, `current` is already the chosen language (a control shows the choice, not the old
 * one) and `loadStatus` is 'loading'; when they cannot be fetched it is 'error', the interface stays as it was and
 * nothing is saved. `saveStatus` is the save's state, for a visible saved/failed message.
 */
export function useSwitchLanguage() {
  const { i18n } = useTranslation();
  const { mutate, status, reset } = useChangeLanguage();
  const [pending, setPending] = useState<{ language: SupportedLanguage; status: 'loading' | 'error' } | null>(null);
  const shown = toSupportedLanguage(i18n.language) ?? 'en';
  const current = pending?.status === 'loading' ? pending.language : shown;
  const loadStatus = pending?.status ?? 'idle';

  const switchLanguage = async (
    language: SupportedLanguage,
    callbacks: { onSuccess?: () => void; onError?: (error: Error) => void; onLoadError?: () => void } = {},
  ) => {
    if (language === current) return;
    setPending({ language, status: 'loading' });
    // Only this choice's state is ended here: a later choice may be loading meanwhile.
    const settle = (next: { language: SupportedLanguage; status: 'error' } | null) =>
      setPending((now) => (now?.language === language ? next : now));
    // The user in the store follows just before the switch, so the root layout's sync of the user's language agrees
    // with it instead of switching back.
    const followInStore = () => {
      const user = useAuthStore.getState().user;
      if (user) useAuthStore.setState({ user: { ...user, language } });
    };
    let isShown: boolean;
    try {
      isShown = await showLanguage(i18n, language, followInStore);
    } catch {
      // Logged where the fetch failed (showLanguage); here the user is told.
      settle({ language, status: 'error' });
      callbacks.onLoadError?.();
      return;
    }
    settle(null);
    // A later choice made while this one loaded has won: this one is not saved.
    if (!isShown) return;
    mutate(language, { onSuccess: () => callbacks.onSuccess?.(), onError: (error) => callbacks.onError?.(error) });
  };

  return { current, switchLanguage, loadStatus, saveStatus: status, resetSaveStatus: reset };
}
