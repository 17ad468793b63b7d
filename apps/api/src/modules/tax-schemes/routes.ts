import { apiErrorSchema, taxSchemesSchema } from '@vatlas/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { guard } from '../../plugins/route-guard';
import { getTaxSchemes, saveTaxSchemes } from './service';

export const TAX_SCHEME_ROUTE = '/api/v1/Company/:companyId/TaxSchemes';

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
        response: { 200: taxSchemesSchema, 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema },
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
          'declared through OSS in the member state of consumption; liabilities and filings change at once.',
        params: companyParams,
        body: taxSchemesSchema,
        response: { 200: taxSchemesSchema, 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema },
      },
    },
    async (request) => saveTaxSchemes(deps.db, request.params.companyId, request.body),
  );
}
