import { describe, expect, it } from 'vitest';
import {
  frequencyChangeOf,
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

describe('frequencyChangeOf', () => {
  const stored = { frequency: 'monthly', change: null } as const;

  it('records the day and the frequency before it, when the frequency changes', () => {
    expect(frequencyChangeOf('2027-01-01', 'quarterly', stored, 'FR')).toEqual({
      isValid: true,
      value: { from: '2027-01-01', before: 'monthly' },
    });
    // Moving the day of a stored change keeps the frequency before it.
    const changed = { frequency: 'quarterly', change: { from: '2027-01-01', before: 'monthly' } } as const;
    expect(frequencyChangeOf('2027-04-01', 'quarterly', changed, 'FR')).toEqual({
      isValid: true,
      value: { from: '2027-04-01', before: 'monthly' },
    });
    expect(frequencyChangeOf(undefined, 'quarterly', changed, 'FR')).toEqual({ isValid: true, value: changed.change });
    expect(frequencyChangeOf(undefined, 'monthly', changed, 'FR')).toEqual({ isValid: true, value: null });
  });

  it('keeps no change to the same frequency: France files monthly when nothing is set', () => {
    expect(frequencyChangeOf('2027-01-01', 'monthly', stored, 'FR')).toEqual({ isValid: true, value: null });
    expect(frequencyChangeOf('2027-01-01', null, stored, 'FR')).toEqual({ isValid: true, value: null });
    expect(frequencyChangeOf(null, 'quarterly', stored, 'FR')).toEqual({ isValid: true, value: null });
  });

  it('refuses a day that is not a date or would cut a period in two', () => {
    expect(frequencyChangeOf('2027-02-30', 'quarterly', stored, 'FR')).toMatchObject({
      isValid: false,
      issues: [{ field: 'filingFrequencyFrom', code: 'invalidDate' }],
    });
    expect(frequencyChangeOf('2027-02-01', 'quarterly', stored, 'FR')).toMatchObject({
      isValid: false,
      issues: [
        {
          field: 'filingFrequencyFrom',
          code: 'frequencyChangeNotAtPeriodStart',
          params: { before: 'monthly', after: 'quarterly' },
        },
      ],
    });
  });
});
