import i18next, { type i18n as I18n } from 'i18next';
import { useContext } from 'react';
import { I18nContext, initReactI18next } from 'react-i18next';
import { locale as english } from '../../locales/en';
import { LOCALE_LANGUAGES, type LocaleTree } from '../../locales/languages';
import { loadLocale } from '../../locales/load-locale';
import { readStoredLanguage, saveStoredLanguage } from '../storage/token-storage';

/** The interface languages (issue 7): the same six the API accepts as a user's language. */
export const SUPPORTED_LANGUAGES = LOCALE_LANGUAGES;
export type SupportedLanguage = (typeof SUPPORTED_LANGUAGES)[number];

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

/** Fetches a language's translations: the SPA's own chunks (`loadLocale`) unless an instance was given another. */
export type TranslationSource = (language: SupportedLanguage) => Promise<LocaleTree>;

/** The source each instance fetches the translations it lacks from. */
const translationSources = new WeakMap<I18n, TranslationSource>();

/**
 * An i18next instance with English and the given languages' translations, showing `language`, which must be among
 * them (a language without its translations would show English under its own `lang`). The languages it lacks are
 * fetched from `source` when shown (`showLanguage`).
 */
export function initI18n(
  language: SupportedLanguage,
  locales: Partial<Record<SupportedLanguage, LocaleTree>> = {},
  source: TranslationSource = loadLocale,
): I18n {
  const resources = Object.fromEntries(
    Object.entries({ ...locales, en: english }).map(([code, tree]) => [code, { translation: tree }]),
  );
  if (!(language in resources)) throw new Error(`initI18n: no translations given for ${language}`);
  const instance = i18next.createInstance();
  translationSources.set(instance, source);
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

/**
 * The app's i18next at start: in the language chosen earlier on this device or the browser's, its translations
 * fetched first (English is built in). When they cannot be fetched the app starts in English rather than not at all.
 */
export async function startI18n(language: SupportedLanguage = detectLanguage()): Promise<I18n> {
  if (language === 'en') return initI18n('en');
  try {
    return initI18n(language, { [language]: await fetchTranslations(language) });
  } catch {
    return initI18n('en');
  }
}

/** A language's translations; a fetch that fails is logged here, once, whoever asked for it. */
async function fetchTranslations(
  language: SupportedLanguage,
  source: TranslationSource = loadLocale,
): Promise<LocaleTree> {
  try {
    return await source(language);
  } catch (error) {
    console.error(`The ${language} translations could not be loaded:`, error instanceof Error ? error.message : error);
    throw error;
  }
}

/**
 * The i18next instance the app was given (its I18nextProvider's), for what must be one per app: the language asked
 * last (`showLanguage`). `useTranslation()` hands out a wrapper of it that react-i18next replaces whenever the language
 * changes, so two components, or one before and after a switch, hold different objects.
 */
export function useI18nInstance(): I18n {
  const instance = useContext(I18nContext)?.i18n;
  if (!instance) throw new Error('useI18nInstance: no I18nextProvider above this component');
  return instance;
}

/** The language last asked of each instance: a fetch that ends after a later choice must not undo it. */
const lastAsked = new WeakMap<I18n, SupportedLanguage>();

/**
 * Shows the interface in `language`, fetching its translations first when this tab has not needed them yet, and
 * answers whether it did. When another language is asked for while they load (a second click, the user's language
 * arriving), the last one asked wins, whichever fetch ends first: this one is then not shown. `beforeShow` runs just
 * before the switch, once it is certain.
 */
export async function showLanguage(
  instance: I18n,
  language: SupportedLanguage,
  beforeShow?: () => void,
): Promise<boolean> {
  lastAsked.set(instance, language);
  if (!instance.hasResourceBundle(language, 'translation')) {
    const tree = await fetchTranslations(language, translationSources.get(instance));
    instance.addResourceBundle(language, 'translation', tree);
  }
  if (lastAsked.get(instance) !== language) return false;
  beforeShow?.();
  await instance.changeLanguage(language);
  return true;
}

/**
 * The user's language from the API wins once loaded; an unsupported one leaves the current language, and so does one
 * whose translations cannot be fetched (the interface stays usable in the language it is in).
 */
export async function applyUserLanguage(instance: I18n, userLanguage: string | null | undefined): Promise<void> {
  const language = toSupportedLanguage(userLanguage);
  if (!language || language === instance.language) return;
  // A failed fetch is logged where it happens (fetchTranslations); the interface stays as it is.
  await showLanguage(instance, language).catch(() => undefined);
}
