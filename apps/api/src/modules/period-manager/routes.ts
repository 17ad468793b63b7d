import {
  apiErrorSchema,
  createDataPeriodRequestSchema,
  dataPeriodListSchema,
  dataPeriodSchema,
} from '@vatlas/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { guard } from '../../plugins/route-guard';
import { createDataPeriod, deleteDataPeriod, getDataPeriod, listDataPeriods } from './service';

/** Fastify patterns of the parameterised paths of `apiPaths`. */
export const PERIOD_MANAGER_ROUTE_PATTERNS = {
  dataPeriods: '/api/v1/PeriodManager/:companyId/DataPeriods',
  dataPeriod: '/api/v1/PeriodManager/:companyId/DataPeriods/:dataPeriodId',
} as const;

const companyParams = z.object({ companyId: z.string().describe('The company id (uuid)') });
const periodParams = companyParams.extend({ dataPeriodId: z.string().describe('The data period id (uuid)') });
const tags = ['Period manager'];

export function registerPeriodManagerRoutes(app: FastifyInstance, deps: { db: Db }): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.get(
    PERIOD_MANAGER_ROUTE_PATTERNS.dataPeriods,
    {
      config: guard('company'),
      schema: {
        tags,
        summary: "The company's data periods (months), oldest first, with uploads, transactions and state",
        params: companyParams,
        response: { 200: dataPeriodListSchema },
      },
    },
    async (request) => listDataPeriods(deps.db, request.params.companyId),
  );

  typed.post(
    PERIOD_MANAGER_ROUTE_PATTERNS.dataPeriods,
    {
      config: guard('company'),
      schema: {
        tags,
        summary: 'Add a month (idempotent: an existing month is answered as it is)',
        params: companyParams,
        body: createDataPeriodRequestSchema,
        response: { 200: dataPeriodSchema },
      },
    },
    async (request) => createDataPeriod(deps.db, request.params.companyId, request.body.month),
  );

  typed.get(
    PERIOD_MANAGER_ROUTE_PATTERNS.dataPeriod,
    {
      config: guard('company'),
      schema: {
        tags,
        summary: 'One data period',
        params: periodParams,
        response: { 200: dataPeriodSchema, 404: apiErrorSchema },
      },
    },
    async (request) => getDataPeriod(deps.db, request.params.companyId, request.params.dataPeriodId),
  );

  typed.delete(
    PERIOD_MANAGER_ROUTE_PATTERNS.dataPeriod,
    {
      config: guard('company'),
      schema: {
        tags,
        summary: 'Delete a data period that has no uploads',
        description: '409 `data_period_has_uploads` while uploads name it: delete those first.',
        params: periodParams,
        response: { 204: z.null().describe('Deleted'), 404: apiErrorSchema, 409: apiErrorSchema },
      },
    },
    async (request, reply) => {
      await deleteDataPeriod(deps.db, request.params.companyId, request.params.dataPeriodId);
      return reply.status(204).send(null);
    },
  );
}
