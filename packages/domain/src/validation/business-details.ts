import { findLegalForm } from '../company-forms';
import { type FieldIssue, isIsoDate, issue, type ValidationResult } from './field-issue';
import { checkVatNumber, findVatNumberFormat } from './vat-number';

export type BusinessDetailsInput = {
  legalNameOfBusiness: string;
  /** A code of legalFormsFor(establishment country), e.g. 'gmbh' (what the business-type page stores). */
  legalForm: string;
  incorporationNumber: string;
  incorporationDate: string;
  /** Empty when the company has no VAT number yet (a non-EU seller before its first registration, say). */
  vatNumber: string;
};

export type BusinessDetails = {
  legalNameOfBusiness: string;
  legalForm: string;
  incorporationNumber: string;
  incorporationDate: string;
  vatNumber: string | null;
};

const collapseSpaces = (value: string): string => value.trim().replace(/\s+/g, ' ');

// Register numbers look like "HRB 12345", "B 123.456", "12345678", "SC123456": letters, digits and separators.
const INCORPORATION_NUMBER_PATTERN = /^[\p{L}\d][\p{L}\d ./-]*$/u;

/**
 * Rules of the business-details form. The VAT number is checked for the company's establishment country
 * (`establishmentCountryCode`, from the business-type page); `today` is YYYY-MM-DD.
 */
export function validateBusinessDetails(
  input: BusinessDetailsInput,
  context: { establishmentCountryCode: string | null; today: string },
): ValidationResult<BusinessDetails> {
  const issues: FieldIssue[] = [];
  const legalNameOfBusiness = collapseSpaces(input.legalNameOfBusiness);
  if (legalNameOfBusiness.length === 0) issues.push(issue('legalNameOfBusiness', 'required', 'is required'));
  else if (legalNameOfBusiness.length > 200)
    issues.push(issue('legalNameOfBusiness', 'tooLong', 'is longer than 200 characters', { max: 200 }));

  // A code of the establishment country's list (company-forms), the same the business-type page stores.
  const legalForm = input.legalForm.trim();
  const formCountry = context.establishmentCountryCode ?? '';
  if (legalForm.length === 0) issues.push(issue('legalForm', 'required', 'is required'));
  else if (!findLegalForm(formCountry, legalForm))
    issues.push(
      issue('legalForm', 'legalFormUnknown', `is not a legal form of ${formCountry || 'the country'}`, {
        country: formCountry,
      }),
    );

  const incorporationNumber = collapseSpaces(input.incorporationNumber);
  if (incorporationNumber.length === 0) issues.push(issue('incorporationNumber', 'required', 'is required'));
  else if (incorporationNumber.length > 40)
    issues.push(issue('incorporationNumber', 'tooLong', 'is longer than 40 characters', { max: 40 }));
  else if (!INCORPORATION_NUMBER_PATTERN.test(incorporationNumber))
    issues.push(
      issue(
        'incorporationNumber',
        'incorporationNumber',
        'may contain letters, digits, spaces, dots, slashes and hyphens only',
      ),
    );

  const incorporationDate = input.incorporationDate.trim();
  if (incorporationDate.length === 0) issues.push(issue('incorporationDate', 'required', 'is required'));
  else if (!isIsoDate(incorporationDate))
    issues.push(issue('incorporationDate', 'invalidDate', 'is not a date (YYYY-MM-DD)'));
  else if (incorporationDate > context.today)
    issues.push(issue('incorporationDate', 'dateInFuture', 'is in the future'));

  let vatNumber: string | null = null;
  if (input.vatNumber.trim().length > 0) {
    const country = context.establishmentCountryCode;
    if (!country) {
      issues.push(issue('vatNumber', 'vatCountryUnknown', 'Give the country of establishment first (business type).'));
    } else if (!findVatNumberFormat(country)) {
      // Outside EU-27, GB, CH and NO there is no rule to check against: keep the number as written, tidied.
      const tidy = input.vatNumber.toUpperCase().replace(/\s+/g, '');
      if (!/^[A-Z0-9.\-/]{4,20}$/.test(tidy))
        issues.push(issue('vatNumber', 'vatFreeFormat', 'must be 4 to 20 letters, digits, dots, slashes or hyphens'));
      else vatNumber = tidy;
    } else {
      const check = checkVatNumber(input.vatNumber, country);
      if (check.isValid) vatNumber = check.normalized;
      else issues.push(check.issue);
    }
  }

  if (issues.length > 0) return { isValid: false, issues };
  return {
    isValid: true,
    value: { legalNameOfBusiness, legalForm, incorporationNumber, incorporationDate, vatNumber },
  };
}
