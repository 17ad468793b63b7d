import {
  apiErrorSchema,
  transactionDetailSchema,
  transactionListQuerySchema,
  transactionPageSchema,
} from '@vatlas/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { requireAuth } from '../../plugins/auth';
import { guard } from '../../plugins/route-guard';
import { getTransactionDetail, listTransactions } from './service';

export const TRANSACTION_ROUTE_PATTERNS = {
  list: '/api/v1/Transactions/:companyId',
  one: '/api/v1/Transactions/:companyId/:transactionId',
} as const;

const companyParams = z.object({ companyId: z.string().describe('The company id (uuid)') });
const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };

export function registerTransactionRoutes(app: FastifyInstance, deps: { db: Db }): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.get(
    TRANSACTION_ROUTE_PATTERNS.list,
    {
      config: guard('company'),
      schema: {
        tags: ['Transactions'],
        summary: 'The transactions of completed uploads, newest tax point first, a page at a time',
        description:
          'Keyset pagination: pass `nextCursor` as `cursor` for the next page (a cursor belongs to its sort order). ' +
          'Filters combine: `dataPeriodId` (its month), `jurisdiction` (taxable jurisdiction), `type`, `treatment`, ' +
          '`country` (departure or arrival), `search` (prefix of event id, activity id or SKU).',
        params: companyParams,
        querystring: transactionListQuerySchema,
        response: { 200: transactionPageSchema, ...errors },
      },
    },
    async (request) => listTransactions(deps.db, request.params.companyId, request.query),
  );

  typed.get(
    TRANSACTION_ROUTE_PATTERNS.one,
    {
      config: guard('company'),
      schema: {
        tags: ['Transactions'],
        summary: "One transaction with why it has its treatment (in the user's language) and its cross-check",
        params: companyParams.extend({ transactionId: z.string().describe('The transaction id (uuid)') }),
        response: { 200: transactionDetailSchema, ...errors },
      },
    },
    async (request) =>
      getTransactionDetail(deps.db, {
        companyId: request.params.companyId,
        transactionId: request.params.transactionId,
        language: requireAuth(request).user.language,
      }),
  );
}
