import { describe, expect, it } from 'vitest';
import {
  frequencyRecordOf,
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
      why: 'a VAT stagger France does not assign',
      input: { vatStagger: 2 },
      expected: ['vatStagger:vatStaggerNotOffered'],
    },
    {
      why: 'a deadline extension France does not grant',
      input: { hasDeadlineExtension: true },
      expected: ['hasDeadlineExtension:deadlineExtensionNotOffered'],
    },
    {
      why: 'a first day that is no date',
      input: { registeredFrom: '1.6.2026' },
      expected: ['registeredFrom:invalidDate'],
    },
    {
      why: 'a last day that is no date',
      input: { registeredUntil: '2026-13-01' },
      expected: ['registeredUntil:invalidDate'],
    },
    {
      why: 'a last day before the first',
      input: { registeredFrom: '2026-06-01', registeredUntil: '2026-05-31' },
      expected: ['registeredUntil:registeredUntilBeforeFrom'],
    },
    {
      why: 'both at once',
      input: { vatNumber: '', filingFrequency: 'every-two-months' as const },
      expected: ['vatNumber:vatNumberWhenRegistered', 'filingFrequency:frequencyNotOffered'],
    },
  ])('refuses $why', ({ input, expected }) => {
    expect(codesOf(input)).toEqual(expected);
  });

  it("takes Germany's deadline extension, and no extension anywhere", () => {
    const german = { registrationStatus: 'registered', vatNumber: 'DE136695976', filingFrequency: 'monthly' } as const;
    expect(codesOf({ ...german, hasDeadlineExtension: true }, 'DE')).toEqual([]);
    expect(codesOf({ hasDeadlineExtension: false })).toEqual([]);
  });

  it('takes a registration of one day, and a last day without a first', () => {
    expect(codesOf({ registeredFrom: '2026-06-01', registeredUntil: '2026-06-01' })).toEqual([]);
    expect(codesOf({ registeredFrom: null, registeredUntil: '2026-06-30' })).toEqual([]);
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

describe('frequencyRecordOf', () => {
  const monthly = { frequency: 'monthly', before: null, from: null } as const;

  it('keeps the stored frequency as the one before a new one, with the day it applies from', () => {
    expect(frequencyRecordOf('2027-01-01', 'quarterly', monthly, 'FR')).toEqual({
      isValid: true,
      value: { frequency: 'quarterly', before: 'monthly', from: '2027-01-01' },
    });
    // Without a day the new frequency applies to every return not filed; the one before is still known, so a day
    // given later, the frequency unchanged, splits at it.
    const quarterly = { frequency: 'quarterly', before: 'monthly', from: null } as const;
    expect(frequencyRecordOf(null, 'quarterly', monthly, 'FR')).toEqual({ isValid: true, value: quarterly });
    expect(frequencyRecordOf('2027-04-01', 'quarterly', quarterly, 'FR')).toEqual({
      isValid: true,
      value: { ...quarterly, from: '2027-04-01' },
    });
    // A client that does not send the day keeps it while the frequency stays, and drops it when it changes.
    const withDay = { ...quarterly, from: '2027-04-01' } as const;
    expect(frequencyRecordOf(undefined, 'quarterly', withDay, 'FR')).toEqual({ isValid: true, value: withDay });
    expect(frequencyRecordOf(undefined, 'monthly', withDay, 'FR')).toEqual({
      isValid: true,
      value: { frequency: 'monthly', before: 'quarterly', from: null },
    });
  });

  it("takes the first day of a quarter of the UK's stagger, and refuses the calendar quarter's there", () => {
    const britishMonthly = { frequency: 'monthly', before: null, from: null } as const;
    expect(frequencyRecordOf('2027-02-01', 'quarterly', britishMonthly, 'GB', 2)).toMatchObject({ isValid: true });
    expect(frequencyRecordOf('2027-01-01', 'quarterly', britishMonthly, 'GB', 2)).toMatchObject({
      issues: [{ code: 'frequencyChangeNotAtPeriodStart' }],
    });
    expect(frequencyRecordOf('2027-01-01', 'quarterly', britishMonthly, 'GB', null)).toMatchObject({ isValid: true });
  });

  it('refuses a day that is not a date, that changes nothing, or that would cut a period in two', () => {
    const issueOf = (from: string, frequency: 'monthly' | 'quarterly' | null) =>
      frequencyRecordOf(from, frequency, monthly, 'FR');
    expect(issueOf('2027-02-30', 'quarterly')).toMatchObject({
      isValid: false,
      issues: [{ field: 'filingFrequencyFrom', code: 'invalidDate' }],
    });
    // France files monthly when nothing is set: monthly on both sides of the day.
    expect(issueOf('2027-01-01', null)).toMatchObject({ issues: [{ code: 'frequencyUnchanged' }] });
    expect(issueOf('2027-01-01', 'monthly')).toMatchObject({ issues: [{ code: 'frequencyUnchanged' }] });
    expect(issueOf('2027-02-01', 'quarterly')).toMatchObject({
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

describe('the VAT stagger', () => {
  it('takes one the UK assigns and refuses any other, with the ones there are', () => {
    const british = { vatNumber: 'GB727255821', filingFrequency: 'quarterly' as const };
    expect(codesOf({ ...british, vatStagger: 3 }, 'GB')).toEqual([]);
    expect(codesOf({ ...british, vatStagger: null }, 'GB')).toEqual([]);
    const unknown = validateJurisdictionRegistration({ ...REGISTERED, ...british, vatStagger: 4 }, 'GB');
    expect(unknown).toMatchObject({
      isValid: false,
      issues: [{ field: 'vatStagger', code: 'vatStaggerUnknown', params: { country: 'GB', staggers: '1, 2, 3' } }],
    });
  });
});
