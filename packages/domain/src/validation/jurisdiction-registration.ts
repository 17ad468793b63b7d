import type { ReturnFrequency } from '../countries/country-rules';
import { findCountryFilingRules } from '../filing-calendar/filing-rules';
import { isFrequencyBoundary } from '../filing-calendar/plan-filings';
import type { FrequencyChange } from '../transactions/company-tax-profile';
import { type FieldIssue, isIsoDate, issue, type ValidationResult } from './field-issue';
import { checkVatNumber, findVatNumberFormat } from './vat-number';

/** Where a company stands with the tax office of one of its jurisdictions. */
export const REGISTRATION_STATUSES = ['not-registered', 'registration-requested', 'registered'] as const;
export type RegistrationStatus = (typeof REGISTRATION_STATUSES)[number];

export type JurisdictionRegistrationInput = {
  registrationStatus: RegistrationStatus;
  /** Empty while the tax office has not assigned one. */
  vatNumber: string;
  /** What the tax office set; null for the country's usual frequency for a new registrant. */
  filingFrequency: ReturnFrequency | null;
};

export type JurisdictionRegistration = {
  registrationStatus: RegistrationStatus;
  vatNumber: string | null;
  filingFrequency: ReturnFrequency | null;
};

/** The VAT-return frequencies a country offers (filing-rules.ts), the usual one for a new registrant first. */
export function returnFrequenciesOf(countryCode: string): readonly ReturnFrequency[] {
  const rules = findCountryFilingRules(countryCode);
  if (!rules) return [];
  const usual = rules.vatReturn.defaultFrequency.value;
  return [usual, ...rules.vatReturn.frequencies.value.filter((frequency) => frequency !== usual)];
}

/**
 * Rules of a company's registration in one jurisdiction (settings, tax registrations). The VAT number must be one of
 * that country, checked as the business details check the company's own; a registered jurisdiction has one, since
 * its returns and EC Sales Lists carry it. The frequency must be one the country offers.
 */
export function validateJurisdictionRegistration(
  input: JurisdictionRegistrationInput,
  countryCode: string,
): ValidationResult<JurisdictionRegistration> {
  const country = countryCode.toUpperCase();
  const issues: FieldIssue[] = [];

  let vatNumber: string | null = null;
  if (input.vatNumber.trim().length > 0) {
    const checked = findVatNumberFormat(country) ? checkVatNumber(input.vatNumber, country) : undefined;
    if (checked === undefined) {
      issues.push(issue('vatNumber', 'vatCountryUnsupported', `VAT numbers of ${country} cannot be checked here.`));
    } else if (checked.isValid) {
      vatNumber = checked.normalized;
    } else if (checked.issue.code === 'vatCountryMismatch') {
      const numberCountry = String(checked.issue.params?.numberCountry ?? '');
      issues.push(
        issue(
          'vatNumber',
          'vatRegistrationCountryMismatch',
          `This is a VAT number of ${numberCountry}, not of ${country}.`,
          { country, numberCountry },
        ),
      );
    } else {
      issues.push(checked.issue);
    }
  } else if (input.registrationStatus === 'registered') {
    issues.push(issue('vatNumber', 'vatNumberWhenRegistered', 'is required once the company is registered here'));
  }

  const offered = returnFrequenciesOf(country);
  if (input.filingFrequency !== null && !offered.includes(input.filingFrequency)) {
    issues.push(
      issue(
        'filingFrequency',
        'frequencyNotOffered',
        `${country} does not offer ${input.filingFrequency} VAT returns; it offers ${offered.join(', ')}.`,
        { country, frequency: input.filingFrequency },
      ),
    );
  }

  if (issues.length > 0) return { isValid: false, issues };
  return {
    isValid: true,
    value: { registrationStatus: input.registrationStatus, vatNumber, filingFrequency: input.filingFrequency },
  };
}

/**
 * The change of frequency a save of a registration records. `from` is the first day the frequency the tax office set
 * applies; the periods before it keep the frequency before: the stored one, or, when only the day of a stored change
 * moves, the one before that. Null: the frequency applies to every period not filed yet, and no change is kept.
 * Undefined (a client that does not send it): a stored change stays while the frequency stays. A change to the same
 * frequency is none. The day must begin a period of both frequencies, so that no period is cut in two.
 */
export function frequencyChangeOf(
  from: string | null | undefined,
  frequency: ReturnFrequency | null,
  stored: { frequency: ReturnFrequency | null; change: FrequencyChange | null },
  countryCode: string,
): ValidationResult<FrequencyChange | null> {
  if (from === undefined) return { isValid: true, value: stored.frequency === frequency ? stored.change : null };
  if (from === null) return { isValid: true, value: null };
  const before = frequency === stored.frequency ? (stored.change?.before ?? stored.frequency) : stored.frequency;
  const usual = findCountryFilingRules(countryCode.toUpperCase())?.vatReturn.defaultFrequency.value;
  const [was, becomes] = [before ?? usual, frequency ?? usual];
  if (was === undefined || becomes === undefined || was === becomes) return { isValid: true, value: null };
  if (!isIsoDate(from)) {
    return { isValid: false, issues: [issue('filingFrequencyFrom', 'invalidDate', 'is not a date (YYYY-MM-DD)')] };
  }
  if (!isFrequencyBoundary(from, was, becomes)) {
    return {
      isValid: false,
      issues: [
        issue(
          'filingFrequencyFrom',
          'frequencyChangeNotAtPeriodStart',
          `must be the first day of a ${becomes} return period that also begins a ${was} one`,
          { before: was, after: becomes },
        ),
      ],
    };
  }
  return { isValid: true, value: { from, before } };
}
