import de from './de.json';
import en from './en.json';

export type LocaleTree = { [key: string]: string | LocaleTree };

/**
 * The translations of each language: the shared `en.json`/`de.json`, plus one file per workspace area under
 * `locales/{language}/{area}.json`, mounted under the key `{area}` (so `locales/en/dashboard.json` holds the
 * `dashboard.*` keys). Areas keep their own files so parallel work on two screens never edits the same JSON.
 */
const areaFiles = import.meta.glob<LocaleTree>('./*/*.json', { eager: true, import: 'default' });

function withAreas(language: 'en' | 'de', base: LocaleTree): LocaleTree {
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

export const translations = { en: withAreas('en', en), de: withAreas('de', de) } as const;
