export type LocaleTree = { [key: string]: string | LocaleTree };

/** The interface languages, English first (the fallback and the reference of the parity test). */
export const LOCALE_LANGUAGES = ['en', 'de', 'fr', 'it', 'es', 'pl'] as const;
export type LocaleLanguage = (typeof LOCALE_LANGUAGES)[number];

/**
 * A language's translations: the shared `{language}.json`, plus one file per workspace area under
 * `locales/{language}/{area}.json`, mounted under the key `{area}` (so `locales/fr/dashboard.json` holds the
 * `dashboard.*` keys). Areas keep their own files so parallel work on two screens never edits the same JSON.
 * `areaFiles` is the language's `import.meta.glob` of `./{language}/*.json`.
 */
export function mountAreas(language: LocaleLanguage, base: LocaleTree, areaFiles: Record<string, LocaleTree>) {
  const tree: LocaleTree = { ...base };
  for (const [path, content] of Object.entries(areaFiles)) {
    const match = /^\.\/([a-z]{2})\/([\w-]+)\.json$/.exec(path);
    if (!match || match[1] !== language) throw new Error(`${path} is not an area file of ${language}`);
    const area = match[2] as string;
    if (area in tree)
      throw new Error(`locales/${language}/${area}.json clashes with the key "${area}" of ${language}.json`);
    tree[area] = content;
  }
  return tree;
}
