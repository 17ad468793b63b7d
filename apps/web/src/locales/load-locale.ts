import { locale as english } from './en';
import type { LocaleLanguage, LocaleTree } from './languages';

/**
 * Every language but English is a chunk of its own, fetched when a user first needs it: together they were most of
 * the SPA's entry chunk (about 550 of its 751 KB), which every visitor loaded whatever their language.
 */
const otherLanguages: Record<Exclude<LocaleLanguage, 'en'>, () => Promise<{ locale: LocaleTree }>> = {
  de: () => import('./de'),
  fr: () => import('./fr'),
  it: () => import('./it'),
  es: () => import('./es'),
  pl: () => import('./pl'),
};

/** The translations of `language`: English is built in, the others are fetched (once; the browser keeps a module). */
export async function loadLocale(language: LocaleLanguage): Promise<LocaleTree> {
  if (language === 'en') return english;
  return (await otherLanguages[language]()).locale;
}
