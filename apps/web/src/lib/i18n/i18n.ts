import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LOCALE_LANGUAGES, type LocaleTree, translations } from '../../locales/resources';
import { readStoredLanguage, saveStoredLanguage } from '../storage/token-storage';

/** The interface languages (issue 7): the same six the API accepts as a user's language. */
export const SUPPORTED_LANGUAGES = LOCALE_LANGUAGES;
export type SupportedLanguage = (typeof SUPPORTED_LANGUAGES)[number];

export const resources = Object.fromEntries(
  SUPPORTED_LANGUAGES.map((language) => [language, { translation: translations[language] }]),
) as Record<SupportedLanguage, { translation: LocaleTree }>;

/** "de-AT" → "de"; anything we do not translate → undefined. */
export function toSupportedLanguage(value: string | null | undefined): SupportedLanguage | undefined {
  const base = value?.toLowerCase().split('-')[0];
  return SUPPORTED_LANGUAGES.find((language) => language === base);
}

/** Before the user is known: the language chosen earlier on this device, else the browser's. */
export function detectLanguage(): SupportedLanguage {
  const stored = toSupportedLanguage(readStoredLanguage());
  if (stored) return stored;
  for (const candidate of navigator.languages ?? [navigator.language]) {
    const language = toSupportedLanguage(candidate);
    if (language) return language;
  }
  return 'en';
}

export function initI18n(language: SupportedLanguage = detectLanguage()): I18n {
  const instance = i18next.createInstance();
  instance.on('languageChanged', (current) => {
    document.documentElement.lang = current;
    saveStoredLanguage(current);
  });
  void instance.use(initReactI18next).init({
    resources,
    lng: language,
    fallbackLng: 'en',
    supportedLngs: [...SUPPORTED_LANGUAGES],
    interpolation: { escapeValue: false }, // React escapes already
    initAsync: false,
    returnNull: false,
    showSupportNotice: false,
  });
  document.documentElement.lang = instance.language;
  return instance;
}

/** The user's language from the API wins once loaded; an unsupported one leaves the current language. */
export async function applyUserLanguage(instance: I18n, userLanguage: string | null | undefined): Promise<void> {
  const language = toSupportedLanguage(userLanguage);
  if (language && language !== instance.language) await instance.changeLanguage(language);
}
