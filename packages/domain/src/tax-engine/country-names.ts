import { findCountryRule } from '../countries';

export type ExplanationLanguage = 'en' | 'de';

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
 * The name of a country in `language`. Countries outside the table (a Chinese warehouse, a US buyer) take the name
 * the JavaScript runtime's Intl data gives, and the bare code when it has none.
 */
export function countryName(code: string, language: ExplanationLanguage): string {
  if (language === 'de') {
    const german = GERMAN_NAMES[code];
    if (german !== undefined) return german;
  } else if (code === 'XI') {
    return 'Northern Ireland';
  } else {
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
