import { COUNTRY_RULES, type CountryRule, needsFiscalRepresentative, type SourceKey } from '../countries';
import { centsOf } from './amount';
import type { QuestionnaireAnswers } from './questionnaire';

export const ASSESSMENT_REASON_CODES = [
  'home-country',
  'stock-held',
  'fiscal-representative-required',
  'fiscal-representative-optional',
  'stock-registration-despite-oss',
  'marketplace-does-not-remove-stock-registration',
  'uk-netp-direct-sales',
  'uk-sales-through-deemed-supplier',
  'ch-turnover-reached',
  'ch-turnover-below',
  'no-sales-above-threshold',
  'no-sales-below-threshold',
  'eu-distance-sales-above-threshold',
  'eu-distance-sales-below-threshold',
  'eu-threshold-not-applicable-stock-abroad',
  'eu-threshold-not-applicable-non-eu',
  'no-eu-distance-sales',
  'marketplace-deemed-supplier-collects',
  'ioss-low-value-imports',
  'ioss-intermediary-required',
  'no-low-value-imports',
] as const;
export type AssessmentReasonCode = (typeof ASSESSMENT_REASON_CODES)[number];

/**
 * One reason of the result: `code` picks the sentence (the SPA translates it with `params`), `rule` names the rule it
 * applies, `sources` are the keys of vat-rules-research.md §7 a reviewer checks it against.
 */
export type AssessmentReason = {
  code: AssessmentReasonCode;
  rule: string;
  params: Record<string, string>;
  sources: SourceKey[];
};

export type JurisdictionAssessment = {
  countryCode: string;
  isRequired: boolean;
  needsFiscalRepresentative: boolean;
  reasons: AssessmentReason[];
};

export type SchemeRecommendation = {
  recommended: boolean;
  reason: AssessmentReason;
  notes: AssessmentReason[];
};

export type TaxAssessment = {
  jurisdictions: JurisdictionAssessment[];
  oss: SchemeRecommendation;
  ioss: SchemeRecommendation;
};

const RULE = {
  euZero: 'EU €0 registration threshold for non-established sellers (research §1b)',
  fiscalRep: {
    'non-eu': 'Fiscal representative for sellers established outside the EU (research §1b)',
    'non-eea-uk': 'VAT representative for sellers established outside the EEA and the UK (research §1b)',
    'non-resident': 'Swiss tax representative for every business without a seat in Switzerland (research §1b)',
    optional: 'Fiscal representative optional (research §1b)',
    never: 'No fiscal representative (research §1b)',
  },
  ossScope: 'OSS covers cross-border B2C sales only (research §1b, §2)',
  deemedSupplier: 'Marketplace as deemed supplier (research §3a, §6.2)',
  ukNetp: 'UK £0 threshold for non-established taxable persons (research §1b)',
  chThreshold: 'Swiss CHF 100,000 worldwide-turnover threshold (research §1b)',
  noThreshold: 'Norwegian NOK 50,000 threshold in 12 months (research §1b)',
  art59c: 'Art. 59c Directive 2006/112/EC: €10,000 EU-wide threshold, current or previous year',
  art369s: 'Art. 369s Directive 2006/112/EC: IOSS for consignments of at most €150',
  home: 'Home country (research §1b)',
} as const;

const EU_DISTANCE_THRESHOLD_CENTS = 10_000_00n;
const CH_THRESHOLD_CENTS = 100_000_00n;
const NO_THRESHOLD_CENTS = 50_000_00n;

const reason = (
  code: AssessmentReasonCode,
  rule: string,
  sources: readonly SourceKey[],
  params: Record<string, string> = {},
): AssessmentReason => ({ code, rule, params, sources: [...sources] });

const upper = (codes: readonly string[]): Set<string> => new Set(codes.map((code) => code.trim().toUpperCase()));

/**
 * Where must this seller register for VAT, and should it use OSS and IOSS? Every conclusion carries the rule and the
 * sources it rests on, so the result explains itself line by line. Pure: the same answers always give the same result.
 */
export function assessTaxRegistration(answers: QuestionnaireAnswers): TaxAssessment {
  const home = answers.establishmentCountryCode.trim().toUpperCase();
  const homeRule = COUNTRY_RULES.find((rule) => rule.code === home);
  const isEuEstablished = homeRule?.isEu ?? false;
  const seller = { isEuEstablished, establishmentCountryCode: home };
  const warehouses = upper(answers.ownWarehouseCountries);
  const fulfilment = upper(answers.fulfilmentCenterCountries);
  const allViaMarketplace = answers.marketplaceDeemedSupplier === 'all';

  const jurisdictions: JurisdictionAssessment[] = [];
  for (const rule of COUNTRY_RULES) {
    const reasons = rule.code === home ? [reason('home-country', RULE.home, [])] : foreignReasons(rule);
    if (reasons.length === 0) continue;
    const isRequired = rule.code !== home && reasons.some((item) => REQUIRING_CODES.has(item.code));
    const needsRep = isRequired && needsFiscalRepresentative(rule, seller);
    if (needsRep) {
      reasons.push(
        reason(
          'fiscal-representative-required',
          RULE.fiscalRep[rule.fiscalRepresentative.value],
          rule.fiscalRepresentative.sources,
          {
            country: rule.code,
            establishment: home,
          },
        ),
      );
    } else if (isRequired && rule.fiscalRepresentative.value === 'optional' && !isEuEstablished) {
      reasons.push(
        reason('fiscal-representative-optional', RULE.fiscalRep.optional, rule.fiscalRepresentative.sources),
      );
    }
    jurisdictions.push({ countryCode: rule.code, isRequired, needsFiscalRepresentative: needsRep, reasons });
  }

  const oss = assessOss();
  // OSS never replaces a registration for stock: say so on each such country, where the user reads it.
  if (oss.recommended) {
    for (const jurisdiction of jurisdictions) {
      if (jurisdiction.reasons.some((item) => item.code === 'stock-held' && isEuStock(jurisdiction.countryCode))) {
        jurisdiction.reasons.push(
          reason('stock-registration-despite-oss', RULE.ossScope, ['STAXXER'], { country: jurisdiction.countryCode }),
        );
      }
    }
  }

  jurisdictions.sort((a, b) => Number(b.isRequired) - Number(a.isRequired));
  return { jurisdictions, oss, ioss: assessIoss() };

  function isEuStock(code: string): boolean {
    return COUNTRY_RULES.some((rule) => rule.code === code && rule.isEu);
  }

  function stockReasons(rule: CountryRule): AssessmentReason[] {
    const via = [warehouses.has(rule.code) ? 'own-warehouse' : null, fulfilment.has(rule.code) ? 'amazon-fba' : null]
      .filter((item): item is string => item !== null)
      .join(',');
    if (via === '') return [];
    const reasons = [
      reason('stock-held', rule.code === 'GB' ? RULE.ukNetp : RULE.euZero, rule.nonResidentThreshold.sources, {
        country: rule.code,
        via,
      }),
    ];
    if (answers.marketplaceDeemedSupplier !== 'none') {
      reasons.push(
        reason('marketplace-does-not-remove-stock-registration', RULE.deemedSupplier, ['AMZ-FD'], {
          country: rule.code,
        }),
      );
    }
    return reasons;
  }

  function foreignReasons(rule: CountryRule): AssessmentReason[] {
    if (rule.isEu) return stockReasons(rule);
    if (rule.code === 'GB') return ukReasons(rule);
    if (rule.code === 'CH') return swissReasons(rule);
    return norwayReasons(rule);
  }

  function ukReasons(rule: CountryRule): AssessmentReason[] {
    const reasons = stockReasons(rule);
    if (reasons.length > 0 || centsOf(answers.ukSales) === 0n) return reasons;
    // Without UK stock, a marketplace that is the deemed supplier accounts for the VAT on every sale it handles.
    return allViaMarketplace
      ? [reason('uk-sales-through-deemed-supplier', RULE.deemedSupplier, ['WRA-UK'], { amount: answers.ukSales })]
      : [reason('uk-netp-direct-sales', RULE.ukNetp, rule.nonResidentThreshold.sources, { amount: answers.ukSales })];
  }

  function swissReasons(rule: CountryRule): AssessmentReason[] {
    const hasSwissSupplies = centsOf(answers.swissSales) > 0n || warehouses.has('CH') || fulfilment.has('CH');
    if (!hasSwissSupplies) return [];
    const params = { turnover: answers.worldwideTurnover, threshold: rule.nonResidentThreshold.value.amount };
    // "Reaching" CHF 100k obliges registration, so the comparison includes the threshold itself.
    return centsOf(answers.worldwideTurnover) >= CH_THRESHOLD_CENTS
      ? [reason('ch-turnover-reached', RULE.chThreshold, rule.nonResidentThreshold.sources, params)]
      : [reason('ch-turnover-below', RULE.chThreshold, rule.nonResidentThreshold.sources, params)];
  }

  function norwayReasons(rule: CountryRule): AssessmentReason[] {
    const sales = centsOf(answers.norwaySales);
    if (sales === 0n && !warehouses.has('NO') && !fulfilment.has('NO')) return [];
    const params = { amount: answers.norwaySales, threshold: rule.nonResidentThreshold.value.amount };
    return sales > NO_THRESHOLD_CENTS
      ? [reason('no-sales-above-threshold', RULE.noThreshold, rule.nonResidentThreshold.sources, params)]
      : [reason('no-sales-below-threshold', RULE.noThreshold, rule.nonResidentThreshold.sources, params)];
  }

  function assessOss(): SchemeRecommendation {
    const current = centsOf(answers.euDistanceSales.currentYear);
    const previous = centsOf(answers.euDistanceSales.previousYear);
    const params = {
      currentYear: answers.euDistanceSales.currentYear,
      previousYear: answers.euDistanceSales.previousYear,
      threshold: '10000',
    };
    if (current === 0n && previous === 0n) {
      return { recommended: false, reason: reason('no-eu-distance-sales', RULE.art59c, ['NWB-59c']), notes: [] };
    }
    const notes: AssessmentReason[] = [];
    if (answers.marketplaceDeemedSupplier !== 'none' && !isEuEstablished) {
      // For a non-EU seller the marketplace is the supplier of the B2C sale; only sales outside it need OSS.
      const note = reason('marketplace-deemed-supplier-collects', RULE.deemedSupplier, ['AMZ-FD']);
      if (allViaMarketplace) return { recommended: false, reason: note, notes: [] };
      notes.push(note);
    }
    if (!isEuEstablished) {
      return {
        recommended: true,
        reason: reason('eu-threshold-not-applicable-non-eu', RULE.art59c, ['NWB-59c', 'BR-369f'], params),
        notes,
      };
    }
    const stockAbroad = [...warehouses, ...fulfilment].filter((code) => code !== home && isEuStock(code));
    if (stockAbroad.length > 0) {
      return {
        recommended: true,
        reason: reason('eu-threshold-not-applicable-stock-abroad', RULE.art59c, ['NWB-59c', 'BR-369f'], {
          ...params,
          countries: [...new Set(stockAbroad)].sort().join(','),
        }),
        notes,
      };
    }
    const isAbove = current > EU_DISTANCE_THRESHOLD_CENTS || previous > EU_DISTANCE_THRESHOLD_CENTS;
    return isAbove
      ? {
          recommended: true,
          reason: reason('eu-distance-sales-above-threshold', RULE.art59c, ['NWB-59c', 'AEAT', 'BR-369f'], {
            ...params,
            year: current > EU_DISTANCE_THRESHOLD_CENTS ? 'current' : 'previous',
          }),
          notes,
        }
      : {
          recommended: false,
          reason: reason('eu-distance-sales-below-threshold', RULE.art59c, ['NWB-59c', 'AEAT'], params),
          notes,
        };
  }

  function assessIoss(): SchemeRecommendation {
    if (!answers.hasLowValueImports) {
      return { recommended: false, reason: reason('no-low-value-imports', RULE.art369s, ['NWB-369s']), notes: [] };
    }
    if (allViaMarketplace) {
      return {
        recommended: false,
        reason: reason('marketplace-deemed-supplier-collects', RULE.deemedSupplier, ['AMZ-FD', 'IOSS-FAQ']),
        notes: [],
      };
    }
    const notes = isEuEstablished
      ? []
      : [reason('ioss-intermediary-required', RULE.art369s, ['NWB-369s', 'IOSS-FAQ'], { establishment: home })];
    return { recommended: true, reason: reason('ioss-low-value-imports', RULE.art369s, ['NWB-369s']), notes };
  }
}

/** Reasons that make a registration required; the others explain why a country is listed but not required. */
const REQUIRING_CODES: ReadonlySet<AssessmentReasonCode> = new Set([
  'stock-held',
  'uk-netp-direct-sales',
  'ch-turnover-reached',
  'no-sales-above-threshold',
]);
