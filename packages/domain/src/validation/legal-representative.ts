import { ageInYears, type FieldIssue, isIsoDate, issue, type ValidationResult } from './field-issue';
import { isIsoCountryCode } from './iso-countries';

export const ID_DOCUMENT_TYPES = ['passport', 'national-id-card'] as const;
export type IdDocumentType = (typeof ID_DOCUMENT_TYPES)[number];

/** The person who signs for the company: registrations need them to be of age and to hold a valid identity document. */
export const MINIMUM_REPRESENTATIVE_AGE = 18;
/** Beyond this a date of birth is a typo (1899 for 1989), not a person. */
export const MAXIMUM_REPRESENTATIVE_AGE = 120;

export type LegalRepresentativeInput = {
  firstName: string;
  lastName: string;
  dateOfBirth: string;
  nationality: string;
  idDocumentType: string;
  idDocumentNumber: string;
  idDocumentExpiry: string;
};

export type LegalRepresentative = {
  firstName: string;
  lastName: string;
  dateOfBirth: string;
  nationality: string;
  idDocumentType: IdDocumentType;
  idDocumentNumber: string;
  idDocumentExpiry: string;
};

// Letters of any script, combining marks, spaces, hyphens, apostrophes and dots (Jean-Luc, O'Brien, Dr. …).
const NAME_PATTERN = /^[\p{L}\p{M}][\p{L}\p{M}' .\u2019-]*$/u;
// Passports and identity cards worldwide use letters and digits; 5 to 20 covers them (DE 9, FR 9–12, IT 9).
const ID_NUMBER_PATTERN = /^[A-Z0-9]{5,20}$/;

const collapseSpaces = (value: string): string => value.trim().replace(/\s+/g, ' ');

function checkName(field: string, raw: string): FieldIssue | undefined {
  const value = collapseSpaces(raw);
  if (value.length === 0) return issue(field, 'required', 'is required');
  if (value.length > 100) return issue(field, 'tooLong', 'is longer than 100 characters', { max: 100 });
  if (!NAME_PATTERN.test(value))
    return issue(field, 'nameCharacters', 'may contain letters, spaces, hyphens and apostrophes only');
  return undefined;
}

/** Rules of the legal-representative form; `today` (YYYY-MM-DD) is the day the age and expiry are measured on. */
export function validateLegalRepresentative(
  input: LegalRepresentativeInput,
  today: string,
): ValidationResult<LegalRepresentative> {
  const issues: FieldIssue[] = [];
  const firstNameIssue = checkName('firstName', input.firstName);
  if (firstNameIssue) issues.push(firstNameIssue);
  const lastNameIssue = checkName('lastName', input.lastName);
  if (lastNameIssue) issues.push(lastNameIssue);

  const dateOfBirth = input.dateOfBirth.trim();
  if (dateOfBirth.length === 0) issues.push(issue('dateOfBirth', 'required', 'is required'));
  else if (!isIsoDate(dateOfBirth)) issues.push(issue('dateOfBirth', 'invalidDate', 'is not a date (YYYY-MM-DD)'));
  else if (dateOfBirth > today) issues.push(issue('dateOfBirth', 'dateInFuture', 'is in the future'));
  else {
    const age = ageInYears(dateOfBirth, today);
    if (age < MINIMUM_REPRESENTATIVE_AGE)
      issues.push(
        issue('dateOfBirth', 'underage', `The legal representative must be at least ${MINIMUM_REPRESENTATIVE_AGE}.`, {
          min: MINIMUM_REPRESENTATIVE_AGE,
        }),
      );
    else if (age > MAXIMUM_REPRESENTATIVE_AGE)
      issues.push(
        issue('dateOfBirth', 'implausibleAge', 'is more than 120 years ago', { max: MAXIMUM_REPRESENTATIVE_AGE }),
      );
  }

  const nationality = input.nationality.trim().toUpperCase();
  if (nationality.length === 0) issues.push(issue('nationality', 'required', 'is required'));
  else if (!isIsoCountryCode(nationality))
    issues.push(issue('nationality', 'countryCode', 'is not an ISO 3166-1 alpha-2 country code'));

  const idDocumentType = input.idDocumentType.trim();
  const isKnownType = (ID_DOCUMENT_TYPES as readonly string[]).includes(idDocumentType);
  if (idDocumentType.length === 0) issues.push(issue('idDocumentType', 'required', 'is required'));
  else if (!isKnownType) issues.push(issue('idDocumentType', 'idDocumentType', 'must be passport or national-id-card'));

  const idDocumentNumber = input.idDocumentNumber.toUpperCase().replace(/[\s-]+/g, '');
  if (idDocumentNumber.length === 0) issues.push(issue('idDocumentNumber', 'required', 'is required'));
  else if (!ID_NUMBER_PATTERN.test(idDocumentNumber))
    issues.push(
      issue('idDocumentNumber', 'idDocumentNumber', 'must be 5 to 20 letters or digits', { min: 5, max: 20 }),
    );

  const idDocumentExpiry = input.idDocumentExpiry.trim();
  if (idDocumentExpiry.length === 0) issues.push(issue('idDocumentExpiry', 'required', 'is required'));
  else if (!isIsoDate(idDocumentExpiry))
    issues.push(issue('idDocumentExpiry', 'invalidDate', 'is not a date (YYYY-MM-DD)'));
  // A document expiring today is still valid today.
  else if (idDocumentExpiry < today)
    issues.push(issue('idDocumentExpiry', 'documentExpired', 'The document has expired.'));

  if (issues.length > 0) return { isValid: false, issues };
  return {
    isValid: true,
    value: {
      firstName: collapseSpaces(input.firstName),
      lastName: collapseSpaces(input.lastName),
      dateOfBirth,
      nationality,
      idDocumentType: idDocumentType as IdDocumentType,
      idDocumentNumber,
      idDocumentExpiry,
    },
  };
}
