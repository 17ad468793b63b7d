import { findCountryRule, type ReturnFrequency } from '../countries/country-rules';
import type { CompanyTaxProfile } from '../transactions/company-tax-profile';
import { addMonths, assertIsoDate, FilingCalendarError, firstDayOf, parseIsoDate } from './calendar-dates';
import { dueDate } from './due-date';
import {
  ecSalesListFrequency,
  FILING_TYPES,
  type FilingType,
  findCountryFilingRules,
  IOSS_FILING_RULES,
  OSS_FILING_RULES,
} from './filing-rules';
import { returnPeriods } from './return-periods';

export type PlannedFiling = {
  /** ISO code of the country the filing goes to: for OSS and IOSS the member state of identification. */
  jurisdiction: string;
  filingType: FilingType;
  frequency: ReturnFrequency;
  periodStart: string;
  periodEnd: string;
  dueDate: string;
};

export type PlanFilingsInput = {
  profile: CompanyTaxProfile;
  /** The window of the calendar, ISO dates, both inclusive. */
  from: string;
  to: string;
  /** Countries where the company must file an EC Sales List (intra-EU B2B supplies or transfers); the caller decides. */
  eslCountries: readonly string[];
};

/**
 * Periods this far before `from` are examined for deadlines inside the window. The previous calendar year starts at
 * most 12 months before `from`, and no deadline comes later after its period than Norway's annual return (10 March),
 * so two years covers every period whose deadline can fall in the window.
 */
const LOOKBACK_MONTHS = 24;

type Obligation = {
  jurisdiction: string;
  filingType: FilingType;
  frequency: ReturnFrequency;
  /** The first day the obligation exists (OSS, IOSS); periods ending before it are not filed. */
  since?: string;
  isEstablished: boolean;
  hasEcSalesList: boolean;
};

function countryCode(code: string): string {
  const rule = findCountryRule(code);
  if (!rule) throw new FilingCalendarError('unknown-country', `No filing rules for ${code}`);
  return rule.code;
}

function obligationsOf(profile: CompanyTaxProfile, eslCountries: readonly string[]): Obligation[] {
  // A seller may be established anywhere (US, CN …); only one of the 30 can change a deadline.
  const established = findCountryRule(profile.establishmentCountry)?.code;
  const listing = new Set(eslCountries.map(countryCode));
  const returnFrequencies = new Map<string, ReturnFrequency>();
  for (const registration of profile.registrations) {
    const country = countryCode(registration.country);
    const frequency = registration.frequency ?? findCountryFilingRules(country)?.vatReturn.defaultFrequency.value;
    if (frequency && !returnFrequencies.has(country)) returnFrequencies.set(country, frequency);
  }

  const obligations: Obligation[] = [...returnFrequencies].map(([country, frequency]) => ({
    jurisdiction: country,
    filingType: 'vat-return',
    frequency,
    isEstablished: country === established,
    hasEcSalesList: listing.has(country),
  }));
  for (const country of listing) {
    const returnFrequency =
      returnFrequencies.get(country) ?? findCountryFilingRules(country)?.vatReturn.defaultFrequency.value;
    if (!returnFrequency) continue;
    obligations.push({
      jurisdiction: country,
      filingType: 'ec-sales-list',
      frequency: ecSalesListFrequency(country, returnFrequency),
      isEstablished: country === established,
      hasEcSalesList: true,
    });
  }
  const schemes = [
    { registration: profile.oss, filingType: 'oss-return', frequency: OSS_FILING_RULES.frequency.value },
    { registration: profile.ioss, filingType: 'ioss-return', frequency: IOSS_FILING_RULES.frequency.value },
  ] as const;
  for (const { registration, filingType, frequency } of schemes) {
    if (!registration) continue;
    assertIsoDate(registration.from, `${filingType} from`);
    obligations.push({
      jurisdiction: countryCode(registration.memberState),
      filingType,
      frequency,
      since: registration.from,
      isEstablished: false,
      hasEcSalesList: false,
    });
  }
  return obligations;
}

/**
 * Every filing a compliance user should see for the window [from, to]:
 * - each period that overlaps the window, including the one still running on `to`, whose filing is coming up;
 * - each earlier period whose deadline falls inside the window, so a calendar opened on 1 January still shows the
 *   fourth-quarter returns due that month.
 * A VAT return per registration (its assigned frequency or the country's default), an EC Sales List per period for
 * each of `eslCountries`, and OSS and IOSS returns from their start dates. Sorted by due date, then jurisdiction,
 * then filing type.
 */
export function planFilings(input: PlanFilingsInput): PlannedFiling[] {
  assertIsoDate(input.from, 'from');
  assertIsoDate(input.to, 'to');
  if (input.from > input.to) {
    throw new FilingCalendarError('invalid-range', `from ${input.from} is after to ${input.to}`);
  }
  const lookback = firstDayOf(addMonths(parseIsoDate(input.from), -LOOKBACK_MONTHS));

  const filings: PlannedFiling[] = [];
  for (const obligation of obligationsOf(input.profile, input.eslCountries)) {
    for (const period of returnPeriods(obligation.frequency, lookback, input.to)) {
      if (obligation.since !== undefined && period.end < obligation.since) continue;
      const due = dueDate({
        country: obligation.jurisdiction,
        filingType: obligation.filingType,
        frequency: obligation.frequency,
        period,
        isEstablished: obligation.isEstablished,
        hasEcSalesList: obligation.hasEcSalesList,
      });
      const overlapsWindow = period.end >= input.from;
      const isDueInWindow = due >= input.from && due <= input.to;
      if (!overlapsWindow && !isDueInWindow) continue;
      filings.push({
        jurisdiction: obligation.jurisdiction,
        filingType: obligation.filingType,
        frequency: obligation.frequency,
        periodStart: period.start,
        periodEnd: period.end,
        dueDate: due,
      });
    }
  }
  return filings.sort(
    (a, b) =>
      a.dueDate.localeCompare(b.dueDate) ||
      a.jurisdiction.localeCompare(b.jurisdiction) ||
      FILING_TYPES.indexOf(a.filingType) - FILING_TYPES.indexOf(b.filingType) ||
      a.periodStart.localeCompare(b.periodStart),
  );
}
