import {
  apiErrorSchema,
  jurisdictionRegistrationSchema,
  taxRegistrationsResponseSchema,
  taxSchemesResponseSchema,
  taxSchemesSchema,
  updateJurisdictionRegistrationBodySchema,
} from '@vatlas/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { guard } from '../../plugins/route-guard';
import { getTaxRegistrations, getTaxSchemes, putJurisdictionRegistration, saveTaxSchemes } from './service';

export const TAX_SCHEME_ROUTE = '/api/v1/Company/:companyId/TaxSchemes';
export const TAX_REGISTRATIONS_ROUTE = '/api/v1/Company/:companyId/TaxRegistrations';
export const TAX_REGISTRATION_ROUTE = '/api/v1/Company/:companyId/TaxRegistrations/:countryCode';

const companyParams = z.object({ companyId: z.string().describe('The company id (uuid)') });

export function registerTaxSchemeRoutes(app: FastifyInstance, deps: { db: Db }): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.get(
    TAX_SCHEME_ROUTE,
    {
      config: guard('company'),
      schema: {
        tags: ['Tax schemes'],
        summary: "The company's Union OSS and IOSS registrations",
        params: companyParams,
        response: { 200: taxSchemesResponseSchema, 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema },
      },
    },
    async (request) => getTaxSchemes(deps.db, request.params.companyId),
  );

  typed.put(
    TAX_SCHEME_ROUTE,
    {
      config: guard('company'),
      schema: {
        tags: ['Tax schemes'],
        summary: 'Set or remove the OSS and IOSS registrations; the tax position is recomputed',
        description:
          'Both schemes are replaced: `null` removes a registration. Distance sales from the effective date on are ' +
          'declared through OSS in the member state of consumption; liabilities and filings change at once. 409 ' +
          'edit_conflict when either registration was written after the revision sent.',
        params: companyParams,
        body: taxSchemesSchema,
        response: {
          200: taxSchemesResponseSchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
          403: apiErrorSchema,
          409: apiErrorSchema,
        },
      },
    },
    async (request) => saveTaxSchemes(deps.db, request.params.companyId, request.body),
  );

  typed.get(
    TAX_REGISTRATIONS_ROUTE,
    {
      config: guard('company'),
      schema: {
        tags: ['Tax schemes'],
        summary: "The company's registration in each of its jurisdictions",
        description:
          'Per chosen jurisdiction: the registration status, the VAT number, the filing frequency and the ' +
          'frequencies the country offers.',
        params: companyParams,
        response: {
          200: taxRegistrationsResponseSchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
          403: apiErrorSchema,
        },
      },
    },
    async (request) => getTaxRegistrations(deps.db, request.params.companyId),
  );

  typed.put(
    TAX_REGISTRATION_ROUTE,
    {
      config: guard('company'),
      schema: {
        tags: ['Tax schemes'],
        summary: "Set the company's registration in one jurisdiction; the tax position is recomputed",
        description:
          'The VAT number must be one of that country (an empty one: none yet; a registered jurisdiction needs ' +
          'one); the frequency one the country offers, or null for its usual one. Filings change at once. 409 ' +
          'edit_conflict when the registration was written after the revision sent.',
        params: companyParams.extend({ countryCode: z.string().describe('ISO 3166-1 alpha-2 of the jurisdiction') }),
        body: updateJurisdictionRegistrationBodySchema,
        response: {
          200: jurisdictionRegistrationSchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
          403: apiErrorSchema,
          404: apiErrorSchema,
          409: apiErrorSchema,
        },
      },
    },
    async (request) =>
      putJurisdictionRegistration(deps.db, request.params.companyId, request.params.countryCode, request.body),
  );
}
