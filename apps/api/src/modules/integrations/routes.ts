import {
  apiErrorSchema,
  integrationListSchema,
  integrationProviderSchema,
  integrationSchema,
  updateIntegrationRequestSchema,
} from '@vatlas/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { guard } from '../../plugins/route-guard';
import { listIntegrations, updateIntegration } from './service';

export const INTEGRATION_ROUTE_PATTERNS = {
  list: '/api/v1/Company/:companyId/Integrations',
  one: '/api/v1/Company/:companyId/Integrations/:provider',
} as const;

const companyParams = z.object({ companyId: z.string().describe('The company id (uuid)') });

export function registerIntegrationRoutes(app: FastifyInstance, deps: { db: Db }): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.get(
    INTEGRATION_ROUTE_PATTERNS.list,
    {
      config: guard('company'),
      schema: {
        tags: ['Integrations'],
        summary: 'Amazon, Shopify, eBay and Etsy with their true state',
        description:
          'No connector exists yet, so no provider is ever "connected": each is `not-connected`, or `file-upload` ' +
          'when the seller chose to upload its reports instead.',
        params: companyParams,
        response: { 200: integrationListSchema, 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema },
      },
    },
    async (request) => listIntegrations(deps.db, request.params.companyId),
  );

  typed.put(
    INTEGRATION_ROUTE_PATTERNS.one,
    {
      config: guard('company'),
      schema: {
        tags: ['Integrations'],
        summary: 'Choose file upload for a provider, or go back to not connected',
        params: companyParams.extend({ provider: integrationProviderSchema }),
        body: updateIntegrationRequestSchema,
        response: { 200: integrationSchema, 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema },
      },
    },
    async (request) =>
      updateIntegration(deps.db, {
        companyId: request.params.companyId,
        provider: request.params.provider,
        status: request.body.status,
      }),
  );
}
