import { describe, expect, it } from 'vitest';
import { COUNTRY_RULES, findCountryRule, needsFiscalRepresentative } from './country-rules';
import { requiredDocumentsFor } from './required-documents';

const EU_27 = 'AT BE BG HR CY CZ DK EE FI FR DE GR HU IE IT LV LT LU MT NL PL PT RO SK SI ES SE'.split(' ');

describe('COUNTRY_RULES', () => {
  it('holds the EU-27, GB, CH and NO once each', () => {
    expect(COUNTRY_RULES.map((rule) => rule.code).sort()).toEqual([...EU_27, 'GB', 'CH', 'NO'].sort());
    expect(
      COUNTRY_RULES.filter((rule) => rule.isEu)
        .map((rule) => rule.code)
        .sort(),
    ).toEqual([...EU_27].sort());
  });

  it('cites a source for every threshold, representative rule and return frequency', () => {
    for (const rule of COUNTRY_RULES) {
      expect(rule.nonResidentThreshold.sources.length, rule.code).toBeGreaterThan(0);
      expect(rule.fiscalRepresentative.sources.length, rule.code).toBeGreaterThan(0);
      expect(rule.proposedReturnFrequency.sources.length, rule.code).toBeGreaterThan(0);
    }
  });

  // Research §1b table, one row per fact.
  it.each([
    { code: 'PL', amount: '0', currency: 'EUR', basis: 'first-local-supply', source: 'AV-PL' },
    { code: 'DE', amount: '0', currency: 'EUR', basis: 'first-local-supply', source: 'AV-DE' },
    { code: 'GB', amount: '0', currency: 'GBP', basis: 'first-local-supply', source: 'HMRC-NETP' },
    { code: 'CH', amount: '100000', currency: 'CHF', basis: 'worldwide-turnover', source: 'EUVAT-CH' },
    { code: 'NO', amount: '50000', currency: 'NOK', basis: 'local-turnover-12-months', source: 'SKE-NO' },
  ])('non-resident threshold of $code is $amount $currency [$source]', ({ code, source, ...threshold }) => {
    const rule = findCountryRule(code);
    expect(rule?.nonResidentThreshold.value).toEqual(threshold);
    expect(rule?.nonResidentThreshold.sources).toContain(source);
  });

  it.each([
    { code: 'FR', rule: 'non-eu', frequency: 'monthly', source: 'AV-FR' },
    { code: 'BE', rule: 'non-eu', frequency: 'monthly', source: 'AV-BE-FR' },
    { code: 'IT', rule: 'non-eu', frequency: 'monthly', source: 'AV-IT' },
    { code: 'ES', rule: 'non-eu', frequency: 'quarterly', source: 'AV-ES' },
    { code: 'PL', rule: 'non-eu', frequency: 'monthly', source: 'AV-PL' },
    { code: 'CZ', rule: 'never', frequency: 'monthly', source: 'YT-CZ' },
    { code: 'DE', rule: 'never', frequency: 'quarterly', source: 'AV-DE' },
    { code: 'NL', rule: 'never', frequency: 'quarterly', source: 'MAR-NL' },
    { code: 'IE', rule: 'never', frequency: 'every-two-months', source: 'AV-IE' },
    { code: 'GB', rule: 'never', frequency: 'quarterly', source: 'HMRC-NETP' },
    { code: 'CH', rule: 'non-resident', frequency: 'quarterly', source: 'AV-CH' },
    { code: 'NO', rule: 'non-eea-uk', frequency: 'every-two-months', source: 'NO-REP' },
  ])(
    '$code: fiscal representative $rule, proposed $frequency returns [$source]',
    ({ code, rule, frequency, source }) => {
      const country = findCountryRule(code);
      expect(country?.fiscalRepresentative.value).toBe(rule);
      expect(country?.fiscalRepresentative.sources).toContain(source);
      expect(country?.proposedReturnFrequency.value).toBe(frequency);
    },
  );

  it('uses EL as the VAT prefix of Greece and accepts EL and UK as aliases', () => {
    expect(findCountryRule('GR')?.vatPrefix.value).toBe('EL');
    expect(findCountryRule('el')?.code).toBe('GR');
    expect(findCountryRule('UK')?.code).toBe('GB');
    expect(findCountryRule('US')).toBeUndefined();
  });

  it('marks the cells the research marks unverified', () => {
    expect(findCountryRule('BG')?.currency.isVerified).toBe(false);
    expect(findCountryRule('SE')?.fiscalRepresentative.isVerified).toBe(false);
    expect(findCountryRule('FR')?.fiscalRepresentative.isVerified).toBe(true);
  });
});

describe('needsFiscalRepresentative', () => {
  it.each([
    { country: 'FR', seller: { isEuEstablished: false, establishmentCountryCode: 'US' }, expected: true },
    { country: 'FR', seller: { isEuEstablished: true, establishmentCountryCode: 'DE' }, expected: false },
    { country: 'DE', seller: { isEuEstablished: false, establishmentCountryCode: 'CN' }, expected: false },
    { country: 'NO', seller: { isEuEstablished: false, establishmentCountryCode: 'GB' }, expected: false },
    { country: 'NO', seller: { isEuEstablished: false, establishmentCountryCode: 'US' }, expected: true },
    { country: 'NO', seller: { isEuEstablished: true }, expected: false },
    { country: 'CH', seller: { isEuEstablished: true, establishmentCountryCode: 'DE' }, expected: true },
    { country: 'CH', seller: { isEuEstablished: false, establishmentCountryCode: 'CH' }, expected: false },
  ])('$country for $seller.establishmentCountryCode → $expected', ({ country, seller, expected }) => {
    const rule = findCountryRule(country);
    if (!rule) throw new Error(country);
    expect(needsFiscalRepresentative(rule, seller)).toBe(expected);
  });
});

describe('requiredDocumentsFor', () => {
  const common = [
    'certificate-of-incorporation',
    'articles-of-association',
    'home-vat-certificate',
    'legal-representative-id',
    'power-of-attorney',
    'bank-details',
  ];

  it('asks an EU seller registering in FR for the common set only', () => {
    expect(requiredDocumentsFor('FR', { isEuEstablished: true }).map((doc) => doc.type)).toEqual(common);
  });

  it('adds the fiscal-representative appointment for a non-EU seller in FR, citing the rule', () => {
    const documents = requiredDocumentsFor('FR', { isEuEstablished: false });
    expect(documents.map((doc) => doc.type)).toEqual([...common, 'fiscal-representative-appointment']);
    expect(documents.at(-1)?.sources).toContain('AV-FR');
  });

  it('adds the Swiss representative and bank guarantee for every foreign seller', () => {
    expect(requiredDocumentsFor('CH', { isEuEstablished: true }).map((doc) => doc.type)).toEqual([
      ...common,
      'fiscal-representative-appointment',
      'bank-guarantee',
    ]);
  });

  it('answers nothing for a country Vatlas does not serve', () => {
    expect(requiredDocumentsFor('US', { isEuEstablished: false })).toEqual([]);
  });
});
