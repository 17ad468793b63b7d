import { findCountryRule } from '../countries';

/**
 * The languages the tax-engine texts (treatment labels, explanations, country names) are written in. They equal the
 * contract's `LANGUAGES` (the domain cannot import the contract; a contract test keeps the two lists equal).
 */
export const EXPLANATION_LANGUAGES = ['en', 'de', 'fr', 'it', 'es', 'pl'] as const;
export type ExplanationLanguage = (typeof EXPLANATION_LANGUAGES)[number];

export function isExplanationLanguage(value: string): value is ExplanationLanguage {
  return (EXPLANATION_LANGUAGES as readonly string[]).includes(value);
}

/** The explanation language of a user or UI language tag ("de-AT" → "de"); English for anything unknown. */
export function explanationLanguageOf(language: string | null | undefined): ExplanationLanguage {
  const base = (language ?? '').slice(0, 2).toLowerCase();
  return isExplanationLanguage(base) ? base : 'en';
}

/** Northern Ireland (XI) is no ISO region, so Intl has no name for it. */
const NORTHERN_IRELAND: Readonly<Record<ExplanationLanguage, string>> = {
  en: 'Northern Ireland',
  de: 'Nordirland',
  fr: 'Irlande du Nord',
  it: 'Irlanda del Nord',
  es: 'Irlanda del Norte',
  pl: 'Irlandia Północna',
};

/** German names of the 30 countries and Northern Ireland; the English ones are in the country table. */
const GERMAN_NAMES: Readonly<Record<string, string>> = {
  AT: 'Österreich',
  BE: 'Belgien',
  BG: 'Bulgarien',
  HR: 'Kroatien',
  CY: 'Zypern',
  CZ: 'Tschechien',
  DK: 'Dänemark',
  EE: 'Estland',
  FI: 'Finnland',
  FR: 'Frankreich',
  DE: 'Deutschland',
  GR: 'Griechenland',
  HU: 'Ungarn',
  IE: 'Irland',
  IT: 'Italien',
  LV: 'Lettland',
  LT: 'Litauen',
  LU: 'Luxemburg',
  MT: 'Malta',
  NL: 'Niederlande',
  PL: 'Polen',
  PT: 'Portugal',
  RO: 'Rumänien',
  SK: 'Slowakei',
  SI: 'Slowenien',
  ES: 'Spanien',
  SE: 'Schweden',
  GB: 'Vereinigtes Königreich',
  CH: 'Schweiz',
  NO: 'Norwegen',
  XI: 'Nordirland',
};

/**
 * The name of a country in `language`. English and German names of the covered countries come from the tables above;
 * French, Italian, Spanish and Polish names, and countries outside the tables (a Chinese warehouse, a US buyer), take
 * the name the JavaScript runtime's Intl data gives, and the bare code when it has none.
 */
export function countryName(code: string, language: ExplanationLanguage): string {
  if (language === 'de') {
    const german = GERMAN_NAMES[code];
    if (german !== undefined) return german;
  } else if (code === 'XI') {
    return NORTHERN_IRELAND[language];
  } else if (language === 'en') {
    const rule = findCountryRule(code);
    if (rule !== undefined) return rule.name;
  }
  try {
    return new Intl.DisplayNames([language], { type: 'region' }).of(code) ?? code;
  } catch {
    // Not a region code Intl accepts (a typo in a file): show it as it is.
    return code;
  }
}
