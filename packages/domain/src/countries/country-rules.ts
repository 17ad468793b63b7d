/**
 * Per-country registration rules for the 30 jurisdictions Vatlas serves (EU-27, GB, CH, NO).
 * Every field carries the source keys of ../shared/domain/vat-rules-research.md (§1a, §1b, §7) so a reviewer can
 * check each value against its page; `isVerified: false` marks the cells the research marks [U].
 * These are defaults for software to be configured with, not tax advice.
 */

import type { SourceKey } from './research-sources';

export type Sourced<T> = { value: T; sources: readonly SourceKey[]; isVerified: boolean };

export const RETURN_FREQUENCIES = ['monthly', 'every-two-months', 'quarterly', 'annual'] as const;
export type ReturnFrequency = (typeof RETURN_FREQUENCIES)[number];

/**
 * Who must appoint a fiscal (tax) representative to register here.
 * - 'non-eu': sellers established outside the EU (EU sellers never need one, research §1b).
 * - 'non-eea-uk': sellers established outside the EEA and the UK (Norway).
 * - 'non-resident': every seller without a seat in the country (Switzerland).
 * - 'optional': a representative may be appointed but is not required.
 * - 'never'.
 */
export type FiscalRepresentativeRule = 'non-eu' | 'non-eea-uk' | 'non-resident' | 'optional' | 'never';

/**
 * What makes a seller that is not established in the country register there.
 * - 'first-local-supply': €0, the first taxable supply in the country, stock held there included.
 * - 'worldwide-turnover': the amount counts the seller's turnover worldwide (Switzerland).
 * - 'local-turnover-12-months': the amount counts taxable sales in the country within 12 months (Norway).
 */
export type NonResidentThreshold = {
  /** Decimal string in `currency`; money is never a binary float. */
  amount: string;
  currency: string;
  basis: 'first-local-supply' | 'worldwide-turnover' | 'local-turnover-12-months';
};

export type CountryRule = {
  code: string;
  name: string;
  isEu: boolean;
  currency: Sourced<string>;
  /** VIES / VAT-number prefix; differs from the ISO code only for Greece (EL). */
  vatPrefix: Sourced<string>;
  nonResidentThreshold: Sourced<NonResidentThreshold>;
  fiscalRepresentative: Sourced<FiscalRepresentativeRule>;
  /** Suggested default for a newly registered non-resident; the authority assigns the real one (research §6.1). */
  proposedReturnFrequency: Sourced<ReturnFrequency> & { basis: string };
  /** Extra documents this country asks for beyond the common set (for example the Swiss bank guarantee). */
  extraDocuments: readonly Sourced<RegistrationDocumentType>[];
};

export const REGISTRATION_DOCUMENT_TYPES = [
  'certificate-of-incorporation',
  'articles-of-association',
  'home-vat-certificate',
  'legal-representative-id',
  'power-of-attorney',
  'bank-details',
  'fiscal-representative-appointment',
  'bank-guarantee',
] as const;
export type RegistrationDocumentType = (typeof REGISTRATION_DOCUMENT_TYPES)[number];

const IBR = ['IBR'] as const;
const EU_ZERO = (sources: readonly SourceKey[]): Sourced<NonResidentThreshold> => ({
  // Research §1b: "EU registration is triggered at €0 for non-established sellers: the first local supply, or stock
  // held in that country"; the amount is in euro because the rule is EU-wide, whatever the local currency.
  value: { amount: '0', currency: 'EUR', basis: 'first-local-supply' },
  sources,
  isVerified: true,
});

type EuRow = {
  code: string;
  name: string;
  currency: string;
  currencyVerified?: boolean;
  vatPrefix?: string;
  fiscalRepresentative: FiscalRepresentativeRule;
  fiscalRepresentativeVerified?: boolean;
  frequency: ReturnFrequency;
  frequencyBasis: string;
  frequencyVerified?: boolean;
  sources: readonly SourceKey[];
};

/** Research §1b, one row per country, in the order of the research table. */
const EU_ROWS: readonly EuRow[] = [
  {
    code: 'AT',
    name: 'Austria',
    currency: 'EUR',
    fiscalRepresentative: 'non-eu',
    frequency: 'quarterly',
    frequencyBasis: 'Quarterly unless prior-year turnover exceeds €100k; a new registrant has none.',
    sources: ['USP-AT', 'AV-AT', 'ESS-AT'],
  },
  {
    code: 'BE',
    name: 'Belgium',
    currency: 'EUR',
    fiscalRepresentative: 'non-eu',
    frequency: 'monthly',
    frequencyBasis: 'Monthly by default; quarterly only on conditions.',
    sources: ['MAR-BE', 'VD-BE', 'FIN-BE', 'AV-BE-FR'],
  },
  {
    code: 'BG',
    name: 'Bulgaria',
    currency: 'EUR',
    // Research §1a: BGN → EUR from 2026-01-01, not verified from a primary source.
    currencyVerified: false,
    fiscalRepresentative: 'non-eu',
    fiscalRepresentativeVerified: false,
    frequency: 'monthly',
    frequencyBasis: 'Monthly only.',
    sources: ['AV-BG', 'VD-BG'],
  },
  {
    code: 'HR',
    name: 'Croatia',
    currency: 'EUR',
    fiscalRepresentative: 'non-eu',
    frequency: 'monthly',
    frequencyBasis: 'Monthly; quarterly only for established businesses.',
    sources: ['ANOVA-HR', 'GVC-HR', 'ESS-HR'],
  },
  {
    code: 'CY',
    name: 'Cyprus',
    currency: 'EUR',
    fiscalRepresentative: 'non-eu',
    fiscalRepresentativeVerified: false,
    frequency: 'quarterly',
    frequencyBasis: 'Quarterly.',
    sources: ['AV-CY'],
  },
  {
    code: 'CZ',
    name: 'Czechia',
    currency: 'CZK',
    fiscalRepresentative: 'never',
    frequency: 'monthly',
    frequencyBasis: 'Non-established businesses file monthly.',
    sources: ['YT-CZ', 'AV-CZ-ESL', 'FS'],
  },
  {
    code: 'DK',
    name: 'Denmark',
    currency: 'DKK',
    fiscalRepresentative: 'non-eu',
    frequency: 'quarterly',
    frequencyBasis: 'New registrants start quarterly.',
    sources: ['EUVAT-DK', 'DVR', 'ESS-DK'],
  },
  {
    code: 'EE',
    name: 'Estonia',
    currency: 'EUR',
    fiscalRepresentative: 'optional',
    fiscalRepresentativeVerified: false,
    frequency: 'monthly',
    frequencyBasis: 'Monthly only.',
    sources: ['EMTA'],
  },
  {
    code: 'FI',
    name: 'Finland',
    currency: 'EUR',
    fiscalRepresentative: 'never',
    fiscalRepresentativeVerified: false,
    frequency: 'monthly',
    frequencyBasis: 'Monthly by default.',
    sources: ['VERO', 'MAR-FI', 'VD-FI'],
  },
  {
    code: 'FR',
    name: 'France',
    currency: 'EUR',
    fiscalRepresentative: 'non-eu',
    frequency: 'monthly',
    frequencyBasis: 'Monthly under the régime réel normal, the usual case for non-residents.',
    sources: ['AV-FR', 'VD-FR', 'ESS-FR'],
  },
  {
    code: 'DE',
    name: 'Germany',
    currency: 'EUR',
    fiscalRepresentative: 'never',
    frequency: 'quarterly',
    frequencyBasis: 'Monthly only when prior-year VAT exceeds €7,500; a new registrant has none.',
    frequencyVerified: false,
    sources: ['MAR-DE', 'MAR-DE-ESL', 'AV-DE', 'DATEV'],
  },
  {
    code: 'GR',
    name: 'Greece',
    currency: 'EUR',
    vatPrefix: 'EL',
    fiscalRepresentative: 'non-eu',
    fiscalRepresentativeVerified: false,
    frequency: 'quarterly',
    frequencyBasis:
      'Quarterly for single-entry books (most foreign sellers); monthly for fiscal-representative registrations.',
    sources: ['AADE', 'MAR-GR', 'AV-GR'],
  },
  {
    code: 'HU',
    name: 'Hungary',
    currency: 'HUF',
    fiscalRepresentative: 'non-eu',
    fiscalRepresentativeVerified: false,
    frequency: 'monthly',
    frequencyBasis: 'New registrants file monthly.',
    sources: ['HUVAT'],
  },
  {
    code: 'IE',
    name: 'Ireland',
    currency: 'EUR',
    fiscalRepresentative: 'never',
    fiscalRepresentativeVerified: false,
    frequency: 'every-two-months',
    frequencyBasis: 'Bi-monthly by default.',
    sources: ['AV-IE', 'CTAX-IE'],
  },
  {
    code: 'IT',
    name: 'Italy',
    currency: 'EUR',
    fiscalRepresentative: 'non-eu',
    frequency: 'monthly',
    frequencyBasis: 'Monthly VAT settlement; quarterly is an option with a surcharge.',
    sources: ['ANOVA-IT', 'GRABER', 'AV-IT', 'FS'],
  },
  {
    code: 'LV',
    name: 'Latvia',
    currency: 'EUR',
    fiscalRepresentative: 'optional',
    frequency: 'monthly',
    frequencyBasis: 'New registrants file monthly for 6 months.',
    sources: ['VID-LV', 'AV-LV', 'VC-LV', 'ESS-LV'],
  },
  {
    code: 'LT',
    name: 'Lithuania',
    currency: 'EUR',
    fiscalRepresentative: 'non-eu',
    frequency: 'monthly',
    frequencyBasis: 'Monthly.',
    sources: ['VMI', 'AV-LT-ESL', 'ESS-LT'],
  },
  {
    code: 'LU',
    name: 'Luxembourg',
    currency: 'EUR',
    fiscalRepresentative: 'never',
    fiscalRepresentativeVerified: false,
    frequency: 'annual',
    frequencyBasis: 'By turnover band: annual up to €112k, quarterly up to €620k, monthly above.',
    frequencyVerified: false,
    sources: ['MER-LU', 'MHQ-LU'],
  },
  {
    code: 'MT',
    name: 'Malta',
    currency: 'EUR',
    fiscalRepresentative: 'optional',
    frequency: 'quarterly',
    frequencyBasis: 'Quarterly (Article 10 registration).',
    sources: ['BORG-MT', 'ESS-MT'],
  },
  {
    code: 'NL',
    name: 'Netherlands',
    currency: 'EUR',
    fiscalRepresentative: 'never',
    frequency: 'quarterly',
    frequencyBasis: 'Quarterly by default.',
    sources: ['MAR-NL', 'AV-NL'],
  },
  {
    code: 'PL',
    name: 'Poland',
    currency: 'PLN',
    fiscalRepresentative: 'non-eu',
    frequency: 'monthly',
    frequencyBasis: 'Monthly JPK_V7M by default.',
    sources: ['AV-PL', 'FS'],
  },
  {
    code: 'PT',
    name: 'Portugal',
    currency: 'EUR',
    fiscalRepresentative: 'non-eu',
    fiscalRepresentativeVerified: false,
    frequency: 'quarterly',
    frequencyBasis: 'Quarterly below €650k turnover.',
    sources: ['AV-PT', 'TBI-PT'],
  },
  {
    code: 'RO',
    name: 'Romania',
    currency: 'RON',
    fiscalRepresentative: 'non-eu',
    frequency: 'monthly',
    frequencyBasis: 'New registrants file monthly.',
    sources: ['AV-RO'],
  },
  {
    code: 'SK',
    name: 'Slovakia',
    currency: 'EUR',
    fiscalRepresentative: 'never',
    frequency: 'monthly',
    frequencyBasis: 'Monthly; quarterly only after the first 12 months.',
    sources: ['AV-SK', 'MER-SK'],
  },
  {
    code: 'SI',
    name: 'Slovenia',
    currency: 'EUR',
    fiscalRepresentative: 'non-eu',
    fiscalRepresentativeVerified: false,
    frequency: 'monthly',
    frequencyBasis: 'Non-residents file monthly.',
    sources: ['AV-SI'],
  },
  {
    code: 'ES',
    name: 'Spain',
    currency: 'EUR',
    fiscalRepresentative: 'non-eu',
    frequency: 'quarterly',
    frequencyBasis: 'Quarterly Modelo 303 unless turnover exceeds €6m or under REDEME/SII.',
    sources: ['AV-ES', 'AV-ES-ESL', 'FS'],
  },
  {
    code: 'SE',
    name: 'Sweden',
    currency: 'SEK',
    fiscalRepresentative: 'non-eu',
    fiscalRepresentativeVerified: false,
    frequency: 'quarterly',
    frequencyBasis: 'Monthly, quarterly or annual by turnover.',
    frequencyVerified: false,
    sources: ['AV-SE'],
  },
];

function euRule(row: EuRow): CountryRule {
  const sourced = <T>(value: T, isVerified = true): Sourced<T> => ({ value, sources: row.sources, isVerified });
  return {
    code: row.code,
    name: row.name,
    isEu: true,
    currency: { value: row.currency, sources: IBR, isVerified: row.currencyVerified ?? true },
    vatPrefix: { value: row.vatPrefix ?? row.code, sources: IBR, isVerified: true },
    nonResidentThreshold: EU_ZERO(row.sources),
    fiscalRepresentative: sourced(row.fiscalRepresentative, row.fiscalRepresentativeVerified ?? true),
    proposedReturnFrequency: { ...sourced(row.frequency, row.frequencyVerified ?? true), basis: row.frequencyBasis },
    extraDocuments: [],
  };
}

const NON_EU_RULES: readonly CountryRule[] = [
  {
    code: 'GB',
    name: 'United Kingdom',
    isEu: false,
    currency: { value: 'GBP', sources: IBR, isVerified: true },
    vatPrefix: { value: 'GB', sources: IBR, isVerified: true },
    // Research §1b: £0 for non-established taxable persons; the £90k threshold is for UK-established businesses only.
    nonResidentThreshold: {
      value: { amount: '0', currency: 'GBP', basis: 'first-local-supply' },
      sources: ['HMRC-NETP', 'WRA-UK'],
      isVerified: true,
    },
    fiscalRepresentative: { value: 'never', sources: ['HMRC-NETP', 'WRA-UK'], isVerified: true },
    proposedReturnFrequency: {
      value: 'quarterly',
      basis: 'Quarterly in staggers; monthly on request.',
      sources: ['PENALTY-UK', 'RC-UK'],
      isVerified: true,
    },
    extraDocuments: [],
  },
  {
    code: 'CH',
    name: 'Switzerland',
    isEu: false,
    currency: { value: 'CHF', sources: ['AV-CH'], isVerified: true },
    vatPrefix: { value: 'CHE', sources: ['AV-CH'], isVerified: false },
    nonResidentThreshold: {
      value: { amount: '100000', currency: 'CHF', basis: 'worldwide-turnover' },
      sources: ['EUVAT-CH', 'AV-CH'],
      isVerified: true,
    },
    // A business without a seat in Switzerland registers through a Swiss tax representative, EU or not.
    fiscalRepresentative: { value: 'non-resident', sources: ['AV-CH', 'DIGI-CH'], isVerified: true },
    proposedReturnFrequency: {
      value: 'quarterly',
      basis: 'Quarterly; annual on application.',
      sources: ['EUVAT-CH', 'TR-CH'],
      isVerified: true,
    },
    extraDocuments: [
      // Research §1b: a bank guarantee of about 3% of turnover, at least CHF 2k, together with the representative.
      { value: 'bank-guarantee', sources: ['TR-CH', 'DIGI-CH'], isVerified: true },
    ],
  },
  {
    code: 'NO',
    name: 'Norway',
    isEu: false,
    currency: { value: 'NOK', sources: ['SKE-NO'], isVerified: true },
    vatPrefix: { value: 'NO', sources: ['SKE-NO'], isVerified: false },
    nonResidentThreshold: {
      value: { amount: '50000', currency: 'NOK', basis: 'local-turnover-12-months' },
      sources: ['SKE-NO'],
      isVerified: true,
    },
    fiscalRepresentative: { value: 'non-eea-uk', sources: ['NO-REP', 'SKE-NO'], isVerified: true },
    proposedReturnFrequency: {
      value: 'every-two-months',
      basis: 'Two-monthly terms; annual for small businesses.',
      sources: ['SKE-NO', 'NO-DATES'],
      isVerified: true,
    },
    extraDocuments: [],
  },
];

/** The 30 jurisdictions: EU-27 in the order of the research table, then GB, CH, NO. */
export const COUNTRY_RULES: readonly CountryRule[] = [...EU_ROWS.map(euRule), ...NON_EU_RULES];

export const COUNTRY_CODES: readonly string[] = COUNTRY_RULES.map((rule) => rule.code);

/** EU-27 ISO codes, also for countries Vatlas serves as establishment only. */
export const EU_COUNTRY_CODES: readonly string[] = COUNTRY_RULES.filter((rule) => rule.isEu).map((rule) => rule.code);

/** The EEA beyond the EU (Iceland, Liechtenstein, Norway): relevant to Norway's representative rule. */
const EEA_NON_EU = ['IS', 'LI', 'NO'];

const byCode = new Map(COUNTRY_RULES.map((rule) => [rule.code, rule]));

/** The rule of one country; accepts 'EL' and 'UK' as the aliases sellers and VIES use. */
export function findCountryRule(code: string): CountryRule | undefined {
  const upper = code.trim().toUpperCase();
  const normalized = upper === 'EL' ? 'GR' : upper === 'UK' ? 'GB' : upper;
  return byCode.get(normalized);
}

export function isEuCountry(code: string): boolean {
  return EU_COUNTRY_CODES.includes(code.toUpperCase());
}

export type SellerEstablishment = {
  isEuEstablished: boolean;
  /** Optional: decides Norway's EEA/UK exception and whether the country is the seller's home. */
  establishmentCountryCode?: string;
};

/** Whether this seller must appoint a fiscal representative to register in `rule`'s country. */
export function needsFiscalRepresentative(rule: CountryRule, seller: SellerEstablishment): boolean {
  const home = seller.establishmentCountryCode?.toUpperCase();
  if (home === rule.code) return false;
  switch (rule.fiscalRepresentative.value) {
    case 'non-eu':
      return !seller.isEuEstablished;
    case 'non-eea-uk':
      return !(seller.isEuEstablished || (home !== undefined && (EEA_NON_EU.includes(home) || home === 'GB')));
    case 'non-resident':
      return true;
    default:
      return false;
  }
}
