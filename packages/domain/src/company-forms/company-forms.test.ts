import { describe, expect, it } from 'vitest';
import { COMPANY_TYPES, COUNTRIES_WITH_LEGAL_FORMS, checkLegalForm, legalFormsFor } from './legal-forms';
import { checkPostcode, POSTCODE_RULES } from './postcodes';

const JURISDICTIONS = 'AT BE BG HR CY CZ DK EE FI FR DE GR HU IE IT LV LT LU MT NL PL PT RO SK SI ES SE GB CH NO'.split(
  ' ',
);

describe('legal forms', () => {
  it('has a list for each of the 30 jurisdictions, with a corporation, a partnership and a sole trader each', () => {
    expect([...COUNTRIES_WITH_LEGAL_FORMS].sort()).toEqual([...JURISDICTIONS].sort());
    for (const country of JURISDICTIONS) {
      for (const type of COMPANY_TYPES)
        expect(legalFormsFor(country, type).length, `${country} ${type}`).toBeGreaterThan(0);
    }
  });

  it.each([
    ['DE', 'corporation', 'gmbh', undefined],
    ['DE', 'corporation', 'ug', undefined],
    ['DE', 'corporation', 'ag', undefined],
    ['DE', 'partnership', 'gbr', undefined],
    ['DE', 'partnership', 'ohg', undefined],
    ['DE', 'partnership', 'kg', undefined],
    ['DE', 'sole-trader', 'ek', undefined],
    ['DE', 'sole-trader', 'einzelunternehmen', undefined],
    ['FR', 'corporation', 'sarl', undefined],
    ['FR', 'corporation', 'sas', undefined],
    ['FR', 'corporation', 'sa', undefined],
    ['FR', 'sole-trader', 'ei', undefined],
    ['GB', 'corporation', 'ltd', undefined],
    ['GB', 'corporation', 'plc', undefined],
    ['GB', 'partnership', 'llp', undefined],
    ['GB', 'sole-trader', 'sole-trader', undefined],
    ['de', 'corporation', 'gmbh', undefined],
    ['DE', 'other', 'other', undefined],
    ['DE', 'corporation', 'sarl', 'unknown-legal-form'],
    ['FR', 'corporation', 'gmbh', 'unknown-legal-form'],
    ['DE', 'sole-trader', 'gmbh', 'company-type-mismatch'],
    ['GB', 'corporation', 'llp', 'company-type-mismatch'],
    ['US', 'corporation', 'limited-company', undefined],
    ['CN', 'sole-trader', 'sole-proprietorship', undefined],
    ['US', 'corporation', 'gmbh', 'unknown-legal-form'],
  ] as const)('%s %s %s → %s', (country, type, form, expected) => {
    expect(checkLegalForm(country, type, form)).toBe(expected);
  });
});

describe('postcodes', () => {
  it('has a rule for each of the 30 jurisdictions, and each accepts its own example', () => {
    expect(Object.keys(POSTCODE_RULES).sort()).toEqual([...JURISDICTIONS].sort());
    for (const [country, rule] of Object.entries(POSTCODE_RULES)) {
      expect(checkPostcode(country, rule.example), country).toEqual({ isValid: true });
    }
  });

  it.each([
    ['DE', '10115', true],
    ['DE', '1011', false],
    ['DE', '101155', false],
    ['AT', '1010', true],
    ['AT', '10100', false],
    ['FR', '75001', true],
    ['FR', '7500', false],
    ['NL', '1012 AB', true],
    ['NL', '1012ab', true],
    ['NL', '1012', false],
    ['PL', '00-950', true],
    ['PL', '00950', false],
    ['PT', '1000-001', true],
    ['PT', '1000', false],
    ['GB', 'SW1A 1AA', true],
    ['GB', 'M1 1AE', true],
    ['GB', 'sw1a1aa', true],
    ['GB', '12345', false],
    ['IE', 'D02 X285', true],
    ['IE', 'D6W 1234', true],
    ['IE', '12345', false],
    ['SE', '111 22', true],
    ['CZ', '11000', true],
    ['ES', '28001', true],
    ['ES', '53001', false],
    ['MT', 'VLT 1117', true],
    ['LU', 'L-1111', true],
    ['RO', '010011', true],
    ['CH', '8001', true],
    ['NO', '0150', true],
    ['US', '94103-1234', true],
    ['CN', '100000', true],
    [null, 'anything', true],
    ['DE', '  ', false],
    ['US', '', false],
  ] as const)('%s %s → %s', (country, postcode, isValid) => {
    expect(checkPostcode(country, postcode).isValid).toBe(isValid);
  });

  it('says why: required, or the format with an example', () => {
    expect(checkPostcode('DE', '')).toEqual({ isValid: false, reason: 'required' });
    expect(checkPostcode('DE', '123')).toEqual({ isValid: false, reason: 'format', example: '10115' });
  });
});
