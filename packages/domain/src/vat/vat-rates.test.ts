import { describe, expect, it } from 'vitest';
import { COUNTRY_CODES } from '../countries/country-rules';
import { findVatRate, findVatRates, VAT_RATE_COUNTRY_CODES, vatRatePeriodsOf } from './vat-rates';

describe('VAT rate data', () => {
  it('covers exactly the 30 countries of COUNTRY_RULES', () => {
    expect(VAT_RATE_COUNTRY_CODES).toEqual([...COUNTRY_CODES].sort());
  });

  it('holds every rate as a canonical decimal string and every country with a standard rate', () => {
    for (const code of VAT_RATE_COUNTRY_CODES) {
      for (const period of vatRatePeriodsOf(code)) {
        for (const rate of [...Object.values(period.rates), ...period.reducedRates]) {
          expect(rate, `${code} ${period.effectiveFrom}`).toMatch(/^(0|[1-9]\d?)(\.\d{1,2})?$/);
        }
        expect(period.sources.length, code).toBeGreaterThan(0);
      }
    }
  });

  it('chains the periods of a country without gaps, newest first', () => {
    for (const code of VAT_RATE_COUNTRY_CODES) {
      const periods = vatRatePeriodsOf(code);
      expect(periods[0]?.effectiveUntil, code).toBeUndefined();
      for (let index = 1; index < periods.length; index += 1) {
        expect(periods[index]?.effectiveUntil, code).toBe(periods[index - 1]?.effectiveFrom);
      }
    }
  });
});

describe('findVatRates', () => {
  // Each row is a period boundary of ibericode/vat-rates [IBR] (research §1a), checked on both sides.
  it.each([
    { code: 'EE', date: '2023-12-31', standard: '20', source: 'IBR' },
    { code: 'EE', date: '2024-01-01', standard: '22', source: 'IBR' },
    { code: 'EE', date: '2025-06-30', standard: '22', source: 'IBR' },
    { code: 'EE', date: '2025-07-01', standard: '24', source: 'IBR' },
    { code: 'FI', date: '2024-08-31', standard: '24', source: 'IBR' },
    { code: 'FI', date: '2024-09-01', standard: '25.5', source: 'IBR' },
    { code: 'SK', date: '2024-12-31', standard: '20', source: 'IBR' },
    { code: 'SK', date: '2025-01-01', standard: '23', source: 'IBR' },
    { code: 'LU', date: '2022-12-31', standard: '17', source: 'IBR' },
    { code: 'LU', date: '2023-01-01', standard: '16', source: 'IBR' },
    { code: 'LU', date: '2023-12-31', standard: '16', source: 'IBR' },
    { code: 'LU', date: '2024-01-01', standard: '17', source: 'IBR' },
    { code: 'RO', date: '2025-07-31', standard: '19', source: 'IBR' },
    { code: 'RO', date: '2025-08-01', standard: '21', source: 'IBR' },
    { code: 'RO', date: '2016-06-15', standard: '20', source: 'IBR' },
    { code: 'DE', date: '2020-07-01', standard: '16', source: 'IBR' },
    { code: 'DE', date: '2021-01-01', standard: '19', source: 'IBR' },
    { code: 'IE', date: '2021-02-28', standard: '21', source: 'IBR' },
    { code: 'IE', date: '2021-03-01', standard: '23', source: 'IBR' },
    { code: 'GR', date: '2016-05-31', standard: '23', source: 'IBR' },
    { code: 'GR', date: '2016-06-01', standard: '24', source: 'IBR' },
    { code: 'GB', date: '2025-01-15', standard: '20', source: 'IBR' },
    { code: 'CH', date: '2025-01-15', standard: '8.1', source: 'ESS-CH' },
    { code: 'NO', date: '2025-01-15', standard: '25', source: 'ESS-NO' },
  ])('$code on $date: standard $standard [$source]', ({ code, date, standard, source }) => {
    const found = findVatRates(code, date);
    expect(found.ok && found.period.rates.standard).toBe(standard);
    expect(found.ok && found.period.sources).toContain(source);
  });

  it('answers the CZ reform of 2024: 15 and 10 merged into 12 [IBR]', () => {
    const before = findVatRates('CZ', '2023-12-31');
    const after = findVatRates('CZ', '2024-01-01');
    expect(before.ok && before.period.reducedRates).toEqual(['10', '15']);
    expect(after.ok && after.period.reducedRates).toEqual(['12']);
    expect(after.ok && after.period.effectiveFrom).toBe('2024-01-01');
  });

  it('answers Greece under its VAT prefix EL as under GR [IBR]', () => {
    const el = findVatRates('EL', '2025-03-01');
    expect(el).toEqual(findVatRates('GR', '2025-03-01'));
    expect(el.ok && el.period.countryCode).toBe('GR');
    expect(el.ok && el.period.regionalExceptions.map((exception) => exception.name)).toEqual(['Mount Athos']);
  });

  it('marks the open start of IBR ("0000-01-01") as an unknown start, not as year 0', () => {
    const found = findVatRates('DE', '2019-06-01');
    expect(found.ok && found.period.effectiveFrom).toBeUndefined();
    expect(found.ok && found.period.effectiveUntil).toBe('2020-07-01');
  });

  it.each([
    { code: 'US', date: '2025-01-01', error: { kind: 'unknown-country', countryCode: 'US' } },
    { code: 'DE', date: '2025-02-30', error: { kind: 'invalid-date', date: '2025-02-30' } },
    { code: 'DE', date: '1.1.2025', error: { kind: 'invalid-date', date: '1.1.2025' } },
    { code: 'DE', date: '2025-01-01T00:00:00Z', error: { kind: 'invalid-date', date: '2025-01-01T00:00:00Z' } },
    {
      code: 'GB',
      date: '2010-12-31',
      error: { kind: 'before-first-period', countryCode: 'GB', date: '2010-12-31', firstEffectiveFrom: '2011-01-04' },
    },
    {
      code: 'CH',
      date: '2023-12-31',
      error: { kind: 'before-first-period', countryCode: 'CH', date: '2023-12-31', firstEffectiveFrom: '2024-01-01' },
    },
  ])('refuses $code on $date with $error.kind instead of guessing', ({ code, date, error }) => {
    expect(findVatRates(code, date)).toEqual({ ok: false, error });
  });
});

describe('findVatRate', () => {
  it.each([
    { code: 'FR', date: '2025-01-01', category: 'superReduced', rate: '2.1', source: 'IBR' },
    { code: 'FR', date: '2013-06-01', category: 'reduced2', rate: '7', source: 'IBR' },
    { code: 'IE', date: '2025-01-01', category: 'parking', rate: '13.5', source: 'IBR' },
    { code: 'LU', date: '2023-06-01', category: 'parking', rate: '13', source: 'IBR' },
    { code: 'EE', date: '2025-07-01', category: 'pressPublications', rate: '9', source: 'IBR' },
    { code: 'DE', date: '2020-12-31', category: 'reduced', rate: '5', source: 'IBR' },
    { code: 'CH', date: '2024-06-01', category: 'accommodation', rate: '3.8', source: 'ESS-CH' },
  ] as const)('$code $category on $date is $rate [$source]', ({ code, date, category, rate, source }) => {
    const found = findVatRate(code, date, category);
    expect(found.ok && found.rate).toBe(rate);
    expect(found.ok && found.period.sources).toContain(source);
  });

  it('refuses a category the period does not have (DK has no reduced rate) [IBR]', () => {
    expect(findVatRate('DK', '2025-01-01', 'reduced')).toEqual({
      ok: false,
      error: { kind: 'category-not-in-period', countryCode: 'DK', date: '2025-01-01', category: 'reduced' },
    });
  });

  it('passes on the errors of findVatRates', () => {
    expect(findVatRate('XX', '2025-01-01', 'standard')).toEqual({
      ok: false,
      error: { kind: 'unknown-country', countryCode: 'XX' },
    });
  });
});
