import * as jsvatNamespace from 'jsvat-next';
import { type FieldIssue, issue, stripSeparators } from './field-issue';

type Jsvat = typeof jsvatNamespace;
/*
 * jsvat-next ships CommonJS to Node and an ES build to bundlers. Node's ESM loader sees only `default` on the
 * CommonJS build (its named exports are not statically detectable), the bundler sees the named ones: take whichever
 * holds checkVAT, so the same rule runs in the API, in Vitest and in the SPA. `Reflect.get`, because the bundler
 * warns about a `.default` it can see is not exported, on a branch that only Node takes.
 */
const jsvat: Jsvat = 'checkVAT' in jsvatNamespace ? jsvatNamespace : (Reflect.get(jsvatNamespace, 'default') as Jsvat);

/**
 * The shape of a VAT number per country, after the prefix, as the user is told it when it does not fit.
 * `digits` is set when the rest is digits only (so the message can say "9 digits after DE"); otherwise `example`
 * shows the shape. Sources: research §1a (GR uses the VIES prefix EL), research §4 (jsvat-next: format + checksum
 * for the EU, GB/XI, CH and NO), the European Commission's VIES "VAT number validation" FAQ for the lengths.
 */
export type VatNumberFormat = {
  /** ISO 3166-1 alpha-2 of the country (GB covers XI, Northern Ireland). */
  country: string;
  /** Prefixes a number of this country may carry, the usual one first. */
  prefixes: readonly string[];
  /** Allowed counts of digits after the prefix, when the rest is digits only. */
  digits?: readonly number[];
  /** Text after the digits (NO: MVA; CH: optionally MWST, TVA or IVA). */
  suffix?: { values: readonly string[]; isRequired: boolean };
  /** A correctly shaped (not necessarily existing) number, shown when the format is wrong. */
  example: string;
  check: jsvatNamespace.Country;
};

const formats: readonly VatNumberFormat[] = [
  { country: 'AT', prefixes: ['ATU'], digits: [8], example: 'ATU12345678', check: jsvat.austria },
  { country: 'BE', prefixes: ['BE'], digits: [10], example: 'BE0123456789', check: jsvat.belgium },
  { country: 'BG', prefixes: ['BG'], digits: [9, 10], example: 'BG123456789', check: jsvat.bulgaria },
  { country: 'HR', prefixes: ['HR'], digits: [11], example: 'HR12345678901', check: jsvat.croatia },
  { country: 'CY', prefixes: ['CY'], example: 'CY12345678L', check: jsvat.cyprus },
  { country: 'CZ', prefixes: ['CZ'], digits: [8, 9, 10], example: 'CZ12345678', check: jsvat.czechRepublic },
  { country: 'DK', prefixes: ['DK'], digits: [8], example: 'DK12345678', check: jsvat.denmark },
  { country: 'EE', prefixes: ['EE'], digits: [9], example: 'EE123456789', check: jsvat.estonia },
  { country: 'FI', prefixes: ['FI'], digits: [8], example: 'FI12345678', check: jsvat.finland },
  { country: 'FR', prefixes: ['FR'], example: 'FR12345678901', check: jsvat.france },
  { country: 'DE', prefixes: ['DE'], digits: [9], example: 'DE123456789', check: jsvat.germany },
  { country: 'GR', prefixes: ['EL'], digits: [9], example: 'EL123456789', check: jsvat.greece },
  { country: 'HU', prefixes: ['HU'], digits: [8], example: 'HU12345678', check: jsvat.hungary },
  { country: 'IE', prefixes: ['IE'], example: 'IE1234567T', check: jsvat.ireland },
  { country: 'IT', prefixes: ['IT'], digits: [11], example: 'IT12345678901', check: jsvat.italy },
  { country: 'LV', prefixes: ['LV'], digits: [11], example: 'LV12345678901', check: jsvat.latvia },
  { country: 'LT', prefixes: ['LT'], digits: [9, 12], example: 'LT123456789', check: jsvat.lithuania },
  { country: 'LU', prefixes: ['LU'], digits: [8], example: 'LU12345678', check: jsvat.luxembourg },
  { country: 'MT', prefixes: ['MT'], digits: [8], example: 'MT12345678', check: jsvat.malta },
  { country: 'NL', prefixes: ['NL'], example: 'NL123456789B01', check: jsvat.netherlands },
  { country: 'PL', prefixes: ['PL'], digits: [10], example: 'PL1234567890', check: jsvat.poland },
  { country: 'PT', prefixes: ['PT'], digits: [9], example: 'PT123456789', check: jsvat.portugal },
  { country: 'RO', prefixes: ['RO'], digits: [2, 3, 4, 5, 6, 7, 8, 9, 10], example: 'RO1234567', check: jsvat.romania },
  { country: 'SK', prefixes: ['SK'], digits: [10], example: 'SK1234567890', check: jsvat.slovakiaRepublic },
  { country: 'SI', prefixes: ['SI'], digits: [8], example: 'SI12345678', check: jsvat.slovenia },
  { country: 'ES', prefixes: ['ES'], example: 'ESX1234567X', check: jsvat.spain },
  { country: 'SE', prefixes: ['SE'], digits: [12], example: 'SE123456789001', check: jsvat.sweden },
  { country: 'GB', prefixes: ['GB', 'XI'], digits: [9, 12], example: 'GB123456789', check: jsvat.unitedKingdom },
  {
    country: 'CH',
    prefixes: ['CHE'],
    digits: [9],
    suffix: { values: ['MWST', 'TVA', 'IVA'], isRequired: false },
    example: 'CHE-123.456.789 MWST',
    check: jsvat.switzerland,
  },
  {
    country: 'NO',
    prefixes: ['NO'],
    digits: [9],
    suffix: { values: ['MVA'], isRequired: true },
    example: 'NO123456789MVA',
    check: jsvat.norway,
  },
];

const formatByCountry = new Map(formats.map((format) => [format.country, format]));

/** Countries whose VAT numbers Vatlas checks for format and checksum: EU-27, GB (with XI), CH and NO. */
export const VAT_NUMBER_COUNTRIES: readonly string[] = formats.map((format) => format.country);

export function findVatNumberFormat(countryCode: string): VatNumberFormat | undefined {
  return formatByCountry.get(countryCode.toUpperCase());
}

export type VatNumberCheck =
  | { isValid: true; normalized: string; country: string }
  | { isValid: false; issue: FieldIssue };

const describeDigits = (digits: readonly number[]): string =>
  digits.length > 3 ? `${digits[0]} to ${digits[digits.length - 1]}` : digits.join(' or ');

const digitsParam = (digits: readonly number[]): string =>
  digits.length > 3 ? `${digits[0]}–${digits[digits.length - 1]}` : digits.join('/');

/** The country a number's prefix belongs to, when it is another supported country's. */
function findCountryOfPrefix(value: string): VatNumberFormat | undefined {
  // Longest prefixes first, so CHE is not read as CH + E and ATU not as AT.
  const candidates = formats
    .flatMap((format) => format.prefixes.map((prefix) => ({ prefix, format })))
    .sort((a, b) => b.prefix.length - a.prefix.length);
  return candidates.find((candidate) => value.startsWith(candidate.prefix))?.format;
}

/**
 * Checks a VAT number for the country it must belong to (the company's establishment country): the prefix, the
 * shape and the check digits. Answers the normalised form (upper case, no spaces, dots or hyphens, prefix first)
 * or the most specific reason it is wrong. Existence in VIES is not checked here (research §4: that needs the
 * network and belongs behind a feature flag).
 */
export function checkVatNumber(input: string, countryCode: string, field = 'vatNumber'): VatNumberCheck {
  const format = findVatNumberFormat(countryCode);
  const country = countryCode.toUpperCase();
  if (!format) {
    return {
      isValid: false,
      issue: issue(field, 'vatCountryUnsupported', `VAT numbers of ${country} cannot be checked here.`, { country }),
    };
  }
  let value = stripSeparators(input);
  if (value.length === 0) return { isValid: false, issue: issue(field, 'required', 'is required') };

  const usualPrefix = format.prefixes[0] as string;
  const prefix = format.prefixes.find((candidate) => value.startsWith(candidate));
  if (!prefix) {
    if (country === 'GR' && value.startsWith('GR')) {
      return {
        isValid: false,
        issue: issue(field, 'vatGreekPrefix', 'Greek VAT numbers start with EL, not GR.', { country, prefix: 'EL' }),
      };
    }
    const other = findCountryOfPrefix(value);
    if (other && other.country !== country) {
      return {
        isValid: false,
        issue: issue(
          field,
          'vatCountryMismatch',
          `This is a VAT number of ${other.country}; the company is established in ${country}.`,
          { country, numberCountry: other.country },
        ),
      };
    }
    if (/^[0-9]/.test(value)) {
      // People often leave the prefix off; the digits alone are still checkable.
      value = `${usualPrefix}${value}`;
    } else {
      return {
        isValid: false,
        issue: issue(field, 'vatPrefix', `${country} VAT numbers start with ${usualPrefix}.`, {
          country,
          prefix: usualPrefix,
        }),
      };
    }
  }
  const usedPrefix = prefix ?? usualPrefix;
  let rest = value.slice(usedPrefix.length);
  let suffix = '';
  if (format.suffix) {
    const found = format.suffix.values.find((candidate) => rest.endsWith(candidate));
    if (found) {
      suffix = found;
      rest = rest.slice(0, -found.length);
    } else if (format.suffix.isRequired) {
      const required = format.suffix.values[0] as string;
      return {
        isValid: false,
        issue: issue(field, 'vatSuffix', `${country} VAT numbers end with ${required}.`, { country, suffix: required }),
      };
    }
  }
  const shapeIssue = (): FieldIssue =>
    // "n digits after XX" only when the count is what is wrong; otherwise the example shows the shape.
    format.digits && /^\d+$/.test(rest) && !format.digits.includes(rest.length)
      ? issue(
          field,
          'vatDigits',
          `${country} VAT numbers have ${describeDigits(format.digits)} digits after ${usedPrefix}.`,
          // Language-neutral for the SPA's translations: "9", "9/10", "2–10".
          { country, prefix: usedPrefix, digits: digitsParam(format.digits) },
        )
      : issue(field, 'vatFormat', `${country} VAT numbers look like ${format.example}.`, {
          country,
          example: format.example,
        });
  if (format.digits && !(/^\d+$/.test(rest) && format.digits.includes(rest.length))) {
    return { isValid: false, issue: shapeIssue() };
  }

  const normalized = `${usedPrefix}${rest}${suffix}`;
  // jsvat-next knows Norway's numbers without the NO prefix (NO is printed on them, not part of the register number).
  const checked = country === 'NO' ? `${rest}${suffix}` : normalized;
  const result = jsvat.checkVAT(checked, [format.check]);
  if (!result.isValidFormat) return { isValid: false, issue: shapeIssue() };
  if (!result.isValid) {
    return {
      isValid: false,
      issue: issue(field, 'vatChecksum', 'The check digit does not match: a digit is probably mistyped.', {
        country,
      }),
    };
  }
  return { isValid: true, normalized, country };
}
