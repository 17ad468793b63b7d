import { initI18n } from '../lib/i18n/i18n';

/** A real i18next instance with the real resources, in English unless asked otherwise. */
export const createTestI18n = (language: 'en' | 'de' = 'en') => initI18n(language);
