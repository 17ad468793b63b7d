import { describe, expect, it } from 'vitest';
import { type BusinessDetailsInput, validateBusinessDetails } from './business-details';

const TODAY = '2026-11-15';
const VALID: BusinessDetailsInput = {
  legalNameOfBusiness: 'Muster Handels GmbH',
  legalForm: 'gmbh',
  incorporationNumber: 'HRB 12345',
  incorporationDate: '2019-03-01',
  vatNumber: 'DE 136 695 976',
};

const codesOf = (input: Partial<BusinessDetailsInput>, country: string | null = 'DE') => {
  const result = validateBusinessDetails({ ...VALID, ...input }, { establishmentCountryCode: country, today: TODAY });
  return result.isValid ? [] : result.issues.map((item) => `${item.field}:${item.code}`);
};

describe('validateBusinessDetails', () => {
  it('answers the VAT number normalised for the establishment country', () => {
    const result = validateBusinessDetails(VALID, { establishmentCountryCode: 'DE', today: TODAY });
    expect(result).toEqual({ isValid: true, value: { ...VALID, vatNumber: 'DE136695976' } });
  });

  it.each([
    {
      why: 'a legal form of another country',
      input: { legalForm: 'sarl' },
      country: 'DE',
      expected: ['legalForm:legalFormUnknown'],
    },
    { why: 'no VAT number yet is allowed', input: { vatNumber: '' }, country: 'DE', expected: [] },
    {
      why: 'legal name missing',
      input: { legalNameOfBusiness: '' },
      country: 'DE',
      expected: ['legalNameOfBusiness:required'],
    },
    { why: 'legal form missing', input: { legalForm: ' ' }, country: 'DE', expected: ['legalForm:required'] },
    {
      why: 'register number with symbols',
      input: { incorporationNumber: 'HRB#1' },
      country: 'DE',
      expected: ['incorporationNumber:incorporationNumber'],
    },
    {
      why: 'incorporated in the future',
      input: { incorporationDate: '2027-01-01' },
      country: 'DE',
      expected: ['incorporationDate:dateInFuture'],
    },
    { why: 'incorporated today', input: { incorporationDate: TODAY }, country: 'DE', expected: [] },
    {
      why: 'VAT number of another country',
      input: { vatNumber: 'ATU12011204' },
      country: 'DE',
      expected: ['vatNumber:vatCountryMismatch'],
    },
    {
      why: 'VAT check digit wrong',
      input: { vatNumber: 'DE136695977' },
      country: 'DE',
      expected: ['vatNumber:vatChecksum'],
    },
    {
      why: 'Greek company, EL prefix [RES-1a]',
      input: { legalForm: 'ae', vatNumber: 'EL094259216' },
      country: 'GR',
      expected: [],
    },
    {
      why: 'no country yet',
      input: { legalForm: 'limited-company' },
      country: null,
      expected: ['vatNumber:vatCountryUnknown'],
    },
    {
      why: 'US company: free-form tax number kept',
      input: { legalForm: 'limited-company', vatNumber: '12-3456789' },
      country: 'US',
      expected: [],
    },
  ])('$why', ({ input, country, expected }) => {
    expect(codesOf(input, country)).toEqual(expected);
  });
});
