import { z } from 'zod';
import { expectedRevisionSchema, revisionSchema } from './revision';

/*
 * Business profile (onboarding): the legal representative, the business details and the bank account. The request
 * schemas check types and sizes only; the rules (VAT number per country, IBAN checksum, age 18+ …) live once in
 * @vatlas/domain and run in the API service and in the SPA's forms. A rule failure answers 400 with
 * `businessProfileErrorDetailsSchema` details: one entry per field, with a code the SPA translates.
 */

const text = (max: number) => z.string().max(max);
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'a date as YYYY-MM-DD');

/** One reason a field is invalid (the details of a 400 validation_error). */
export const fieldIssueSchema = z.object({
  field: z.string(),
  message: z.string(),
  code: z.string().optional(),
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
});
export type FieldIssueDto = z.infer<typeof fieldIssueSchema>;
export const businessProfileErrorDetailsSchema = z.array(fieldIssueSchema);

export const idDocumentTypeSchema = z.enum(['passport', 'national-id-card']);

/** PUT Company/{companyId}/LegalRepresentative. */
export const legalRepresentativeRequestSchema = z.object({
  firstName: text(200),
  lastName: text(200),
  dateOfBirth: text(20),
  nationality: text(10),
  idDocumentType: text(40),
  idDocumentNumber: text(60),
  idDocumentExpiry: text(20),
  revision: expectedRevisionSchema,
});
export type LegalRepresentativeRequest = z.infer<typeof legalRepresentativeRequestSchema>;

/** GET/PUT Company/{companyId}/LegalRepresentative: nulls until the form was first saved. */
export const legalRepresentativeResponseSchema = z.object({
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  dateOfBirth: isoDate.nullable(),
  nationality: z.string().nullable(),
  idDocumentType: idDocumentTypeSchema.nullable(),
  idDocumentNumber: z.string().nullable(),
  idDocumentExpiry: isoDate.nullable(),
  updatedAt: z.string().nullable(),
  /** Empty until first saved. */
  revision: revisionSchema,
});
export type LegalRepresentativeResponse = z.infer<typeof legalRepresentativeResponseSchema>;

/** PUT Company/{companyId}/BusinessDetails. An empty vatNumber means "none yet". */
export const businessDetailsRequestSchema = z.object({
  legalNameOfBusiness: text(400),
  legalForm: text(80),
  incorporationNumber: text(80),
  incorporationDate: text(20),
  vatNumber: text(60),
  revision: expectedRevisionSchema,
});
export type BusinessDetailsRequest = z.infer<typeof businessDetailsRequestSchema>;

/** GET/PUT Company/{companyId}/BusinessDetails (columns of the company). */
export const businessDetailsResponseSchema = z.object({
  legalNameOfBusiness: z.string(),
  /** A code of the country's legal forms (@vatlas/domain legalFormsFor), e.g. 'gmbh'. */
  legalForm: z.string().nullable(),
  incorporationNumber: z.string().nullable(),
  incorporationDate: isoDate.nullable(),
  /** Normalised: upper case, no separators, prefix first (EL for Greece). */
  vatNumber: z.string().nullable(),
  /** The country the VAT number and the legal form are checked for; set on the business-type page. */
  establishmentCountryCode: z.string().nullable(),
  /** From the business-type page: narrows the legal forms offered. */
  companyType: z.string().nullable(),
  /** The company's: any write of the company changes it, its address and its business type too. */
  revision: revisionSchema,
});
export type BusinessDetailsResponse = z.infer<typeof businessDetailsResponseSchema>;

/** PUT Company/{companyId}/BankAccount. */
export const bankAccountRequestSchema = z.object({
  accountHolder: text(400),
  iban: text(80),
  bic: text(40),
  revision: expectedRevisionSchema,
});
export type BankAccountRequest = z.infer<typeof bankAccountRequestSchema>;

export const bankAccountWarningSchema = z.object({
  code: z.literal('bicCountryMismatch'),
  params: z.object({ ibanCountry: z.string(), bicCountry: z.string() }),
});

/** GET/PUT Company/{companyId}/BankAccount: nulls until saved; the IBAN in electronic format (no spaces). */
export const bankAccountResponseSchema = z.object({
  accountHolder: z.string().nullable(),
  iban: z.string().nullable(),
  bic: z.string().nullable(),
  /** Saved, but worth a second look (a BIC of another country than the IBAN's). */
  warnings: z.array(bankAccountWarningSchema),
  updatedAt: z.string().nullable(),
  /** Empty until first saved. */
  revision: revisionSchema,
});
export type BankAccountResponse = z.infer<typeof bankAccountResponseSchema>;
