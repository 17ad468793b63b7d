import { useMutation } from '@tanstack/react-query';
import { apiPaths, type UserProfile, userProfileSchema } from '@vatlas/contract';
import { useAuthServices } from '../../../lib/auth/auth-services';
import type { HttpClient } from '../../../lib/http/http-client';
import type { SupportedLanguage } from '../../../lib/i18n/i18n';

/** POST /api/v1/User/ChangeLanguage/{language}: the user's language, applied at their next sign-in on any device. */
export function changeLanguage(http: HttpClient, language: SupportedLanguage): Promise<UserProfile> {
  return http.request(apiPaths.changeLanguage(language), { method: 'POST', schema: userProfileSchema });
}

export function useChangeLanguage() {
  const { http } = useAuthServices();
  return useMutation({ mutationFn: (language: SupportedLanguage) => changeLanguage(http, language) });
}
