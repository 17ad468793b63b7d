import { describe, expect, it } from 'vitest';
import { checkBic, checkIban, isBicCountryConsistent, validateBankAccount } from './bank-account';

/*
 * Sources. [RES-4] research §4 (ibantools: IBAN length and BBAN per country, check digits, BIC shape).
 * [IBAN-REG] the SWIFT IBAN registry, whose example IBAN per country the valid rows use. [ISO-9362] the BIC
 * structure: 4 letters bank, 2 letters country, 2 characters location, optional 3 characters branch.
 */

const VALID_IBANS = [
  { input: 'DE89370400440532013000', electronic: 'DE89370400440532013000', country: 'DE', source: '[IBAN-REG] DE' },
  { input: 'de89 3704 0044 0532 0130 00', electronic: 'DE89370400440532013000', country: 'DE', source: 'paper format' },
  { input: 'GB29NWBK60161331926819', electronic: 'GB29NWBK60161331926819', country: 'GB', source: '[IBAN-REG] GB' },
  {
    input: 'FR14 2004 1010 0505 0001 3M02 606',
    electronic: 'FR1420041010050500013M02606',
    country: 'FR',
    source: '[IBAN-REG] FR',
  },
  { input: 'CH93 0076 2011 6238 5295 7', electronic: 'CH9300762011623852957', country: 'CH', source: '[IBAN-REG] CH' },
  { input: 'NO93 8601 1117 947', electronic: 'NO9386011117947', country: 'NO', source: '[IBAN-REG] NO (15 chars)' },
  { input: 'NL91ABNA0417164300', electronic: 'NL91ABNA0417164300', country: 'NL', source: '[IBAN-REG] NL' },
];

const INVALID_IBANS = [
  { input: '', code: 'required', source: '-' },
  { input: 'XX89370400440532013000', code: 'ibanCountry', source: '[RES-4] no IBAN country XX' },
  { input: 'US12345678901234', code: 'ibanCountry', source: '[IBAN-REG] US issues no IBANs' },
  { input: 'DE8937040044053201300', code: 'ibanLength', source: '[IBAN-REG] DE has 22 characters' },
  { input: 'DE89370400440532013001', code: 'ibanChecksum', source: '[RES-4] mod 97 ≠ 1' },
  { input: 'DE8937040044053201300A', code: 'ibanFormat', source: '[IBAN-REG] DE BBAN is 18 digits' },
];

describe('checkIban', () => {
  it.each(VALID_IBANS)('$input → $electronic ($source)', ({ input, electronic, country }) => {
    const result = checkIban(input);
    expect(result).toMatchObject({ isValid: true, electronic, country });
  });

  it.each(INVALID_IBANS)('"$input" → $code ($source)', ({ input, code }) => {
    const result = checkIban(input);
    expect(result.isValid).toBe(false);
    if (!result.isValid) expect(result.issue).toMatchObject({ field: 'iban', code });
  });

  it('names the expected and actual length', () => {
    const result = checkIban('DE8937040044053201300');
    expect(result.isValid ? null : result.issue.message).toBe('DE IBANs have 22 characters; this one has 21.');
  });

  it('answers the friendly format for display', () => {
    const result = checkIban('DE89370400440532013000');
    expect(result.isValid && result.friendly).toBe('DE89 3704 0044 0532 0130 00');
  });
});

describe('checkBic', () => {
  it.each([
    { input: 'COBADEFFXXX', normalized: 'COBADEFFXXX', country: 'DE', source: '[ISO-9362] 11 characters' },
    { input: 'cobadeff', normalized: 'COBADEFF', country: 'DE', source: '[ISO-9362] 8 characters, lower case' },
    { input: 'NWBK GB 2L', normalized: 'NWBKGB2L', country: 'GB', source: '[ISO-9362] with spaces' },
  ])('$input → $normalized ($source)', ({ input, normalized, country }) => {
    expect(checkBic(input)).toEqual({ isValid: true, normalized, country });
  });

  it.each([
    { input: '', code: 'required', source: '-' },
    { input: 'COBADEF', code: 'bicLength', source: '[ISO-9362] 8 or 11' },
    { input: 'COBADEFFXX', code: 'bicLength', source: '[ISO-9362] 8 or 11' },
    { input: 'C0BADEFFXXX', code: 'bicFormat', source: '[ISO-9362] bank code is letters' },
    { input: 'COBAXXFF', code: 'bicFormat', source: '[ISO-9362] XX is no country' },
  ])('"$input" → $code ($source)', ({ input, code }) => {
    const result = checkBic(input);
    expect(result.isValid).toBe(false);
    if (!result.isValid) expect(result.issue).toMatchObject({ field: 'bic', code });
  });
});

describe('isBicCountryConsistent', () => {
  it.each([
    { iban: 'DE', bic: 'DE', expected: true, why: 'same country' },
    { iban: 'GB', bic: 'JE', expected: true, why: 'Jersey banks use GB IBANs' },
    { iban: 'GB', bic: 'GG', expected: true, why: 'Guernsey banks use GB IBANs' },
    { iban: 'FR', bic: 'RE', expected: true, why: 'Réunion uses FR IBANs' },
    { iban: 'FI', bic: 'AX', expected: true, why: 'Åland uses FI IBANs' },
    { iban: 'DE', bic: 'BE', expected: false, why: 'a DE IBAN under a Belgian BIC (e.g. a payment institution)' },
  ])('$iban IBAN + $bic BIC → $expected ($why)', ({ iban, bic, expected }) => {
    expect(isBicCountryConsistent(iban, bic)).toBe(expected);
  });
});

describe('validateBankAccount', () => {
  it('answers the electronic IBAN, the upper-case BIC and the tidied holder', () => {
    expect(
      validateBankAccount({
        accountHolder: '  Muster  GmbH ',
        iban: 'DE89 3704 0044 0532 0130 00',
        bic: 'cobadeffxxx',
      }),
    ).toEqual({
      isValid: true,
      value: { accountHolder: 'Muster GmbH', iban: 'DE89370400440532013000', bic: 'COBADEFFXXX' },
      warnings: [],
    });
  });

  it('warns, without refusing, when the BIC belongs to another country', () => {
    const result = validateBankAccount({ accountHolder: 'A', iban: 'DE89370400440532013000', bic: 'TRWIBEB1XXX' });
    expect(result.isValid).toBe(true);
    expect(result.warnings).toEqual([{ code: 'bicCountryMismatch', params: { ibanCountry: 'DE', bicCountry: 'BE' } }]);
  });

  it('lists every field that is wrong', () => {
    const result = validateBankAccount({ accountHolder: ' ', iban: 'DE89370400440532013001', bic: 'COBADEF' });
    expect(result.isValid ? [] : result.issues.map((item) => `${item.field}:${item.code}`)).toEqual([
      'accountHolder:required',
      'iban:ibanChecksum',
      'bic:bicLength',
    ]);
  });
});
