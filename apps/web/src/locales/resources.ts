import { locale as de } from './de';
import { locale as en } from './en';
import { locale as es } from './es';
import { locale as fr } from './fr';
import { locale as it } from './it';
import type { LocaleLanguage, LocaleTree } from './languages';
import { locale as pl } from './pl';

export { LOCALE_LANGUAGES, type LocaleLanguage, type LocaleTree } from './languages';

/**
 * Every language's translations at once, for the tests and checks that compare or use them all. The app itself loads
 * only English up front and the others when needed (`load-locale.ts`).
 */
export const translations: Record<LocaleLanguage, LocaleTree> = { en, de, fr, it, es, pl };
