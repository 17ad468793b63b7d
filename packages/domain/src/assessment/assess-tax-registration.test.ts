import { describe, expect, it } from 'vitest';
import { type AssessmentReasonCode, assessTaxRegistration } from './assess-tax-registration';
import { EMPTY_QUESTIONNAIRE, type QuestionnaireAnswers } from './questionnaire';

type ExpectedJurisdiction = { isRequired: boolean; fiscalRep: boolean; reasons: AssessmentReasonCode[] };
type Scenario = {
  name: string;
  answers: Partial<QuestionnaireAnswers>;
  /** Every listed jurisdiction, reason by reason in order; a country not listed must not appear. */
  jurisdictions: Record<string, ExpectedJurisdiction>;
  oss: [boolean, AssessmentReasonCode, ...AssessmentReasonCode[]];
  ioss: [boolean, AssessmentReasonCode, ...AssessmentReasonCode[]];
  /** Source keys of vat-rules-research.md §7 the expectation is written from; each must back a reason of the result. */
  cites: string[];
};

const home = (): ExpectedJurisdiction => ({ isRequired: false, fiscalRep: false, reasons: ['home-country'] });
const stock = (...more: AssessmentReasonCode[]): ExpectedJurisdiction => ({
  isRequired: true,
  fiscalRep: more.includes('fiscal-representative-required'),
  reasons: ['stock-held', ...more],
});
const noIoss: Scenario['ioss'] = [false, 'no-low-value-imports'];

const scenarios: Scenario[] = [
  {
    name: 'DE seller, EU distance sales €8,000 / €6,000: below €10,000, home VAT, no OSS',
    answers: { establishmentCountryCode: 'DE', euDistanceSales: { currentYear: '8000', previousYear: '6000' } },
    jurisdictions: { DE: home() },
    oss: [false, 'eu-distance-sales-below-threshold'],
    ioss: noIoss,
    cites: ['NWB-59c', 'AEAT'],
  },
  {
    name: 'DE seller, exactly €10,000.00 is not above the threshold',
    answers: { establishmentCountryCode: 'DE', euDistanceSales: { currentYear: '10000.00', previousYear: '0' } },
    jurisdictions: { DE: home() },
    oss: [false, 'eu-distance-sales-below-threshold'],
    ioss: noIoss,
    cites: ['NWB-59c'],
  },
  {
    name: 'DE seller, €10,000.01 this year: OSS from that supply on',
    answers: { establishmentCountryCode: 'DE', euDistanceSales: { currentYear: '10000.01', previousYear: '0' } },
    jurisdictions: { DE: home() },
    oss: [true, 'eu-distance-sales-above-threshold'],
    ioss: noIoss,
    cites: ['NWB-59c', 'BR-369f'],
  },
  {
    name: 'AT seller, €4,000 this year but €10,500 last year: the previous year counts too',
    answers: { establishmentCountryCode: 'AT', euDistanceSales: { currentYear: '4000', previousYear: '10500' } },
    jurisdictions: { AT: home() },
    oss: [true, 'eu-distance-sales-above-threshold'],
    ioss: noIoss,
    cites: ['NWB-59c', 'AEAT'],
  },
  {
    name: 'DE seller, Pan-EU stock in PL and CZ: €0 stock registrations, OSS from the first sale, no representative',
    answers: {
      establishmentCountryCode: 'DE',
      fulfilmentCenterCountries: ['PL', 'CZ', 'DE'],
      euDistanceSales: { currentYear: '3000', previousYear: '0' },
    },
    jurisdictions: {
      PL: stock('stock-registration-despite-oss'),
      CZ: stock('stock-registration-despite-oss'),
      DE: home(),
    },
    oss: [true, 'eu-threshold-not-applicable-stock-abroad'],
    ioss: noIoss,
    cites: ['AV-PL', 'YT-CZ', 'NWB-59c', 'STAXXER'],
  },
  {
    name: 'US seller, FBA stock in DE FR IT ES PL, all through Amazon: registrations stay, representatives outside DE',
    answers: {
      establishmentCountryCode: 'US',
      fulfilmentCenterCountries: ['DE', 'FR', 'IT', 'ES', 'PL'],
      euDistanceSales: { currentYear: '50000', previousYear: '20000' },
      marketplaceDeemedSupplier: 'all',
    },
    jurisdictions: {
      FR: stock('marketplace-does-not-remove-stock-registration', 'fiscal-representative-required'),
      DE: stock('marketplace-does-not-remove-stock-registration'),
      IT: stock('marketplace-does-not-remove-stock-registration', 'fiscal-representative-required'),
      PL: stock('marketplace-does-not-remove-stock-registration', 'fiscal-representative-required'),
      ES: stock('marketplace-does-not-remove-stock-registration', 'fiscal-representative-required'),
    },
    oss: [false, 'marketplace-deemed-supplier-collects'],
    ioss: noIoss,
    cites: ['AV-FR', 'AV-IT', 'AV-PL', 'AV-ES', 'AV-DE', 'AMZ-FD'],
  },
  {
    name: 'US seller, own warehouse in NL, €500 distance sales: NL without representative, OSS with no threshold',
    answers: {
      establishmentCountryCode: 'US',
      ownWarehouseCountries: ['NL'],
      euDistanceSales: { currentYear: '500', previousYear: '0' },
    },
    jurisdictions: { NL: stock('stock-registration-despite-oss') },
    oss: [true, 'eu-threshold-not-applicable-non-eu'],
    ioss: noIoss,
    cites: ['MAR-NL', 'NWB-59c'],
  },
  {
    name: 'CN seller, low-value imports from its own shop: IOSS through an intermediary, no registration',
    answers: { establishmentCountryCode: 'CN', hasLowValueImports: true },
    jurisdictions: {},
    oss: [false, 'no-eu-distance-sales'],
    ioss: [true, 'ioss-low-value-imports', 'ioss-intermediary-required'],
    cites: ['NWB-369s', 'IOSS-FAQ'],
  },
  {
    name: 'CN seller, low-value imports only through a deemed-supplier marketplace: no own IOSS',
    answers: { establishmentCountryCode: 'CN', hasLowValueImports: true, marketplaceDeemedSupplier: 'all' },
    jurisdictions: {},
    oss: [false, 'no-eu-distance-sales'],
    ioss: [false, 'marketplace-deemed-supplier-collects'],
    cites: ['AMZ-FD', 'IOSS-FAQ'],
  },
  {
    name: 'FR seller, imports ≤ €150 from its own shop: IOSS without intermediary',
    answers: { establishmentCountryCode: 'FR', hasLowValueImports: true },
    jurisdictions: { FR: home() },
    oss: [false, 'no-eu-distance-sales'],
    ioss: [true, 'ioss-low-value-imports'],
    cites: ['NWB-369s'],
  },
  {
    name: 'DE seller, £2,000 direct UK sales: UK NETP registration from £0, no representative',
    answers: { establishmentCountryCode: 'DE', ukSales: '2000' },
    jurisdictions: { GB: { isRequired: true, fiscalRep: false, reasons: ['uk-netp-direct-sales'] }, DE: home() },
    oss: [false, 'no-eu-distance-sales'],
    ioss: noIoss,
    cites: ['HMRC-NETP'],
  },
  {
    name: 'FR seller, UK sales only through a deemed-supplier marketplace, no UK stock: no UK registration',
    answers: { establishmentCountryCode: 'FR', ukSales: '9000', marketplaceDeemedSupplier: 'all' },
    jurisdictions: {
      FR: home(),
      GB: { isRequired: false, fiscalRep: false, reasons: ['uk-sales-through-deemed-supplier'] },
    },
    oss: [false, 'no-eu-distance-sales'],
    ioss: noIoss,
    cites: ['WRA-UK'],
  },
  {
    name: 'FR seller, FBA stock in GB: UK registration from £0 although Amazon collects',
    answers: { establishmentCountryCode: 'FR', fulfilmentCenterCountries: ['GB'], marketplaceDeemedSupplier: 'all' },
    jurisdictions: { GB: stock('marketplace-does-not-remove-stock-registration'), FR: home() },
    oss: [false, 'no-eu-distance-sales'],
    ioss: noIoss,
    cites: ['HMRC-NETP', 'AMZ-FD'],
  },
  {
    name: 'DE seller, CHF 20,000 Swiss sales, CHF 250,000 worldwide: CH with tax representative',
    answers: { establishmentCountryCode: 'DE', swissSales: '20000', worldwideTurnover: '250000' },
    jurisdictions: {
      CH: { isRequired: true, fiscalRep: true, reasons: ['ch-turnover-reached', 'fiscal-representative-required'] },
      DE: home(),
    },
    oss: [false, 'no-eu-distance-sales'],
    ioss: noIoss,
    cites: ['EUVAT-CH', 'AV-CH', 'DIGI-CH'],
  },
  {
    name: 'DE seller, CHF 5,000 Swiss sales, CHF 80,000 worldwide: below the Swiss threshold',
    answers: { establishmentCountryCode: 'DE', swissSales: '5000', worldwideTurnover: '80000' },
    jurisdictions: { DE: home(), CH: { isRequired: false, fiscalRep: false, reasons: ['ch-turnover-below'] } },
    oss: [false, 'no-eu-distance-sales'],
    ioss: noIoss,
    cites: ['EUVAT-CH'],
  },
  {
    name: 'AT seller, NOK 60,000 Norwegian sales: NO registration, no representative for an EEA seller',
    answers: { establishmentCountryCode: 'AT', norwaySales: '60000' },
    jurisdictions: {
      NO: { isRequired: true, fiscalRep: false, reasons: ['no-sales-above-threshold'] },
      AT: home(),
    },
    oss: [false, 'no-eu-distance-sales'],
    ioss: noIoss,
    cites: ['SKE-NO'],
  },
  {
    name: 'US seller, NOK 60,000 Norwegian sales: NO registration with a VAT representative',
    answers: { establishmentCountryCode: 'US', norwaySales: '60000' },
    jurisdictions: {
      NO: {
        isRequired: true,
        fiscalRep: true,
        reasons: ['no-sales-above-threshold', 'fiscal-representative-required'],
      },
    },
    oss: [false, 'no-eu-distance-sales'],
    ioss: noIoss,
    cites: ['SKE-NO', 'NO-REP'],
  },
  {
    name: 'GB seller, NOK 40,000 Norwegian sales: below NOK 50,000',
    answers: { establishmentCountryCode: 'GB', norwaySales: '40000' },
    jurisdictions: { GB: home(), NO: { isRequired: false, fiscalRep: false, reasons: ['no-sales-below-threshold'] } },
    oss: [false, 'no-eu-distance-sales'],
    ioss: noIoss,
    cites: ['SKE-NO'],
  },
  {
    name: 'GB seller (non-EU since 2021), own warehouse in FR and LV: FR with representative, LV optional',
    answers: { establishmentCountryCode: 'GB', ownWarehouseCountries: ['FR', 'LV'] },
    jurisdictions: {
      FR: stock('fiscal-representative-required'),
      LV: stock('fiscal-representative-optional'),
      GB: home(),
    },
    oss: [false, 'no-eu-distance-sales'],
    ioss: noIoss,
    cites: ['AV-FR', 'VID-LV'],
  },
  {
    name: 'DE seller, FBA stock only in DE: nothing abroad, threshold still applies',
    answers: {
      establishmentCountryCode: 'DE',
      fulfilmentCenterCountries: ['DE'],
      euDistanceSales: { currentYear: '9999.99', previousYear: '0' },
    },
    jurisdictions: { DE: home() },
    oss: [false, 'eu-distance-sales-below-threshold'],
    ioss: noIoss,
    cites: ['NWB-59c'],
  },
];

describe('assessTaxRegistration: scenarios written from vat-rules-research.md', () => {
  it('has at least 12 scenarios', () => {
    expect(scenarios.length).toBeGreaterThanOrEqual(12);
  });

  it.each(scenarios)('$name', (scenario) => {
    const result = assessTaxRegistration({ ...EMPTY_QUESTIONNAIRE, ...scenario.answers });

    const actual = Object.fromEntries(
      result.jurisdictions.map((item) => [
        item.countryCode,
        {
          isRequired: item.isRequired,
          fiscalRep: item.needsFiscalRepresentative,
          reasons: item.reasons.map((r) => r.code),
        },
      ]),
    );
    expect(actual).toEqual(scenario.jurisdictions);
    expect([result.oss.recommended, result.oss.reason.code, ...result.oss.notes.map((n) => n.code)]).toEqual(
      scenario.oss,
    );
    expect([result.ioss.recommended, result.ioss.reason.code, ...result.ioss.notes.map((n) => n.code)]).toEqual(
      scenario.ioss,
    );

    const everyReason = [
      ...result.jurisdictions.flatMap((item) => item.reasons),
      result.oss.reason,
      ...result.oss.notes,
      result.ioss.reason,
      ...result.ioss.notes,
    ];
    const citedByResult = new Set(everyReason.flatMap((item) => item.sources));
    for (const key of scenario.cites) expect(citedByResult, `source ${key}`).toContain(key);
    for (const item of everyReason) expect(item.rule.length).toBeGreaterThan(0);
  });

  it('required countries come first', () => {
    const result = assessTaxRegistration({
      ...EMPTY_QUESTIONNAIRE,
      establishmentCountryCode: 'DE',
      fulfilmentCenterCountries: ['PL'],
    });
    expect(result.jurisdictions.map((item) => item.countryCode)).toEqual(['PL', 'DE']);
  });

  it('cites the representative rule of each country, not the EU one everywhere', () => {
    const result = assessTaxRegistration({
      ...EMPTY_QUESTIONNAIRE,
      establishmentCountryCode: 'US',
      ownWarehouseCountries: ['FR'],
      swissSales: '1',
      worldwideTurnover: '100000',
      norwaySales: '50000.01',
    });
    const repRule = (code: string) =>
      result.jurisdictions
        .find((item) => item.countryCode === code)
        ?.reasons.find((item) => item.code === 'fiscal-representative-required')?.rule;
    expect(repRule('FR')).toMatch(/outside the EU/);
    expect(repRule('CH')).toMatch(/Swiss tax representative/);
    expect(repRule('NO')).toMatch(/outside the EEA and the UK/);
  });

  it('names which year crossed the threshold', () => {
    const result = assessTaxRegistration({
      ...EMPTY_QUESTIONNAIRE,
      establishmentCountryCode: 'AT',
      euDistanceSales: { currentYear: '1', previousYear: '10000.50' },
    });
    expect(result.oss.reason.params).toMatchObject({ year: 'previous', previousYear: '10000.50' });
  });
});
