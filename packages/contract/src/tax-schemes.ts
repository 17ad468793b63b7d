import { isEuCountry, isIsoDate } from '@vatlas/domain';
import { z } from 'zod';
import { expectedRevisionSchema, revisionSchema } from './revision';

/**
 * The company's Union OSS and IOSS registrations (issue 5): the member state of identification and the first day the
 * company declares through the scheme. The tax engine needs them to tell an OSS distance sale from a local one.
 */

const isoDate = z.string().refine(isIsoDate, 'a calendar date as YYYY-MM-DD');
const euMemberState = z
  .string()
  .regex(/^[A-Z]{2}$/, 'an ISO 3166-1 alpha-2 code')
  .refine(isEuCountry, 'an EU member state');

export const taxSchemeRegistrationSchema = z.object({
  memberState: euMemberState.describe('Member state of identification (ISO 3166-1 alpha-2, GR for Greece)'),
  effectiveFrom: isoDate.describe('First day declared through the scheme'),
  identificationNumber: z.string().trim().min(1).max(40).nullable().describe('e.g. EU372000041 or IM2760000001'),
});
export type TaxSchemeRegistration = z.infer<typeof taxSchemeRegistrationSchema>;

/** PUT Company/{companyId}/TaxSchemes: null means the company does not use the scheme. */
export const taxSchemesSchema = z.object({
  oss: taxSchemeRegistrationSchema.nullable(),
  ioss: taxSchemeRegistrationSchema.nullable(),
  revision: expectedRevisionSchema,
});
export type TaxSchemes = z.infer<typeof taxSchemesSchema>;

/** GET and PUT Company/{companyId}/TaxSchemes answer both schemes with the revision of the pair. */
export const taxSchemesResponseSchema = taxSchemesSchema.extend({ revision: revisionSchema });
export type TaxSchemesResponse = z.infer<typeof taxSchemesResponseSchema>;
