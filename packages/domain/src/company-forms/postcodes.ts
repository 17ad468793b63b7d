/**
 * Postcode formats of the 30 jurisdictions Vatlas serves. Patterns follow the postal operators' published
 * formats (UPU "Postal addressing systems" country sheets); they check the shape, not that the code exists.
 * Any other country: any non-empty value (many have no postcodes, or formats we do not know).
 */
export type PostcodeRule = { pattern: RegExp; example: string };

const rule = (pattern: RegExp, example: string): PostcodeRule => ({ pattern, example });

export const POSTCODE_RULES: Readonly<Record<string, PostcodeRule>> = {
  AT: rule(/^\d{4}$/, '1010'),
  BE: rule(/^\d{4}$/, '1000'),
  BG: rule(/^\d{4}$/, '1000'),
  HR: rule(/^\d{5}$/, '10000'),
  CY: rule(/^\d{4}$/, '1010'),
  CZ: rule(/^\d{3} ?\d{2}$/, '110 00'),
  DK: rule(/^\d{4}$/, '1050'),
  EE: rule(/^\d{5}$/, '10111'),
  FI: rule(/^\d{5}$/, '00100'),
  FR: rule(/^\d{5}$/, '75001'),
  DE: rule(/^\d{5}$/, '10115'),
  GR: rule(/^\d{3} ?\d{2}$/, '105 57'),
  HU: rule(/^\d{4}$/, '1051'),
  // Eircode: routing key (letter, two digits; D6W is the exception) + four-character unique identifier.
  IE: rule(/^(?:[AC-FHKNPRTV-Y]\d{2}|D6W) ?[0-9AC-FHKNPRTV-Y]{4}$/i, 'D02 X285'),
  IT: rule(/^\d{5}$/, '00118'),
  LV: rule(/^(?:LV-?)?\d{4}$/i, 'LV-1050'),
  LT: rule(/^(?:LT-?)?\d{5}$/i, 'LT-01100'),
  LU: rule(/^(?:L-?)?\d{4}$/i, 'L-1111'),
  MT: rule(/^[A-Z]{3} ?\d{2,4}$/i, 'VLT 1117'),
  NL: rule(/^\d{4} ?[A-Z]{2}$/i, '1012 AB'),
  PL: rule(/^\d{2}-\d{3}$/, '00-950'),
  PT: rule(/^\d{4}-\d{3}$/, '1000-001'),
  RO: rule(/^\d{6}$/, '010011'),
  SK: rule(/^\d{3} ?\d{2}$/, '811 01'),
  SI: rule(/^(?:SI-?)?\d{4}$/i, '1000'),
  ES: rule(/^(?:0[1-9]|[1-4]\d|5[0-2])\d{3}$/, '28001'),
  SE: rule(/^\d{3} ?\d{2}$/, '111 22'),
  // UK postcodes: outward code (area + district) and inward code (sector digit + unit letters).
  GB: rule(/^(?:GIR ?0AA|[A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2})$/i, 'SW1A 1AA'),
  CH: rule(/^\d{4}$/, '8001'),
  NO: rule(/^\d{4}$/, '0150'),
};

export type PostcodeCheck = { isValid: true } | { isValid: false; reason: 'required' | 'format'; example?: string };

/** Checks a postcode for the country; countries without a rule accept any non-empty value. */
export function checkPostcode(countryCode: string | null | undefined, value: string): PostcodeCheck {
  const postcode = value.trim();
  if (postcode.length === 0) return { isValid: false, reason: 'required' };
  const countryRule = countryCode ? POSTCODE_RULES[countryCode.toUpperCase()] : undefined;
  if (!countryRule || countryRule.pattern.test(postcode)) return { isValid: true };
  return { isValid: false, reason: 'format', example: countryRule.example };
}

/** The example of the country's format, for a hint next to the field. */
export function postcodeExampleFor(countryCode: string | null | undefined): string | undefined {
  return countryCode ? POSTCODE_RULES[countryCode.toUpperCase()]?.example : undefined;
}
