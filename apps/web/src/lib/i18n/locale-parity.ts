import type { LocaleTree } from '../../locales/languages';

/** The plural suffixes i18next (v21+ JSON format) appends, one per Intl.PluralRules category. */
const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

export function flattenLocale(
  tree: LocaleTree,
  prefix = '',
  flat: Record<string, string> = {},
): Record<string, string> {
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') flat[path] = value;
    else flattenLocale(value, path, flat);
  }
  return flat;
}

export const placeholdersOf = (text: string): string[] =>
  [...new Set([...text.matchAll(/\{\{\s*([\w.]+)\s*(?:,[^}]*)?\}\}/g)].map((match) => match[1] as string))].sort();

const tagsOf = (text: string): string[] => [...text.matchAll(/<\/?(\w+)>/g)].map((match) => match[0]).sort();

/** The plural forms `language` needs, as i18next picks them (Intl.PluralRules, cardinal). */
export const pluralCategoriesOf = (language: string): string[] =>
  [...new Intl.PluralRules(language).resolvedOptions().pluralCategories].sort();

/**
 * What is wrong with `candidate` (in `language`) against the English `reference`: a missing key, an extra key, a
 * plural key without every form the language needs (or with a form it never uses), and a text whose `{{variables}}`
 * differ from the English one. A plural key of the reference (`x_one` + `x_other`) stands for the base `x`, which the
 * candidate must have in each of its language's forms (Polish `x_one`, `x_few`, `x_many`, `x_other`).
 */
export function localeProblems(reference: LocaleTree, candidate: LocaleTree, language: string): string[] {
  const english = flattenLocale(reference);
  const other = flattenLocale(candidate);
  const categories = pluralCategoriesOf(language);
  const problems: string[] = [];

  const pluralBases = new Map<string, string[]>();
  const plainKeys: string[] = [];
  for (const key of Object.keys(english)) {
    const match = PLURAL_SUFFIX.exec(key);
    if (match) {
      const base = key.slice(0, match.index);
      pluralBases.set(base, [...(pluralBases.get(base) ?? []), key]);
    } else plainKeys.push(key);
  }

  const expected = new Map<string, string>(); // key of the candidate → the English text it translates
  for (const key of plainKeys) expected.set(key, english[key] as string);
  for (const [base, keys] of pluralBases) {
    const englishOther = english[`${base}_other`] ?? english[keys[0] as string] ?? '';
    const englishOne = english[`${base}_one`] ?? englishOther;
    for (const category of categories)
      expected.set(`${base}_${category}`, category === 'one' ? englishOne : englishOther);
  }

  for (const [key, englishText] of expected) {
    const text = other[key];
    if (text === undefined) {
      problems.push(`${language}: missing ${key}`);
      continue;
    }
    if (text.trim() === '') problems.push(`${language}: empty ${key}`);
    // The `one` form may name the number in words ("Other country", "Un autre pays") instead of `{{count}}`.
    const isOne = key.endsWith('_one') && pluralBases.has(key.slice(0, -'_one'.length));
    const relevant = (names: string[]) => (isOne ? names.filter((name) => name !== 'count') : names);
    const want = relevant(placeholdersOf(englishText));
    const have = relevant(placeholdersOf(text));
    if (want.join(',') !== have.join(','))
      problems.push(`${language}: ${key} has {{${have.join('}} {{')}}} instead of {{${want.join('}} {{')}}}`);
    // <terms>…</terms> and the like are components of <Trans>: a translation keeps each of them.
    if (tagsOf(englishText).join(',') !== tagsOf(text).join(','))
      problems.push(
        `${language}: ${key} has the tags ${tagsOf(text).join(' ') || 'none'} instead of ${tagsOf(englishText).join(' ')}`,
      );
  }
  for (const key of Object.keys(other)) if (!expected.has(key)) problems.push(`${language}: extra ${key}`);
  return problems;
}
