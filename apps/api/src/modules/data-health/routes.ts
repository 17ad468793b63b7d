import { apiErrorSchema, dataHealthSchema, yearQuerySchema } from '@vatlas/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { guard } from '../../plugins/route-guard';
import { getDataHealth } from './service';

export const DATA_HEALTH_ROUTE_PATTERNS = {
  dataHealth: '/api/v1/Liabilities/:companyId/DataHealth',
} as const;

const companyParams = z.object({ companyId: z.string().describe('The company id (uuid)') });
const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema };

export function registerDataHealthRoutes(app: FastifyInstance, deps: { db: Db }): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.get(
    DATA_HEALTH_ROUTE_PATTERNS.dataHealth,
    {
      config: guard('company'),
      schema: {
        tags: ['Liabilities'],
        summary: "What keeps a year's numbers from being complete or right: the dashboard's data-health alerts",
        description:
          'Missing exchange rates, B2B lines without a buyer VAT number, stock movements without a value, months ' +
          'without data behind a filing due soon or overdue, and rows whose VAT differs from Amazon’s. Alerts with ' +
          'nothing to report are left out.',
        params: companyParams,
        querystring: yearQuerySchema,
        response: { 200: dataHealthSchema, ...errors },
      },
    },
    async (request) => getDataHealth(deps.db, request.params.companyId, request.query.year),
  );
}
