import { describe, expect, it } from 'vitest';
import { checkRateCombination } from './service';

describe('checkRateCombination', () => {
  const check = (jurisdiction: string, date: string, vatRate: string) =>
    checkRateCombination({ jurisdiction, date, vatRate });

  it('judges a rate by the period in force on its day, each time the same', () => {
    // Germany's 16 % held from July to December 2020 only.
    expect(check('DE', '2020-08-01', '0.16')).toMatchObject({ isValid: true });
    expect(check('DE', '2023-03-12', '0.16')).toEqual({ isValid: false, validRates: ['0', '7', '19'] });
    expect(check('DE', '2020-12-31', '0.16')).toMatchObject({ isValid: true });
    expect(check('DE', '2021-01-01', '0.16')).toMatchObject({ isValid: false });
    expect(check('DE', '2023-03-13', '0.19')).toMatchObject({ isValid: true });
    // The same rate written with more places is the same rate.
    expect(check('DE', '2023-03-13', '0.190000')).toMatchObject({ isValid: true });
  });

  it('takes zero for a zero-rated or exempt supply, and leaves a rate the table cannot judge alone', () => {
    expect(check('FR', '2023-03-12', '0')).toMatchObject({ isValid: true });
    expect(check('XX', '2023-03-12', '0.5')).toEqual({ isValid: true, validRates: [] });
  });
});
