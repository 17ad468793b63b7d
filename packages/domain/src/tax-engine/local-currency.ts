import { COUNTRY_CODES, findCountryRule } from '../countries';

/**
 * Euro changeovers the country table (which holds today's currency) does not show: a return for a period before the
 * changeover is kept in the old currency. Bulgaria's date is research §1a [U].
 */
const EURO_CHANGEOVERS: Readonly<Record<string, { from: string; before: string }>> = {
  BG: { from: '2026-01-01', before: 'BGN' },
  HR: { from: '2023-01-01', before: 'HRK' },
};

/**
 * The currency found for each code asked (`findCountryRule` trims and upper-cases each, a string or two per call): a
 * recompute asks once per day sum, some 150,000 times at a million rows, for a handful of codes.
 */
const currencyByCode = new Map<string, string | undefined>();
/** Codes remembered at most: the 30, their aliases and whatever else a file carried. */
const MAX_REMEMBERED_CODES = 1000;

/**
 * The currency of `country`'s VAT return for a period containing `date`, or undefined outside the 30 countries.
 * Northern Ireland (XI) files within the UK return, in GBP.
 */
export function returnCurrencyOf(country: string, date: string): string | undefined {
  if (country === 'XI') return 'GBP';
  const changeover = EURO_CHANGEOVERS[country];
  if (changeover !== undefined && date < changeover.from) return changeover.before;
  let currency = currencyByCode.get(country);
  if (currency === undefined && !currencyByCode.has(country)) {
    currency = findCountryRule(country)?.currency.value;
    if (currencyByCode.size < MAX_REMEMBERED_CODES) currencyByCode.set(country, currency);
  }
  return currency;
}

/** The countries with a VAT return Vatlas declares in: the 30, and Northern Ireland (XI). */
export const RETURN_COUNTRIES: readonly string[] = [...COUNTRY_CODES, 'XI'];

/** Whether `country` is one of `RETURN_COUNTRIES`. */
export function isReturnCountry(country: string): boolean {
  return RETURN_COUNTRIES.includes(country);
}
