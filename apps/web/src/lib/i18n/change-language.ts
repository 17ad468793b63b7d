import { useMutation } from '@tanstack/react-query';
import { apiPaths, type UserProfile, userProfileSchema } from '@vatlas/contract';
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
 * The one way the SPA changes language (the top bar's switcher and the settings page): the interface switches at
 * once, then the choice is saved as the user's language (ChangeLanguage), which `applyUserLanguage` applies at the
 * next sign-in. The user in the store follows, so the root layout's sync of the user's language agrees with the
 * choice instead of switching back. `status` is the save's state, for a visible saved/failed message.
 */
export function useSwitchLanguage() {
  const { i18n } = useTranslation();
  const { mutate, status, reset } = useChangeLanguage();
  const current = toSupportedLanguage(i18n.language) ?? 'en';

  const switchLanguage = async (
    language: SupportedLanguage,
    callbacks: { onSuccess?: () => void; onError?: (error: Error) => void } = {},
  ) => {
    if (language === current) return;
    await showLanguage(i18n, language);
    const user = useAuthStore.getState().user;
    if (user) useAuthStore.setState({ user: { ...user, language } });
    mutate(language, { onSuccess: () => callbacks.onSuccess?.(), onError: (error) => callbacks.onError?.(error) });
  };

  return { current, switchLanguage, saveStatus: status, resetSaveStatus: reset };
}
