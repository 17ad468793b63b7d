import { describe, expect, it } from 'vitest';
import {
  type JurisdictionRegistrationInput,
  returnFrequenciesOf,
  validateJurisdictionRegistration,
} from './jurisdiction-registration';

const REGISTERED: JurisdictionRegistrationInput = {
  registrationStatus: 'registered',
  vatNumber: 'fr 40 303 265 045',
  filingFrequency: 'quarterly',
};

const codesOf = (input: Partial<JurisdictionRegistrationInput>, country = 'FR') => {
  const result = validateJurisdictionRegistration({ ...REGISTERED, ...input }, country);
  return result.isValid ? [] : result.issues.map((item) => `${item.field}:${item.code}`);
};

describe('validateJurisdictionRegistration', () => {
  it('answers the VAT number normalised for the jurisdiction, and the frequency as given', () => {
    expect(validateJurisdictionRegistration(REGISTERED, 'FR')).toEqual({
      isValid: true,
      value: { registrationStatus: 'registered', vatNumber: 'FR40303265045', filingFrequency: 'quarterly' },
    });
  });

  it('keeps no number and the usual frequency while a registration is only requested', () => {
    expect(
      validateJurisdictionRegistration(
        { registrationStatus: 'registration-requested', vatNumber: '  ', filingFrequency: null },
        'PL',
      ),
    ).toEqual({
      isValid: true,
      value: { registrationStatus: 'registration-requested', vatNumber: null, filingFrequency: null },
    });
  });

  it.each([
    {
      why: 'a registered jurisdiction without a number',
      input: { vatNumber: '' },
      expected: ['vatNumber:vatNumberWhenRegistered'],
    },
    {
      why: "another country's number",
      input: { vatNumber: 'DE136695976' },
      expected: ['vatNumber:vatRegistrationCountryMismatch'],
    },
    { why: 'a mistyped check digit', input: { vatNumber: 'FR41303265045' }, expected: ['vatNumber:vatChecksum'] },
    {
      why: 'a frequency the country does not offer',
      input: { filingFrequency: 'annual' as const },
      expected: ['filingFrequency:frequencyNotOffered'],
    },
    {
      why: 'both at once',
      input: { vatNumber: '', filingFrequency: 'every-two-months' as const },
      expected: ['vatNumber:vatNumberWhenRegistered', 'filingFrequency:frequencyNotOffered'],
    },
  ])('refuses $why', ({ input, expected }) => {
    expect(codesOf(input)).toEqual(expected);
  });

  it('names both countries when the number is of another one', () => {
    const result = validateJurisdictionRegistration({ ...REGISTERED, vatNumber: 'DE136695976' }, 'FR');
    expect(result).toMatchObject({
      isValid: false,
      issues: [
        {
          message: 'This is a VAT number of DE, not of FR.',
          params: { country: 'FR', numberCountry: 'DE' },
        },
      ],
    });
  });

  it("lists a country's VAT-return frequencies with the usual one first", () => {
    expect(returnFrequenciesOf('DE')).toEqual(['quarterly', 'monthly']);
    expect(returnFrequenciesOf('NO')).toEqual(['every-two-months', 'annual']);
    expect(returnFrequenciesOf('US')).toEqual([]);
  });
});
