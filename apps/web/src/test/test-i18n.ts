import { initI18n, type SupportedLanguage } from '../lib/i18n/i18n';
import { translations } from '../locales/resources';

/** A real i18next instance with every language's real translations, in English unless asked otherwise. */
export const createTestI18n = (language: SupportedLanguage = 'en') => initI18n(language, translations);
