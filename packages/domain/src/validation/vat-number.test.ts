import { describe, expect, it } from 'vitest';
import { checkVatNumber, VAT_NUMBER_COUNTRIES } from './vat-number';

/*
 * Sources. [RES-1a] research §1a (Greece's VAT prefix is EL), [RES-4] research §4 (jsvat-next: format and checksum
 * for the EU, GB/XI, CH and NO). The valid numbers are published VAT numbers of companies (on their invoices and
 * imprints) and the examples of jsvat's own test suite; each was checked against its country's check-digit rule.
 * The research document has no source for the national formats; [VIES-FAQ] is the European Commission's VIES
 * "VAT number validation" FAQ, which lists the structure of every EU number.
 */

type ValidRow = { country: string; input: string; normalized: string; source: string };

const VALID: readonly ValidRow[] = [
  { country: 'AT', input: 'ATU12011204', normalized: 'ATU12011204', source: '[RES-4] [VIES-FAQ]' },
  { country: 'BE', input: 'BE0411905847', normalized: 'BE0411905847', source: '[RES-4] [VIES-FAQ]' },
  { country: 'BE', input: 'BE 0403.170.701', normalized: 'BE0403170701', source: '[RES-4] dots as printed' },
  { country: 'BG', input: 'BG175074752', normalized: 'BG175074752', source: '[RES-4] [VIES-FAQ]' },
  { country: 'HR', input: 'HR33392005961', normalized: 'HR33392005961', source: '[RES-4] [VIES-FAQ]' },
  { country: 'CY', input: 'CY10259033P', normalized: 'CY10259033P', source: '[RES-4] [VIES-FAQ]' },
  { country: 'CZ', input: 'CZ25123891', normalized: 'CZ25123891', source: '[RES-4] [VIES-FAQ]' },
  { country: 'DK', input: 'DK13585628', normalized: 'DK13585628', source: '[RES-4] [VIES-FAQ]' },
  { country: 'EE', input: 'EE100931558', normalized: 'EE100931558', source: '[RES-4] [VIES-FAQ]' },
  { country: 'FI', input: 'FI20774740', normalized: 'FI20774740', source: '[RES-4] [VIES-FAQ]' },
  { country: 'FR', input: 'FR 40 303 265 045', normalized: 'FR40303265045', source: '[RES-4] [VIES-FAQ]' },
  { country: 'DE', input: 'DE136695976', normalized: 'DE136695976', source: '[RES-4] [VIES-FAQ]' },
  { country: 'DE', input: 'de 814 584 193', normalized: 'DE814584193', source: '[RES-4] lower case, spaces' },
  { country: 'DE', input: '136695976', normalized: 'DE136695976', source: '[RES-4] prefix left off' },
  { country: 'GR', input: 'EL094259216', normalized: 'EL094259216', source: '[RES-1a] [RES-4]' },
  { country: 'HU', input: 'HU12892312', normalized: 'HU12892312', source: '[RES-4] [VIES-FAQ]' },
  { country: 'IE', input: 'IE6388047V', normalized: 'IE6388047V', source: '[RES-4] [VIES-FAQ]' },
  { country: 'IT', input: 'IT00743110157', normalized: 'IT00743110157', source: '[RES-4] [VIES-FAQ]' },
  { country: 'LV', input: 'LV40003521600', normalized: 'LV40003521600', source: '[RES-4] [VIES-FAQ]' },
  { country: 'LT', input: 'LT119511515', normalized: 'LT119511515', source: '[RES-4] [VIES-FAQ]' },
  { country: 'LU', input: 'LU26375245', normalized: 'LU26375245', source: '[RES-4] [VIES-FAQ]' },
  { country: 'MT', input: 'MT11679112', normalized: 'MT11679112', source: '[RES-4] [VIES-FAQ]' },
  { country: 'NL', input: 'NL004495445B01', normalized: 'NL004495445B01', source: '[RES-4] [VIES-FAQ]' },
  { country: 'PL', input: 'PL526-290-78-15', normalized: 'PL5262907815', source: '[RES-4] hyphens as printed' },
  { country: 'PT', input: 'PT501964843', normalized: 'PT501964843', source: '[RES-4] [VIES-FAQ]' },
  { country: 'RO', input: 'RO18547290', normalized: 'RO18547290', source: '[RES-4] [VIES-FAQ]' },
  { country: 'SK', input: 'SK2022749619', normalized: 'SK2022749619', source: '[RES-4] [VIES-FAQ]' },
  { country: 'SI', input: 'SI50223054', normalized: 'SI50223054', source: '[RES-4] [VIES-FAQ]' },
  { country: 'ES', input: 'ESA28015865', normalized: 'ESA28015865', source: '[RES-4] [VIES-FAQ]' },
  { country: 'ES', input: 'ESN0044682C', normalized: 'ESN0044682C', source: '[RES-4] [VIES-FAQ]' },
  { country: 'SE', input: 'SE556188840401', normalized: 'SE556188840401', source: '[RES-4] [VIES-FAQ]' },
  { country: 'GB', input: 'GB 727 2558 21', normalized: 'GB727255821', source: '[RES-4] HMRC 9-digit' },
  { country: 'GB', input: 'XI727255821', normalized: 'XI727255821', source: '[RES-4] XI for Northern Ireland' },
  { country: 'CH', input: 'CHE-116.281.710 MWST', normalized: 'CHE116281710MWST', source: '[RES-4] UID + MWST' },
  { country: 'CH', input: 'CHE-109.322.551', normalized: 'CHE109322551', source: '[RES-4] UID without suffix' },
  { country: 'NO', input: 'NO 974 760 673 MVA', normalized: 'NO974760673MVA', source: '[RES-4] org. no. + MVA' },
  { country: 'NO', input: '923609016MVA', normalized: 'NO923609016MVA', source: '[RES-4] prefix left off' },
];

type InvalidRow = { country: string; input: string; code: string; message: string; source: string };

const INVALID: readonly InvalidRow[] = [
  { country: 'DE', input: '', code: 'required', message: 'is required', source: '-' },
  {
    country: 'DE',
    input: 'DE13669597',
    code: 'vatDigits',
    message: 'DE VAT numbers have 9 digits after DE.',
    source: '[VIES-FAQ] DE: 9 digits',
  },
  {
    country: 'DE',
    input: 'DE136695977',
    code: 'vatChecksum',
    message: 'The check digit does not match: a digit is probably mistyped.',
    source: '[RES-4] ISO 7064 MOD 11,10',
  },
  {
    country: 'DE',
    input: 'FR40303265045',
    code: 'vatCountryMismatch',
    message: 'This is a VAT number of FR; the company is established in DE.',
    source: 'a FR number for a DE company',
  },
  {
    country: 'GR',
    input: 'GR094259216',
    code: 'vatGreekPrefix',
    message: 'Greek VAT numbers start with EL, not GR.',
    source: '[RES-1a]',
  },
  {
    country: 'AT',
    input: 'AT12011204',
    code: 'vatPrefix',
    message: 'AT VAT numbers start with ATU.',
    source: '[VIES-FAQ] AT: U + 8 digits',
  },
  {
    country: 'AT',
    input: 'ATU12011205',
    code: 'vatChecksum',
    message: 'The check digit does not match: a digit is probably mistyped.',
    source: '[RES-4]',
  },
  {
    country: 'BE',
    input: 'BE0897221791',
    code: 'vatChecksum',
    message: 'The check digit does not match: a digit is probably mistyped.',
    source: '[RES-4] jsvat README: valid format, wrong mod 97',
  },
  {
    country: 'BG',
    input: 'BG12345678',
    code: 'vatDigits',
    message: 'BG VAT numbers have 9 or 10 digits after BG.',
    source: '[VIES-FAQ]',
  },
  {
    country: 'NL',
    input: 'NL004495445A01',
    code: 'vatFormat',
    message: 'NL VAT numbers look like NL123456789B01.',
    source: '[VIES-FAQ] NL: 9 digits, B, 2 digits',
  },
  {
    country: 'FR',
    input: 'FR40303265046',
    code: 'vatChecksum',
    message: 'The check digit does not match: a digit is probably mistyped.',
    source: '[RES-4] FR key = (12 + 3 × (SIREN mod 97)) mod 97',
  },
  {
    country: 'IT',
    input: 'IT0074311015',
    code: 'vatDigits',
    message: 'IT VAT numbers have 11 digits after IT.',
    source: '[VIES-FAQ]',
  },
  {
    country: 'RO',
    input: 'RO1',
    code: 'vatDigits',
    message: 'RO VAT numbers have 2 to 10 digits after RO.',
    source: '[VIES-FAQ] RO: 2–10 digits',
  },
  {
    country: 'SE',
    input: 'SE556188840499',
    code: 'vatFormat',
    message: 'SE VAT numbers look like SE123456789001.',
    source: '[VIES-FAQ] SE: 10 digits + 01',
  },
  {
    country: 'GB',
    input: 'GB727255822',
    code: 'vatChecksum',
    message: 'The check digit does not match: a digit is probably mistyped.',
    source: '[RES-4] HMRC mod 97 / 97-55',
  },
  {
    country: 'CH',
    input: 'CHE-116.281.711 MWST',
    code: 'vatChecksum',
    message: 'The check digit does not match: a digit is probably mistyped.',
    source: '[RES-4] UID mod 11',
  },
  {
    country: 'CH',
    input: 'CHE-116.281.71',
    code: 'vatDigits',
    message: 'CH VAT numbers have 9 digits after CHE.',
    source: '[RES-4] CHE + 9 digits',
  },
  {
    country: 'NO',
    input: 'NO974760673',
    code: 'vatSuffix',
    message: 'NO VAT numbers end with MVA.',
    source: '[RES-4] NO numbers end in MVA',
  },
  {
    country: 'NO',
    input: 'NO974760674MVA',
    code: 'vatChecksum',
    message: 'The check digit does not match: a digit is probably mistyped.',
    source: '[RES-4] mod 11',
  },
  {
    country: 'US',
    input: '12-3456789',
    code: 'vatCountryUnsupported',
    message: 'VAT numbers of US cannot be checked here.',
    source: 'outside EU-27, GB, CH, NO',
  },
];

describe('checkVatNumber: valid numbers, normalised', () => {
  it.each(VALID)('$country $input → $normalized ($source)', ({ country, input, normalized }) => {
    expect(checkVatNumber(input, country)).toEqual({ isValid: true, normalized, country });
  });
});

describe('checkVatNumber: invalid numbers, with the specific reason', () => {
  it.each(INVALID)('$country "$input" → $code ($source)', ({ country, input, code, message }) => {
    const result = checkVatNumber(input, country);
    expect(result.isValid).toBe(false);
    if (result.isValid) return;
    expect(result.issue.field).toBe('vatNumber');
    expect(result.issue.code).toBe(code);
    expect(result.issue.message).toBe(message);
  });
});

describe('VAT_NUMBER_COUNTRIES', () => {
  it('covers the EU-27, GB, CH and NO (the jurisdictions Vatlas serves, research §1)', () => {
    const expected = 'AT BE BG HR CY CZ DK EE FI FR DE GR HU IE IT LV LT LU MT NL PL PT RO SK SI ES SE GB CH NO'.split(
      ' ',
    );
    expect([...VAT_NUMBER_COUNTRIES].sort()).toEqual([...expected].sort());
  });

  it('every country has a valid example in the table above', () => {
    const covered = new Set(VALID.map((row) => row.country));
    expect(VAT_NUMBER_COUNTRIES.filter((country) => !covered.has(country))).toEqual([]);
  });
});
