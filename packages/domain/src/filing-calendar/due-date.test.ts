import { describe, expect, it } from 'vitest';
import type { ReturnFrequency } from '../countries/country-rules';
import { FilingCalendarError } from './calendar-dates';
import { applyDueDateRule, dueDate, paymentDueDate } from './due-date';
import type { DeadlineQuery, FilingType } from './filing-rules';
import { returnPeriodOf } from './return-periods';

/** [country, frequency, any day of the period, expected due date, why, extra query fields]. */
type Case = [string, ReturnFrequency, string, string, string, Partial<DeadlineQuery>?];

const due = (filingType: FilingType, [country, frequency, periodOf, , , extra]: Case) =>
  dueDate({ country, filingType, frequency, period: returnPeriodOf(frequency, periodOf), ...extra });

// Every expected date is checked by hand against a calendar; `why` names the weekday or holiday that decides it.
describe('dueDate of periodic VAT returns', () => {
  it.each<Case>([
    // Germany: 10th of the next month.
    ['DE', 'monthly', '2025-07-01', '2025-08-11', '10 Aug 2025 is a Sunday'],
    ['DE', 'quarterly', '2026-02-01', '2026-04-10', 'a Friday, not moved'],
    ['DE', 'monthly', '2026-09-01', '2026-10-12', '10 Oct 2026 is a Saturday'],
    // Germany with the Dauerfristverlängerung: the 10th of the 2nd month, monthly and quarterly.
    ['DE', 'monthly', '2026-11-01', '2027-01-11', 'extended; 10 Jan 2027 is a Sunday', { hasDeadlineExtension: true }],
    ['DE', 'monthly', '2026-01-01', '2026-03-10', 'extended, a Tuesday', { hasDeadlineExtension: true }],
    ['DE', 'quarterly', '2026-07-01', '2026-11-10', 'extended, a Tuesday', { hasDeadlineExtension: true }],
    // Austria: 15th of the 2nd month.
    ['AT', 'monthly', '2025-06-01', '2025-08-18', 'Assumption, Friday 15 Aug 2025, then a weekend'],
    ['AT', 'quarterly', '2026-01-01', '2026-05-15', 'a Friday'],
    // Poland: 25th of the next month.
    ['PL', 'monthly', '2025-11-01', '2025-12-29', 'Christmas on Thursday and Friday, then a weekend'],
    ['PL', 'monthly', '2026-04-01', '2026-05-25', 'a Monday'],
    // France: the 19th for foreign companies.
    ['FR', 'monthly', '2026-04-01', '2026-05-19', 'a Tuesday'],
    ['FR', 'monthly', '2026-08-01', '2026-09-21', '19 Sep 2026 is a Saturday'],
    ['FR', 'monthly', '2026-04-01', '2026-05-19', 'France grants no extension', { hasDeadlineExtension: true }],
    // Italy: monthly settlement on the 16th; quarterly LIPE on the last day of the 2nd month.
    ['IT', 'monthly', '2026-07-01', '2026-08-17', '16 Aug 2026 is a Sunday'],
    ['IT', 'quarterly', '2026-04-01', '2026-08-31', 'a Monday'],
    ['IT', 'quarterly', '2026-10-01', '2027-03-01', '28 Feb 2027 is a Sunday'],
    // Spain: quarterly on the 20th, the fourth quarter on 30 January; monthly on the 30th, February's end for January.
    ['ES', 'quarterly', '2026-01-01', '2026-04-20', 'a Monday'],
    ['ES', 'quarterly', '2025-10-01', '2026-01-30', 'the January exception, a Friday'],
    ['ES', 'monthly', '2026-01-01', '2026-03-02', 'February has no 30th; 28 Feb 2026 is a Saturday'],
    // Netherlands: non-established, last working day of the 2nd month; established, end of the next month.
    ['NL', 'quarterly', '2026-01-01', '2026-05-29', '31 May 2026 is a Sunday'],
    ['NL', 'quarterly', '2026-04-01', '2026-08-31', 'a Monday'],
    ['NL', 'quarterly', '2026-04-01', '2026-07-31', 'established, a Friday', { isEstablished: true }],
    ['NL', 'quarterly', '2025-10-01', '2026-02-02', 'established, 31 Jan 2026 is a Saturday', { isEstablished: true }],
    // Greece: last working day of the next month.
    ['GR', 'quarterly', '2025-10-01', '2026-01-30', '31 Jan 2026 is a Saturday'],
    ['GR', 'monthly', '2026-04-01', '2026-05-29', '31 May 2026 is a Sunday'],
    ['EL', 'quarterly', '2026-01-01', '2026-04-30', 'the VAT prefix EL, a Thursday'],
    // Sweden: 12th of the 2nd month, the 17th in January and August.
    ['SE', 'quarterly', '2026-01-01', '2026-05-12', 'a Tuesday'],
    ['SE', 'quarterly', '2026-04-01', '2026-08-17', 'the August exception, a Monday'],
    ['SE', 'monthly', '2026-11-01', '2027-01-18', 'the January exception; 17 Jan 2027 is a Sunday'],
    // United Kingdom: 1 month and 7 days, month end to month end, never moved.
    ['GB', 'quarterly', '2026-04-01', '2026-08-07', '30 Jun plus one month is 31 Jul'],
    ['GB', 'quarterly', '2026-01-01', '2026-05-07', 'a Thursday'],
    ['GB', 'monthly', '2026-01-01', '2026-03-07', 'a Saturday, not moved'],
    ['UK', 'monthly', '2026-02-01', '2026-04-07', 'the alias UK; 28 Feb plus one month is 31 Mar'],
    // Switzerland: 60 days after the period.
    ['CH', 'quarterly', '2026-01-01', '2026-06-01', '30 May 2026 is a Saturday'],
    ['CH', 'quarterly', '2027-10-01', '2028-02-29', 'a leap year, a Tuesday'],
    ['CH', 'quarterly', '2025-10-01', '2026-03-02', '1 Mar 2026 is a Sunday'],
    // Norway: the terms are due 10 Apr, 10 Jun, 31 Aug, 10 Oct, 10 Dec and 10 Feb.
    ['NO', 'every-two-months', '2026-01-01', '2026-04-10', 'a Friday'],
    ['NO', 'every-two-months', '2026-03-01', '2026-06-10', 'a Wednesday'],
    ['NO', 'every-two-months', '2026-05-01', '2026-08-31', 'the summer term, a Monday'],
    ['NO', 'every-two-months', '2026-07-01', '2026-10-12', '10 Oct 2026 is a Saturday'],
    ['NO', 'every-two-months', '2026-09-01', '2026-12-10', 'a Thursday'],
    ['NO', 'every-two-months', '2026-11-01', '2027-02-10', 'a Wednesday'],
    // Belgium: monthly on the 20th, quarterly on the 25th.
    ['BE', 'quarterly', '2026-01-01', '2026-04-27', '25 Apr 2026 is a Saturday'],
    ['BE', 'monthly', '2026-04-01', '2026-05-20', 'a Wednesday'],
    // Slovenia: last working day of the next month, the 20th when an EC Sales List is due too.
    ['SI', 'monthly', '2026-04-01', '2026-05-29', '31 May 2026 is a Sunday'],
    ['SI', 'monthly', '2026-04-01', '2026-05-20', 'with an EC Sales List, a Wednesday', { hasEcSalesList: true }],
    // Finland: annual returns at the end of February.
    ['FI', 'annual', '2026-06-01', '2027-03-01', '28 Feb 2027 is a Sunday'],
  ])('%s %s period of %s → %s (%s)', (...row) => {
    expect(due('vat-return', row)).toBe(row[3]);
  });
});

describe('dueDate of OSS and IOSS returns: end of the next month, never moved', () => {
  it.each<Case>([
    ['DE', 'quarterly', '2026-01-01', '2026-04-30', 'a Thursday'],
    ['DE', 'quarterly', '2026-07-01', '2026-10-31', 'a Saturday, not moved'],
    ['IE', 'quarterly', '2025-10-01', '2026-01-31', 'a Saturday, not moved'],
  ])('OSS via %s, %s period of %s → %s (%s)', (...row) => {
    expect(due('oss-return', row)).toBe(row[3]);
  });

  it.each<Case>([
    ['NL', 'monthly', '2026-01-01', '2026-02-28', 'a Saturday, not moved'],
    ['NL', 'monthly', '2027-12-01', '2028-01-31', 'across the year end'],
  ])('IOSS via %s, %s period of %s → %s (%s)', (...row) => {
    expect(due('ioss-return', row)).toBe(row[3]);
  });
});

describe('dueDate of EC Sales Lists', () => {
  it.each<Case>([
    ['DE', 'quarterly', '2026-01-01', '2026-04-27', '25 Apr 2026 is a Saturday'],
    ['DE', 'monthly', '2026-11-01', '2026-12-28', 'Christmas on Friday, Boxing Day on Saturday'],
    [
      'DE',
      'monthly',
      '2026-10-01',
      '2026-11-25',
      'the VAT return extended, the list not',
      { hasDeadlineExtension: true },
    ],
    ['FR', 'monthly', '2026-04-01', '2026-05-19', '10th working day; 1, 8 and 14 May are holidays'],
    ['GR', 'monthly', '2026-03-01', '2026-04-27', '26 Apr 2026 is a Sunday'],
    ['SE', 'quarterly', '2026-01-01', '2026-04-27', 'quarterly on the 25th, a Saturday'],
    ['SE', 'monthly', '2026-04-01', '2026-05-20', 'monthly on the 20th'],
    ['ES', 'quarterly', '2026-04-01', '2026-07-20', 'a Monday'],
    ['PL', 'monthly', '2026-04-01', '2026-05-25', 'a Monday'],
  ])('%s %s period of %s → %s (%s)', (...row) => {
    expect(due('ec-sales-list', row)).toBe(row[3]);
  });

  it.each(['GB', 'CH', 'NO'])('refuses an EC Sales List in %s', (country) => {
    expect(() => due('ec-sales-list', [country, 'monthly', '2026-01-01', '', ''])).toThrow(
      expect.objectContaining({ code: 'no-ec-sales-list' }),
    );
  });
});

describe('dueDate of annual returns: after the calendar year, moved like the periodic ones', () => {
  it.each<Case>([
    ['IT', 'annual', '2025-06-01', '2026-04-30', '30 April, a Thursday'],
    ['IT', 'annual', '2027-06-01', '2028-05-02', '30 Apr 2028 is a Sunday, 1 May Labour Day'],
    ['AT', 'annual', '2025-06-01', '2026-06-30', '30 June, a Tuesday'],
    ['AT', 'annual', '2028-06-01', '2029-07-02', '30 Jun 2029 is a Saturday'],
    ['DE', 'annual', '2025-06-01', '2026-07-31', '31 July, a Friday'],
    ['DE', 'annual', '2026-06-01', '2027-08-02', '31 Jul 2027 is a Saturday'],
    ['DE', 'annual', '2025-06-01', '2026-07-31', 'the extension is not for it', { hasDeadlineExtension: true }],
  ])('%s %s period of %s → %s (%s)', (...row) => {
    expect(due('annual-return', row)).toBe(row[3]);
  });

  it.each(['FR', 'PL', 'GB'])('refuses an annual return in %s, whose periodic returns are all there is', (country) => {
    expect(() => due('annual-return', [country, 'annual', '2026-01-01', '', ''])).toThrow(
      expect.objectContaining({ code: 'no-annual-return' }),
    );
  });
});

describe('dueDate input checks', () => {
  it('refuses a country Vatlas does not serve', () => {
    expect(() => due('vat-return', ['US', 'monthly', '2026-01-01', '', ''])).toThrow(FilingCalendarError);
  });

  it('refuses a period that ends before it starts', () => {
    const period = { start: '2026-02-01', end: '2026-01-31' };
    expect(() => dueDate({ country: 'DE', filingType: 'vat-return', frequency: 'monthly', period })).toThrow(
      expect.objectContaining({ code: 'invalid-range' }),
    );
  });
});

describe('applyDueDateRule', () => {
  it('counts month-and-days from a day that is not a month end day by day', () => {
    expect(applyDueDateRule({ kind: 'month-and-days-after', months: 1, days: 7 }, 'GB', '2026-01-15')).toBe(
      '2026-02-22',
    );
  });

  it('clamps a day the due month lacks to its last day', () => {
    expect(applyDueDateRule({ kind: 'day-of-month', monthsAfter: 1, day: 31 }, 'DE', '2026-03-31')).toBe('2026-04-30');
  });
});

describe('paymentDueDate: where the VAT is paid on another day than the return is filed (decision 050)', () => {
  const pay = (filingType: FilingType, [country, frequency, periodOf]: Case) =>
    paymentDueDate({ country, filingType, frequency, period: returnPeriodOf(frequency, periodOf) });

  it.each<Case>([
    // Croatia: filed by the 20th, paid by the last day of the next month.
    ['HR', 'monthly', '2026-03-01', '2026-04-30', 'a Thursday'],
    ['HR', 'monthly', '2026-01-01', '2026-03-02', '28 Feb 2026 is a Saturday'],
    ['HR', 'quarterly', '2026-02-01', '2026-04-30', 'a Thursday'],
    // Portugal: filed by the 20th, paid by the 25th, of the 2nd month.
    ['PT', 'monthly', '2026-03-01', '2026-05-25', 'a Monday'],
    ['PT', 'quarterly', '2026-05-01', '2026-08-25', 'a Tuesday'],
    ['PT', 'monthly', '2026-08-01', '2026-10-26', '25 Oct 2026 is a Sunday'],
  ])('%s %s return for the period of %s: paid by %s (%s)', (...testCase) => {
    expect(pay('vat-return', testCase)).toBe(testCase[3]);
  });

  it.each<Case>([
    // Italy: the annual balance by 16 March, before the return of 30 April.
    ['IT', 'annual', '2025-06-01', '2026-03-16', 'a Monday, six weeks before the return'],
    ['IT', 'annual', '2023-06-01', '2024-03-18', '16 Mar 2024 is a Saturday'],
  ])('%s annual balance for the year of %s: paid by %s (%s)', (...testCase) => {
    expect(pay('annual-return', testCase)).toBe(testCase[3]);
    expect(due('annual-return', testCase) > (testCase[3] as string)).toBe(true);
  });

  it('is no other day where the VAT is paid with the filing, or none is paid', () => {
    expect(pay('vat-return', ['DE', 'monthly', '2026-03-01', '', ''])).toBeUndefined();
    expect(pay('vat-return', ['IT', 'monthly', '2026-03-01', '', ''])).toBeUndefined();
    expect(pay('annual-return', ['DE', 'annual', '2025-06-01', '', ''])).toBeUndefined();
    expect(pay('ec-sales-list', ['HR', 'monthly', '2026-03-01', '', ''])).toBeUndefined();
    expect(pay('oss-return', ['PT', 'quarterly', '2026-03-01', '', ''])).toBeUndefined();
  });
});
