import {
  apiErrorSchema,
  crossCheckPageSchema,
  crossCheckQuerySchema,
  ecSalesListQuerySchema,
  ecSalesListSchema,
  liabilitySummarySchema,
  ossLinesQuerySchema,
  ossReturnSchema,
  ossThresholdSchema,
  yearQuerySchema,
} from '@vatlas/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { guard } from '../../plugins/route-guard';
import { getCrossCheck, getEcSalesList, getLiabilitySummary, getOssReturn, getOssThreshold } from './service';

export const LIABILITY_ROUTE_PATTERNS = {
  summary: '/api/v1/Liabilities/:companyId/Summary',
  ossLines: '/api/v1/Liabilities/:companyId/OssLines',
  ecSalesList: '/api/v1/Liabilities/:companyId/EcSalesList',
  threshold: '/api/v1/Liabilities/:companyId/Threshold',
  crossCheck: '/api/v1/Liabilities/:companyId/CrossCheck',
} as const;

const companyParams = z.object({ companyId: z.string().describe('The company id (uuid)') });
const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema };

export function registerLiabilityRoutes(app: FastifyInstance, deps: { db: Db }): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.get(
    LIABILITY_ROUTE_PATTERNS.summary,
    {
      config: guard('company'),
      schema: {
        tags: ['Liabilities'],
        summary: 'What the company owes per jurisdiction and scheme, month by month, for a year',
        description:
          'Read from the aggregates recomputed when data changes. A month marked `isIncomplete` lacks amounts whose ' +
          'exchange rate is missing; `problems` names them (never converted at 1).',
        params: companyParams,
        querystring: yearQuerySchema,
        response: { 200: liabilitySummarySchema, ...errors },
      },
    },
    async (request) => getLiabilitySummary(deps.db, request.params.companyId, request.query.year),
  );

  typed.get(
    LIABILITY_ROUTE_PATTERNS.ossLines,
    {
      config: guard('company'),
      schema: {
        tags: ['Liabilities'],
        summary: 'The Union OSS return of a quarter: per member state of consumption, of dispatch, and rate (EUR)',
        params: companyParams,
        querystring: ossLinesQuerySchema,
        response: { 200: ossReturnSchema, ...errors },
      },
    },
    async (request) => getOssReturn(deps.db, request.params.companyId, request.query.period),
  );

  typed.get(
    LIABILITY_ROUTE_PATTERNS.ecSalesList,
    {
      config: guard('company'),
      schema: {
        tags: ['Liabilities'],
        summary: 'The EC Sales List lines of a month: per reporting country, customer VAT number and kind',
        params: companyParams,
        querystring: ecSalesListQuerySchema,
        response: { 200: ecSalesListSchema, ...errors },
      },
    },
    async (request) => getEcSalesList(deps.db, request.params.companyId, request.query.month),
  );

  typed.get(
    LIABILITY_ROUTE_PATTERNS.threshold,
    {
      config: guard('company'),
      schema: {
        tags: ['Liabilities'],
        summary: 'The €10,000 OSS threshold of a year: distance sales so far and the day they crossed it',
        params: companyParams,
        querystring: yearQuerySchema,
        response: { 200: ossThresholdSchema, ...errors },
      },
    },
    async (request) => getOssThreshold(deps.db, request.params.companyId, request.query.year),
  );

  typed.get(
    LIABILITY_ROUTE_PATTERNS.crossCheck,
    {
      config: guard('company'),
      schema: {
        tags: ['Liabilities'],
        summary: 'Rows whose VAT the file got wrong: VAT ≠ net × rate, or a rate not valid there on that day',
        params: companyParams,
        querystring: crossCheckQuerySchema,
        response: { 200: crossCheckPageSchema, ...errors },
      },
    },
    async (request) => getCrossCheck(deps.db, request.params.companyId, request.query),
  );
}
