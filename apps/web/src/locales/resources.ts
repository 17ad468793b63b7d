import de from './de.json';
import en from './en.json';
import es from './es.json';
import fr from './fr.json';
import it from './it.json';
import pl from './pl.json';

export type LocaleTree = { [key: string]: string | LocaleTree };

/** The interface languages, English first (the fallback and the reference of the parity test). */
export const LOCALE_LANGUAGES = ['en', 'de', 'fr', 'it', 'es', 'pl'] as const;
export type LocaleLanguage = (typeof LOCALE_LANGUAGES)[number];

/**
 * The translations of each language: the shared `{language}.json`, plus one file per workspace area under
 * `locales/{language}/{area}.json`, mounted under the key `{area}` (so `locales/fr/dashboard.json` holds the
 * `dashboard.*` keys). Areas keep their own files so parallel work on two screens never edits the same JSON.
 */
const areaFiles = import.meta.glob<LocaleTree>('./*/*.json', { eager: true, import: 'default' });

function withAreas(language: LocaleLanguage, base: LocaleTree): LocaleTree {
  const tree: LocaleTree = { ...base };
  for (const [path, content] of Object.entries(areaFiles)) {
    const match = /^\.\/([a-z]{2})\/([\w-]+)\.json$/.exec(path);
    if (!match || match[1] !== language) continue;
    const area = match[2] as string;
    if (area in tree)
      throw new Error(`locales/${language}/${area}.json clashes with the key "${area}" of ${language}.json`);
    tree[area] = content;
  }
  return tree;
}

const roots: Record<LocaleLanguage, LocaleTree> = { en, de, fr, it, es, pl };

export const translations = Object.fromEntries(
  LOCALE_LANGUAGES.map((language) => [language, withAreas(language, roots[language])]),
) as Record<LocaleLanguage, LocaleTree>;
