import type { ReturnFrequency } from '../countries/country-rules';
import {
  deadlineExtensionOf,
  findCountryFilingRules,
  periodOffsetOf,
  quarterStaggersOf,
} from '../filing-calendar/filing-rules';
import { isFrequencyBoundary } from '../filing-calendar/plan-filings';
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
  /** The tax office granted the country's deadline extension (`deadlineExtensionOf`); undefined: not said. */
  hasDeadlineExtension?: boolean;
  /** The registration's first day as the tax office set it (YYYY-MM-DD); null: not known; undefined: not said. */
  registeredFrom?: string | null;
  /** The last day of a registration that ended (YYYY-MM-DD); null: it has not ended; undefined: not said. */
  registeredUntil?: string | null;
  /** The stagger of quarterly returns the tax office assigned (`quarterStaggersOf`); null: none; undefined: not said. */
  vatStagger?: number | null;
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
 * its returns and EC Sales Lists carry it. The frequency must be one the country offers, and a deadline extension one
 * the country grants.
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

  if (typeof input.registeredFrom === 'string' && !isIsoDate(input.registeredFrom)) {
    issues.push(issue('registeredFrom', 'invalidDate', 'is not a date (YYYY-MM-DD)'));
  }
  if (typeof input.registeredUntil === 'string' && !isIsoDate(input.registeredUntil)) {
    issues.push(issue('registeredUntil', 'invalidDate', 'is not a date (YYYY-MM-DD)'));
  } else {
    const span = registrationSpanIssue(input.registeredFrom, input.registeredUntil);
    if (span) issues.push(span);
  }

  if (typeof input.vatStagger === 'number' && !quarterStaggersOf(country).includes(input.vatStagger)) {
    const offered = quarterStaggersOf(country);
    issues.push(
      offered.length === 0
        ? issue('vatStagger', 'vatStaggerNotOffered', `${country} assigns no staggers of quarterly returns.`, {
            country,
          })
        : issue('vatStagger', 'vatStaggerUnknown', `must be one of ${offered.join(', ')}`, {
            country,
            staggers: offered.join(', '),
          }),
    );
  }

  if (input.hasDeadlineExtension === true && deadlineExtensionOf(country) === undefined) {
    issues.push(
      issue(
        'hasDeadlineExtension',
        'deadlineExtensionNotOffered',
        `${country} grants no extension of the VAT return's deadline.`,
        { country },
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
 * Whether a registration's last day comes before its first: refused on the last day. Either may be unknown (null or
 * undefined), and a day that is no date is the date check's to refuse.
 */
export function registrationSpanIssue(
  from: string | null | undefined,
  until: string | null | undefined,
): FieldIssue | undefined {
  if (typeof from !== 'string' || typeof until !== 'string' || !isIsoDate(from) || !isIsoDate(until)) return undefined;
  if (until >= from) return undefined;
  return issue('registeredUntil', 'registeredUntilBeforeFrom', 'must not be before the first day of the registration');
}

/** What is stored of a registration's frequency: the one the tax office set, the one before, the day of the change. */
export type FrequencyRecord = {
  frequency: ReturnFrequency | null;
  /** The frequency before the last change (null: the country's usual one). */
  before: ReturnFrequency | null;
  /** The first day `frequency` applies; null: every period not filed yet. */
  from: string | null;
};

/**
 * What a save of a registration records of its frequency. A new frequency keeps the stored one as the one before.
 * `from` is the first day the frequency applies, the periods before it keep the one before; it must begin a period
 * of both, so that no period is cut in two. Null: the frequency applies to every period not filed yet. Undefined (a
 * client that does not send it): a stored day stays while the frequency stays. A day with the same frequency on both
 * sides is refused: it would change nothing.
 */
export function frequencyRecordOf(
  from: string | null | undefined,
  frequency: ReturnFrequency | null,
  stored: FrequencyRecord,
  countryCode: string,
  vatStagger: number | null = null,
): ValidationResult<FrequencyRecord> {
  const isChanged = frequency !== stored.frequency;
  const before = isChanged ? stored.frequency : stored.before;
  if (from === undefined) return { isValid: true, value: { frequency, before, from: isChanged ? null : stored.from } };
  if (from === null) return { isValid: true, value: { frequency, before, from: null } };
  if (!isIsoDate(from)) {
    return { isValid: false, issues: [issue('filingFrequencyFrom', 'invalidDate', 'is not a date (YYYY-MM-DD)')] };
  }
  const usual = findCountryFilingRules(countryCode.toUpperCase())?.vatReturn.defaultFrequency.value;
  const [was, becomes] = [before ?? usual, frequency ?? usual];
  if (was === undefined || becomes === undefined || was === becomes) {
    const message = 'needs a new frequency: the returns before this day would be at the same one';
    return { isValid: false, issues: [issue('filingFrequencyFrom', 'frequencyUnchanged', message)] };
  }
  const offsets = (of: ReturnFrequency) => periodOffsetOf(countryCode.toUpperCase(), of, vatStagger);
  if (!isFrequencyBoundary(from, was, becomes, offsets)) {
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
  return { isValid: true, value: { frequency, before, from } };
}
