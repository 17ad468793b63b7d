import {
  apiErrorSchema,
  bankAccountRequestSchema,
  bankAccountResponseSchema,
  businessDetailsRequestSchema,
  businessDetailsResponseSchema,
  legalRepresentativeRequestSchema,
  legalRepresentativeResponseSchema,
} from '@vatlas/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { guard } from '../../plugins/route-guard';
import {
  getBankAccount,
  getBusinessDetails,
  getLegalRepresentative,
  putBankAccount,
  putBusinessDetails,
  putLegalRepresentative,
} from './service';

/** Fastify patterns of the business-profile paths of `apiPaths`. */
export const BUSINESS_PROFILE_ROUTE_PATTERNS = {
  legalRepresentative: '/api/v1/Company/:companyId/LegalRepresentative',
  businessDetails: '/api/v1/Company/:companyId/BusinessDetails',
  bankAccount: '/api/v1/Company/:companyId/BankAccount',
} as const;

const companyParams = z.object({ companyId: z.string().describe('The company id (uuid)') });
const readErrors = { 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };
const writeErrors = { 400: apiErrorSchema, ...readErrors, 409: apiErrorSchema };
const VALIDATION_NOTE =
  ' A rule failure answers 400 validation_error with details [{ field, code, message, params? }], one per field; ' +
  'nothing is saved then. So does 409 edit_conflict, when the record was written after the revision sent.';

export function registerBusinessProfileRoutes(app: FastifyInstance, deps: { db: Db }): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Business profile'];

  typed.get(
    BUSINESS_PROFILE_ROUTE_PATTERNS.legalRepresentative,
    {
      config: guard('company'),
      schema: {
        tags,
        summary: "The company's legal representative",
        description: 'Nulls until the representative was first saved (200, not 404), so the form can load.',
        params: companyParams,
        response: { 200: legalRepresentativeResponseSchema, ...readErrors },
      },
    },
    async (request) => getLegalRepresentative(deps.db, request.params.companyId),
  );

  typed.put(
    BUSINESS_PROFILE_ROUTE_PATTERNS.legalRepresentative,
    {
      config: guard('company'),
      schema: {
        tags,
        summary: "Save the company's legal representative",
        description:
          'Name, date of birth (18 or older today, not in the future), nationality (ISO 3166-1 alpha-2), identity ' +
          'document (passport or national-id-card), its number and its expiry (not in the past).' +
          VALIDATION_NOTE,
        params: companyParams,
        body: legalRepresentativeRequestSchema,
        response: { 200: legalRepresentativeResponseSchema, ...writeErrors },
      },
    },
    async (request) => putLegalRepresentative(deps.db, request.params.companyId, request.body),
  );

  typed.get(
    BUSINESS_PROFILE_ROUTE_PATTERNS.businessDetails,
    {
      config: guard('company'),
      schema: {
        tags,
        summary: "The company's legal name, legal form, register entry and VAT number",
        params: companyParams,
        response: { 200: businessDetailsResponseSchema, ...readErrors },
      },
    },
    async (request) => getBusinessDetails(deps.db, request.params.companyId),
  );

  typed.put(
    BUSINESS_PROFILE_ROUTE_PATTERNS.businessDetails,
    {
      config: guard('company'),
      schema: {
        tags,
        summary: "Save the company's legal name, legal form, register entry and VAT number",
        description:
          'The VAT number is optional; when given it is checked for format and check digits for the establishment ' +
          'country (EU-27 with EL for Greece, GB/XI, CH, NO) and stored normalised.' +
          VALIDATION_NOTE,
        params: companyParams,
        body: businessDetailsRequestSchema,
        response: { 200: businessDetailsResponseSchema, ...writeErrors },
      },
    },
    async (request) => putBusinessDetails(deps.db, request.params.companyId, request.body),
  );

  typed.get(
    BUSINESS_PROFILE_ROUTE_PATTERNS.bankAccount,
    {
      config: guard('company'),
      schema: {
        tags,
        summary: 'The account VAT refunds are paid to',
        description: 'Nulls until saved (200, not 404). warnings lists a BIC of another country than the IBAN.',
        params: companyParams,
        response: { 200: bankAccountResponseSchema, ...readErrors },
      },
    },
    async (request) => getBankAccount(deps.db, request.params.companyId),
  );

  typed.put(
    BUSINESS_PROFILE_ROUTE_PATTERNS.bankAccount,
    {
      config: guard('company'),
      schema: {
        tags,
        summary: 'Save the account VAT refunds are paid to',
        description:
          'IBAN checked for country, length, format and check digits and stored in electronic format; BIC 8 or 11 ' +
          'characters. A BIC of another country than the IBAN is saved with a warning, not refused.' +
          VALIDATION_NOTE,
        params: companyParams,
        body: bankAccountRequestSchema,
        response: { 200: bankAccountResponseSchema, ...writeErrors },
      },
    },
    async (request) => putBankAccount(deps.db, request.params.companyId, request.body),
  );
}
