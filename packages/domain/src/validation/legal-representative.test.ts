import { describe, expect, it } from 'vitest';
import { ageInYears, isIsoDate } from './field-issue';
import { type LegalRepresentativeInput, validateLegalRepresentative } from './legal-representative';

/*
 * The legal representative signs the power of attorney and is named in every registration: the authorities ask for
 * an adult with a valid passport or national identity card (brief V3; nationality as ISO 3166-1 alpha-2).
 */

const TODAY = '2026-11-15';
const VALID: LegalRepresentativeInput = {
  firstName: 'Jean-Luc',
  lastName: "O'Brien",
  dateOfBirth: '1980-05-17',
  nationality: 'DE',
  idDocumentType: 'passport',
  idDocumentNumber: 'C01X00T47',
  idDocumentExpiry: '2030-01-31',
};

const codesOf = (input: Partial<LegalRepresentativeInput>) => {
  const result = validateLegalRepresentative({ ...VALID, ...input }, TODAY);
  return result.isValid ? [] : result.issues.map((item) => `${item.field}:${item.code}`);
};

describe('validateLegalRepresentative', () => {
  it('accepts a complete, adult representative with a valid document and tidies the values', () => {
    const result = validateLegalRepresentative(
      { ...VALID, firstName: '  Jean-Luc ', nationality: 'de', idDocumentNumber: 'c01x 00t47' },
      TODAY,
    );
    expect(result).toEqual({ isValid: true, value: { ...VALID, idDocumentNumber: 'C01X00T47' } });
  });

  it.each([
    { why: 'first name missing', input: { firstName: ' ' }, expected: ['firstName:required'] },
    { why: 'digits in a name', input: { lastName: 'Sm1th' }, expected: ['lastName:nameCharacters'] },
    { why: 'non-Latin names are names', input: { firstName: 'Łukasz', lastName: 'Μαρία Δήμου' }, expected: [] },
    { why: 'born today 18 years ago: adult', input: { dateOfBirth: '2008-11-15' }, expected: [] },
    { why: 'one day short of 18', input: { dateOfBirth: '2008-11-16' }, expected: ['dateOfBirth:underage'] },
    { why: 'born in the future', input: { dateOfBirth: '2027-01-01' }, expected: ['dateOfBirth:dateInFuture'] },
    { why: 'no such day', input: { dateOfBirth: '1980-02-30' }, expected: ['dateOfBirth:invalidDate'] },
    { why: 'a typo century', input: { dateOfBirth: '1889-05-17' }, expected: ['dateOfBirth:implausibleAge'] },
    { why: 'nationality not ISO', input: { nationality: 'XX' }, expected: ['nationality:countryCode'] },
    { why: 'EU is no nationality', input: { nationality: 'EU' }, expected: ['nationality:countryCode'] },
    {
      why: 'unknown document type',
      input: { idDocumentType: 'driving-licence' },
      expected: ['idDocumentType:idDocumentType'],
    },
    { why: 'national ID card', input: { idDocumentType: 'national-id-card' }, expected: [] },
    {
      why: 'document number too short',
      input: { idDocumentNumber: 'AB12' },
      expected: ['idDocumentNumber:idDocumentNumber'],
    },
    {
      why: 'document number with symbols',
      input: { idDocumentNumber: 'AB12#456' },
      expected: ['idDocumentNumber:idDocumentNumber'],
    },
    {
      why: 'expired yesterday',
      input: { idDocumentExpiry: '2026-11-14' },
      expected: ['idDocumentExpiry:documentExpired'],
    },
    { why: 'expires today: still valid', input: { idDocumentExpiry: '2026-11-15' }, expected: [] },
    { why: 'no expiry', input: { idDocumentExpiry: '' }, expected: ['idDocumentExpiry:required'] },
  ])('$why', ({ input, expected }) => {
    expect(codesOf(input)).toEqual(expected);
  });
});

describe('ageInYears and isIsoDate', () => {
  it.each([
    { birth: '2008-02-29', on: '2026-02-28', age: 17 },
    { birth: '2008-02-29', on: '2026-03-01', age: 18 },
    { birth: '1980-12-31', on: '2026-12-30', age: 45 },
  ])('born $birth is $age on $on (a 29 February birthday counts on 1 March)', ({ birth, on, age }) => {
    expect(ageInYears(birth, on)).toBe(age);
  });

  it.each([
    ['2024-02-29', true],
    ['2025-02-29', false],
    ['2025-13-01', false],
    ['25-01-01', false],
  ] as const)('%s is a date: %s', (value, expected) => {
    expect(isIsoDate(value)).toBe(expected);
  });
});
