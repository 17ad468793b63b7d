import { describe, expect, it } from 'vitest';
import { COUNTRY_RULES } from '../countries/country-rules';
import {
  COUNTRY_FILING_RULES,
  ecSalesListFrequency,
  findCountryFilingRules,
  findDeadlineRule,
  IOSS_FILING_RULES,
  OSS_FILING_RULES,
} from './filing-rules';

describe('COUNTRY_FILING_RULES', () => {
  it('covers the 30 jurisdictions of the country rules, in their order', () => {
    expect(COUNTRY_FILING_RULES.map((rules) => rules.country)).toEqual(COUNTRY_RULES.map((rule) => rule.code));
  });

  it('proposes the same default frequency as the country rules, and one the country offers', () => {
    for (const rules of COUNTRY_FILING_RULES) {
      const countryRule = COUNTRY_RULES.find((rule) => rule.code === rules.country);
      expect(rules.vatReturn.defaultFrequency.value, rules.country).toBe(countryRule?.proposedReturnFrequency.value);
      expect(rules.vatReturn.frequencies.value, rules.country).toContain(rules.vatReturn.defaultFrequency.value);
    }
  });

  it('gives an EC Sales List to every EU country and to none of GB, CH and NO', () => {
    const withList = COUNTRY_FILING_RULES.filter((rules) => rules.ecSalesList !== null).map((rules) => rules.country);
    expect(withList).toEqual(COUNTRY_RULES.filter((rule) => rule.isEu).map((rule) => rule.code));
  });

  it('lets every EC Sales List default to a frequency it offers', () => {
    for (const { country, ecSalesList } of COUNTRY_FILING_RULES) {
      if (!ecSalesList) continue;
      const preferred = ecSalesList.defaultFrequency.value;
      if (preferred !== 'as-vat-return') expect(ecSalesList.frequencies.value, country).toContain(preferred);
    }
  });

  it('cites a source for every cell', () => {
    for (const rules of COUNTRY_FILING_RULES) {
      const cells = [
        rules.vatReturn.frequencies,
        rules.vatReturn.dueDate,
        ...Object.values(rules.vatReturn.dueDateByFrequency),
        ...(rules.vatReturn.annualReturn ? [rules.vatReturn.annualReturn] : []),
        rules.shift,
        ...(rules.ecSalesList ? [rules.ecSalesList.dueDate, rules.ecSalesList.defaultFrequency] : []),
      ];
      for (const cell of cells) expect(cell?.sources.length, rules.country).toBeGreaterThan(0);
    }
  });

  // Research §1b, one fact per row, with the source that states it.
  it.each([
    { code: 'DE', rule: { kind: 'day-of-month', monthsAfter: 1, day: 10 }, isVerified: true, source: 'AV-DE' },
    { code: 'AT', rule: { kind: 'day-of-month', monthsAfter: 2, day: 15 }, isVerified: true, source: 'USP-AT' },
    { code: 'FR', rule: { kind: 'day-of-month', monthsAfter: 1, day: 19 }, isVerified: false, source: 'VD-FR' },
    { code: 'GR', rule: { kind: 'last-working-day', monthsAfter: 1 }, isVerified: true, source: 'AADE' },
    { code: 'NL', rule: { kind: 'last-working-day', monthsAfter: 2 }, isVerified: true, source: 'MAR-NL' },
    { code: 'MT', rule: { kind: 'day-of-month', monthsAfter: 2, day: 15 }, isVerified: false, source: 'BORG-MT' },
    { code: 'CH', rule: { kind: 'days-after', days: 60 }, isVerified: true, source: 'EUVAT-CH' },
    { code: 'GB', rule: { kind: 'month-and-days-after', months: 1, days: 7 }, isVerified: true, source: 'PENALTY-UK' },
  ])('$code VAT return: $rule.kind [$source]', ({ code, rule, isVerified, source }) => {
    const dueDate = findCountryFilingRules(code)?.vatReturn.dueDate;
    expect(dueDate?.value).toEqual(rule);
    expect(dueDate?.isVerified).toBe(isVerified);
    expect(dueDate?.sources).toContain(source);
  });

  // Research §1b: "plus an annual return (30 Jun)" (AT), "annual return by 30 Apr" (IT), "annual return as well" (DE).
  it.each([
    { code: 'AT', rule: { kind: 'day-of-month', monthsAfter: 6, day: 30 }, isVerified: true, source: 'USP-AT' },
    { code: 'IT', rule: { kind: 'day-of-month', monthsAfter: 4, day: 30 }, isVerified: true, source: 'ANOVA-IT' },
    { code: 'DE', rule: { kind: 'last-day-of-month', monthsAfter: 7 }, isVerified: false, source: 'AV-DE' },
  ])('$code annual return: $rule.kind, verified $isVerified [$source]', ({ code, rule, isVerified, source }) => {
    const annualReturn = findCountryFilingRules(code)?.vatReturn.annualReturn;
    expect(annualReturn?.value).toEqual(rule);
    expect(annualReturn?.isVerified).toBe(isVerified);
    expect(annualReturn?.sources).toContain(source);
  });

  it('requires an annual return on top of the periodic ones in Austria, Germany and Italy only', () => {
    const requiring = COUNTRY_FILING_RULES.filter((rules) => rules.vatReturn.annualReturn).map(
      (rules) => rules.country,
    );
    expect(requiring).toEqual(['AT', 'DE', 'IT']);
  });

  it('moves deadlines to the next working day, verified where the research names the country', () => {
    expect(findCountryFilingRules('DE')?.shift).toMatchObject({ value: 'next-working-day', isVerified: true });
    expect(findCountryFilingRules('PL')?.shift).toMatchObject({ value: 'next-working-day', isVerified: false });
    expect(findCountryFilingRules('UK')?.shift).toMatchObject({ value: 'none', isVerified: false });
  });

  it('finds Greece by its VAT prefix and answers nothing for other countries', () => {
    expect(findCountryFilingRules('el')?.country).toBe('GR');
    expect(findCountryFilingRules('US')).toBeUndefined();
  });
});

describe('OSS and IOSS rules', () => {
  it('files OSS quarterly and IOSS monthly, by the end of the next month, never moved', () => {
    expect(OSS_FILING_RULES.frequency.value).toBe('quarterly');
    expect(IOSS_FILING_RULES.frequency.value).toBe('monthly');
    for (const rules of [OSS_FILING_RULES, IOSS_FILING_RULES]) {
      expect(rules.dueDate.value).toEqual({ kind: 'last-day-of-month', monthsAfter: 1 });
      expect(rules.shift.value).toBe('none');
    }
    expect(OSS_FILING_RULES.dueDate.sources).toContain('BR-369f');
    expect(IOSS_FILING_RULES.dueDate.sources).toContain('NWB-369s');
  });
});

describe('findDeadlineRule', () => {
  it.each([
    { filingType: 'vat-return', day: 10, source: 'AV-DE' },
    { filingType: 'ec-sales-list', day: 25, source: 'MAR-DE-ESL' },
    { filingType: 'oss-return', day: undefined, source: 'BR-369f' },
    { filingType: 'ioss-return', day: undefined, source: 'NWB-369s' },
    { filingType: 'annual-return', day: undefined, source: 'AV-DE' },
  ] as const)('answers the $filingType rule of Germany [$source]', ({ filingType, day, source }) => {
    const { dueDate } = findDeadlineRule({ country: 'DE', filingType, frequency: 'quarterly' });
    expect(dueDate.value.kind === 'day-of-month' ? dueDate.value.day : undefined).toBe(day);
    expect(dueDate.sources).toContain(source);
  });

  it('prefers the established-seller rule, then the with-ESL rule, then the frequency rule', () => {
    expect(
      findDeadlineRule({ country: 'NL', filingType: 'vat-return', frequency: 'quarterly', isEstablished: true }),
    ).toMatchObject({ dueDate: { value: { kind: 'last-day-of-month', monthsAfter: 1 } } });
    expect(
      findDeadlineRule({ country: 'SI', filingType: 'vat-return', frequency: 'monthly', hasEcSalesList: true }),
    ).toMatchObject({ dueDate: { value: { kind: 'day-of-month', day: 20 } } });
    expect(findDeadlineRule({ country: 'BE', filingType: 'vat-return', frequency: 'quarterly' })).toMatchObject({
      dueDate: { value: { kind: 'day-of-month', day: 25 } },
    });
  });
});

describe('ecSalesListFrequency', () => {
  it.each([
    { country: 'DE', returnFrequency: 'monthly', expected: 'quarterly', why: 'the ZM is quarterly below €50k' },
    { country: 'DK', returnFrequency: 'monthly', expected: 'monthly', why: 'follows a monthly return' },
    { country: 'DK', returnFrequency: 'quarterly', expected: 'quarterly', why: 'follows a quarterly return' },
    { country: 'LU', returnFrequency: 'annual', expected: 'quarterly', why: 'no annual list: the first offered' },
    { country: 'PL', returnFrequency: 'quarterly', expected: 'monthly', why: 'VAT-UE is monthly only' },
  ] as const)('$country with $returnFrequency returns → $expected ($why)', ({ country, returnFrequency, expected }) => {
    expect(ecSalesListFrequency(country, returnFrequency)).toBe(expected);
  });

  it('refuses a country without a list', () => {
    expect(() => ecSalesListFrequency('NO', 'every-two-months')).toThrow(/no EC Sales List/);
  });
});
