import { companyDetailsSchema } from '@vatlas/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { guard } from '../../plugins/route-guard';
import { getCompanyDetails } from './service';

export function registerCompanyRoutes(app: FastifyInstance, deps: { db: Db }): void {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/v1/Company/:companyId',
    {
      config: guard('company'),
      schema: {
        tags: ['Company'],
        summary: 'Details of one company the user belongs to',
        params: z.object({ companyId: z.string() }),
        response: { 200: companyDetailsSchema },
      },
    },
    async (request) => getCompanyDetails(deps.db, request.params.companyId),
  );
}
