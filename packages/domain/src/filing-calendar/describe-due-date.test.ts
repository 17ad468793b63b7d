import { describe, expect, it } from 'vitest';
import { describeDueDate, describeDueDateRule } from './describe-due-date';

describe('describeDueDate', () => {
  it.each([
    {
      query: { country: 'DE', filingType: 'vat-return', frequency: 'monthly' },
      expected:
        '10th of the month after the period, moved to the next working day when it falls on a weekend or public holiday',
    },
    {
      query: { country: 'DE', filingType: 'vat-return', frequency: 'quarterly', hasDeadlineExtension: true },
      expected:
        '10th of the 2nd month after the period, moved to the next working day when it falls on a weekend or public ' +
        'holiday',
    },
    {
      query: { country: 'AT', filingType: 'vat-return', frequency: 'quarterly' },
      expected:
        '15th of the 2nd month after the period, moved to the next working day when it falls on a weekend or public holiday',
    },
    {
      query: { country: 'SE', filingType: 'vat-return', frequency: 'quarterly' },
      expected:
        '12th of the 2nd month after the period (the 17th in January and August), moved to the next working ' +
        'day when it falls on a weekend or public holiday',
    },
    {
      query: { country: 'NL', filingType: 'vat-return', frequency: 'quarterly' },
      expected: 'Last working day of the 2nd month after the period',
    },
    {
      query: { country: 'NL', filingType: 'vat-return', frequency: 'quarterly', isEstablished: true },
      expected:
        'Last day of the month after the period, moved to the next working day when it falls on a weekend or public holiday',
    },
    {
      query: { country: 'GB', filingType: 'vat-return', frequency: 'quarterly' },
      expected: '1 month and 7 days after the end of the period, not moved for weekends or public holidays',
    },
    {
      query: { country: 'CH', filingType: 'vat-return', frequency: 'quarterly' },
      expected:
        '60 days after the end of the period, moved to the next working day when it falls on a weekend or public holiday',
    },
    {
      query: { country: 'FR', filingType: 'ec-sales-list', frequency: 'monthly' },
      expected: '10th working day of the month after the period',
    },
    {
      query: { country: 'IT', filingType: 'oss-return', frequency: 'quarterly' },
      expected: 'Last day of the month after the period, not moved for weekends or public holidays',
    },
  ] as const)('$query.country $query.filingType: $expected', ({ query, expected }) => {
    expect(describeDueDate(query)).toBe(expected);
  });
});

describe('describeDueDateRule', () => {
  it('writes ordinals of every day a rule can name', () => {
    const days = [1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 31].map(
      (day) => describeDueDateRule({ kind: 'day-of-month', monthsAfter: 3, day }).split(' ')[0],
    );
    expect(days).toEqual(['1st', '2nd', '3rd', '4th', '11th', '12th', '13th', '21st', '22nd', '23rd', '31st']);
  });

  it('names whole months without days', () => {
    expect(describeDueDateRule({ kind: 'month-and-days-after', months: 2, days: 0 })).toBe(
      '2 months after the end of the period',
    );
  });
});
