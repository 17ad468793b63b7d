import { initI18n, type SupportedLanguage } from '../lib/i18n/i18n';

/** A real i18next instance with the real resources, in English unless asked otherwise. */
export const createTestI18n = (language: SupportedLanguage = 'en') => initI18n(language);
