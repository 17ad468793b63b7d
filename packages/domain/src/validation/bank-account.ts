import {
  electronicFormatIBAN,
  extractBIC,
  friendlyFormatIBAN,
  getCountrySpecifications,
  ValidationErrorsIBAN,
  validateIBAN,
} from 'ibantools';
import { type FieldIssue, issue, type ValidationResult } from './field-issue';

/*
 * IBAN (ISO 13616) and BIC (ISO 9362) checks through ibantools (research §4): the country's IBAN length and BBAN
 * pattern from the SWIFT IBAN registry, the mod-97 check digits, and the 8- or 11-character BIC shape.
 */

export type IbanCheck = { isValid: true; electronic: string; friendly: string; country: string } | FieldIssueResult;
type FieldIssueResult = { isValid: false; issue: FieldIssue };

export function checkIban(input: string, field = 'iban'): IbanCheck {
  const electronic = electronicFormatIBAN(input) ?? '';
  if (electronic.length === 0) return { isValid: false, issue: issue(field, 'required', 'is required') };
  const country = electronic.slice(0, 2);
  const spec = getCountrySpecifications()[country];
  if (!/^[A-Z]{2}$/.test(country) || !spec?.chars) {
    return {
      isValid: false,
      issue: issue(field, 'ibanCountry', `${country} is not a country that issues IBANs.`, { country }),
    };
  }
  const result = validateIBAN(electronic);
  if (result.valid) {
    return { isValid: true, electronic, friendly: friendlyFormatIBAN(electronic) ?? electronic, country };
  }
  if (electronic.length !== spec.chars) {
    return {
      isValid: false,
      issue: issue(
        field,
        'ibanLength',
        `${country} IBANs have ${spec.chars} characters; this one has ${electronic.length}.`,
        {
          country,
          expected: spec.chars,
          actual: electronic.length,
        },
      ),
    };
  }
  const errors = result.errorCodes;
  if (
    errors.includes(ValidationErrorsIBAN.WrongBBANFormat) ||
    errors.includes(ValidationErrorsIBAN.ChecksumNotNumber)
  ) {
    return {
      isValid: false,
      issue: issue(field, 'ibanFormat', `This is not the shape of a ${country} IBAN.`, { country }),
    };
  }
  // WrongIBANChecksum and the national account checksums some countries have: a mistyped character either way.
  return {
    isValid: false,
    issue: issue(field, 'ibanChecksum', 'The IBAN check digits do not match: a character is probably mistyped.', {
      country,
    }),
  };
}

export type BicCheck = { isValid: true; normalized: string; country: string } | FieldIssueResult;

export function checkBic(input: string, field = 'bic'): BicCheck {
  const normalized = input.toUpperCase().replace(/\s+/g, '');
  if (normalized.length === 0) return { isValid: false, issue: issue(field, 'required', 'is required') };
  if (normalized.length !== 8 && normalized.length !== 11) {
    return {
      isValid: false,
      issue: issue(field, 'bicLength', `A BIC has 8 or 11 characters; this one has ${normalized.length}.`, {
        actual: normalized.length,
      }),
    };
  }
  const extracted = extractBIC(normalized);
  if (!extracted.valid || !extracted.countryCode) {
    return {
      isValid: false,
      issue: issue(
        field,
        'bicFormat',
        'A BIC is 4 letters (bank), 2 letters (country), 2 characters (place) and an optional 3-character branch.',
      ),
    };
  }
  return { isValid: true, normalized, country: extracted.countryCode };
}

/**
 * IBAN countries whose banks carry another country code in their BIC: the Crown Dependencies bank with GB IBANs,
 * the French overseas departments and collectivities with FR IBANs, Åland with FI IBANs. A BIC from one of these
 * for an IBAN of that country is no mismatch.
 */
const BIC_COUNTRIES_OF_IBAN_COUNTRY: Readonly<Record<string, readonly string[]>> = {
  GB: ['GG', 'JE', 'IM'],
  FR: ['GF', 'GP', 'MQ', 'RE', 'YT', 'PM', 'BL', 'MF', 'NC', 'PF', 'WF', 'TF'],
  FI: ['AX'],
};

/**
 * A BIC of another country than the IBAN's is a warning, not an error: payment institutions such as Wise issue
 * German or French IBANs under their Belgian BIC, and such accounts are real.
 */
export function isBicCountryConsistent(ibanCountry: string, bicCountry: string): boolean {
  return ibanCountry === bicCountry || (BIC_COUNTRIES_OF_IBAN_COUNTRY[ibanCountry] ?? []).includes(bicCountry);
}

export type BankAccountInput = { accountHolder: string; iban: string; bic: string };
export type BankAccount = { accountHolder: string; iban: string; bic: string };
export type BankAccountWarning = { code: 'bicCountryMismatch'; params: { ibanCountry: string; bicCountry: string } };

export function validateBankAccount(
  input: BankAccountInput,
): ValidationResult<BankAccount> & { warnings: BankAccountWarning[] } {
  const issues: FieldIssue[] = [];
  const accountHolder = input.accountHolder.trim().replace(/\s+/g, ' ');
  if (accountHolder.length === 0) issues.push(issue('accountHolder', 'required', 'is required'));
  else if (accountHolder.length > 140)
    issues.push(issue('accountHolder', 'tooLong', 'is longer than 140 characters', { max: 140 }));
  const iban = checkIban(input.iban);
  if (!iban.isValid) issues.push(iban.issue);
  const bic = checkBic(input.bic);
  if (!bic.isValid) issues.push(bic.issue);
  if (issues.length > 0 || !iban.isValid || !bic.isValid) return { isValid: false, issues, warnings: [] };
  const warnings: BankAccountWarning[] = isBicCountryConsistent(iban.country, bic.country)
    ? []
    : [{ code: 'bicCountryMismatch', params: { ibanCountry: iban.country, bicCountry: bic.country } }];
  return { isValid: true, value: { accountHolder, iban: iban.electronic, bic: bic.normalized }, warnings };
}
