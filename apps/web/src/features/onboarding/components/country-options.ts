import { ISO_COUNTRY_CODES } from '@vatlas/domain';
import type { SelectOption } from './form-fields';

/** The 30 jurisdictions Vatlas serves (EU-27, GB, CH, NO); other countries sit behind "other". */
export const SERVED_COUNTRY_CODES =
  'AT BE BG HR CY CZ DK EE FI FR DE GR HU IE IT LV LT LU MT NL PL PT RO SK SI ES SE GB CH NO'.split(' ');

/** Country names in the UI language (Intl), sorted for that language. */
export function countryOptions(codes: readonly string[], language: string): SelectOption[] {
  const names = new Intl.DisplayNames([language], { type: 'region', fallback: 'code' });
  return codes
    .map((code) => ({ value: code, label: names.of(code) ?? code }))
    .sort((a, b) => a.label.localeCompare(b.label, language));
}

export const OTHER_COUNTRY_CODES = ISO_COUNTRY_CODES.filter((code) => !SERVED_COUNTRY_CODES.includes(code));
