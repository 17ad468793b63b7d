import { initI18n, type SupportedLanguage, type TranslationSource } from '../lib/i18n/i18n';
import { loadLocale } from '../locales/load-locale';
import { translations } from '../locales/resources';

/** A real i18next instance with every language's real translations, in English unless asked otherwise. */
export const createTestI18n = (language: SupportedLanguage = 'en') => initI18n(language, translations);

/**
 * A source of translations whose fetches the test decides, for `initI18n`: a language in `held` arrives when its
 * promise settles, one in `failing` fails as when the network is down, any other loads at once (the real chunks).
 */
export function controlledTranslations() {
  const held = new Map<SupportedLanguage, Promise<void>>();
  const failing = new Set<SupportedLanguage>();
  const source: TranslationSource = async (language) => {
    await held.get(language);
    if (failing.has(language)) throw new Error('Failed to fetch dynamically imported module');
    return loadLocale(language);
  };
  return { held, failing, source };
}
