import { REGISTRATION_STATUSES, RETURN_FREQUENCIES } from '@vatlas/domain';
import { z } from 'zod';
import { expectedRevisionSchema, revisionSchema } from './revision';

/**
 * The company's registration in each of its jurisdictions (issue 5): where it stands with the tax office, the VAT
 * number it was given and how often it files. The filing calendar and the EC Sales List read them.
 */

const returnFrequencySchema = z.enum(RETURN_FREQUENCIES);

export const jurisdictionRegistrationSchema = z.object({
  countryCode: z.string().describe('ISO 3166-1 alpha-2'),
  registrationStatus: z.enum(REGISTRATION_STATUSES),
  vatNumber: z.string().nullable().describe('Normalised: upper case, prefix first, no separators'),
  filingFrequency: returnFrequencySchema
    .nullable()
    .describe("The frequency the tax office set; null files at the country's usual one (defaultFrequency)"),
  filingFrequencyFrom: z
    .string()
    .nullable()
    .describe(
      'The first day filingFrequency applies, when the tax office changed it from a day; null: it applies to every ' +
        'return not filed yet',
    ),
  previousFilingFrequency: returnFrequencySchema
    .nullable()
    .describe(
      "The frequency before the last change, which the returns before filingFrequencyFrom keep; null: the country's " +
        'usual one',
    ),
  registeredFrom: z
    .string()
    .nullable()
    .describe(
      "The registration's first day as the tax office set it: no return or EC Sales List is planned for a period " +
        'that ended before it; null: every period of the calendar',
    ),
  registeredUntil: z
    .string()
    .nullable()
    .describe(
      'The last day of a registration that ended (deregistration): no return or EC Sales List is planned for a ' +
        'period that began after it; null: it has not ended',
    ),
  hasDeadlineExtension: z
    .boolean()
    .describe("The tax office granted the country's deadlineExtension: every VAT return is due its months later"),
  deadlineExtension: z
    .object({
      months: z.number().int().describe("Months added to the VAT return's deadline"),
      name: z.string().describe("The extension's name in the country's law, e.g. 'Dauerfristverlängerung'"),
    })
    .nullable()
    .describe(
      "The extension of the VAT return's deadline the country grants on application; null where it grants none",
    ),
  vatStagger: z
    .number()
    .int()
    .nullable()
    .describe('The stagger of quarterly returns the tax office assigned, one of vatStaggers; null: calendar quarters'),
  vatStaggers: z
    .array(z.number().int())
    .describe(
      "The staggers of quarterly returns the country assigns (the UK's 1, 2, 3: quarters ending March, April or May " +
        'and every third month after); empty where quarters are calendar quarters',
    ),
  defaultFrequency: returnFrequencySchema.describe('The usual VAT-return frequency for a new registrant'),
  frequencies: z.array(returnFrequencySchema).describe('The VAT-return frequencies the country offers'),
  vatNumberExample: z.string().nullable().describe("A number of the country's shape, null where none is known"),
  updatedAt: z.string(),
  revision: revisionSchema,
});
export type JurisdictionRegistrationDto = z.infer<typeof jurisdictionRegistrationSchema>;

/**
 * A country where the transactions declare something locally (sales taxed there, zero-rated supplies dispatched from
 * there, own goods arriving there) but the company is not registered: registration relevance.
 */
export const missingRegistrationSchema = z.object({
  countryCode: z.string().describe('ISO 3166-1 alpha-2'),
  /**
   * 'not-chosen': not among the jurisdictions at all; 'registered-later': registered, but only from a day after a
   * whole month of local declarations (`registeredFrom`); 'registration-ended': registered until a day before a whole
   * month of them (`registeredUntil`); otherwise the status of the chosen jurisdiction.
   */
  registration: z.enum([
    'not-chosen',
    'not-registered',
    'registration-requested',
    'registered-later',
    'registration-ended',
  ]),
  registeredFrom: z
    .string()
    .optional()
    .describe("'registered-later' only: the registration's first day, after the month `since`"),
  registeredUntil: z
    .string()
    .optional()
    .describe("'registration-ended' only: the registration's last day, before the last month declared there"),
  since: z.string().describe('First month (YYYY-MM-DD) with a local declaration there'),
  transactionCount: z.number().int(),
});
export type MissingRegistration = z.infer<typeof missingRegistrationSchema>;

/** GET Company/{companyId}/TaxRegistrations: the jurisdictions the company chose, by country code. */
export const taxRegistrationsResponseSchema = z.object({
  jurisdictions: z.array(jurisdictionRegistrationSchema),
  missingRegistrations: z
    .array(missingRegistrationSchema)
    .describe('Countries the stored tax position declares in without a registration, by country code'),
});
export type TaxRegistrationsResponse = z.infer<typeof taxRegistrationsResponseSchema>;

/** PUT Company/{companyId}/TaxRegistrations/{countryCode}. An empty vatNumber means "none yet". */
export const updateJurisdictionRegistrationBodySchema = z.object({
  registrationStatus: z.enum(REGISTRATION_STATUSES),
  vatNumber: z.string().max(60),
  filingFrequency: returnFrequencySchema.nullable(),
  filingFrequencyFrom: z
    .string()
    .nullable()
    .optional()
    .describe(
      'The first day the frequency applies (the first day of a period of both the old and the new frequency); the ' +
        'returns before it keep the old one. Null: it applies to every return not filed yet. Absent: a stored day ' +
        'stays while the frequency stays.',
    ),
  registeredFrom: z
    .string()
    .nullable()
    .optional()
    .describe("The registration's first day (YYYY-MM-DD); null: not known. Absent: the stored day stays."),
  registeredUntil: z
    .string()
    .nullable()
    .optional()
    .describe(
      'The last day of a registration that ended (YYYY-MM-DD), not before registeredFrom; null: it has not ended. ' +
        'Absent: the stored day stays.',
    ),
  hasDeadlineExtension: z
    .boolean()
    .optional()
    .describe(
      "The tax office granted the country's deadline extension (only where deadlineExtension is not null). " +
        'Absent: the stored answer stays.',
    ),
  vatStagger: z
    .number()
    .int()
    .nullable()
    .optional()
    .describe('The stagger of quarterly returns (one of vatStaggers); null: calendar quarters. Absent: it stays.'),
  revision: expectedRevisionSchema,
});
export type UpdateJurisdictionRegistrationBody = z.infer<typeof updateJurisdictionRegistrationBodySchema>;
