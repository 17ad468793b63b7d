import {
  apiErrorSchema,
  filingListSchema,
  filingQuerySchema,
  filingSchema,
  markFilingFiledRequestSchema,
  markFilingPaidRequestSchema,
} from '@vatlas/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { requireAuth } from '../../plugins/auth';
import { guard } from '../../plugins/route-guard';
import { listFilings, markFilingFiled, markFilingPaid, markFilingUnpaid, reopenFiling } from './service';

export const FILING_ROUTE_PATTERNS = {
  list: '/api/v1/Filings/:companyId',
  markFiled: '/api/v1/Filings/:companyId/:filingId/MarkFiled',
  reopen: '/api/v1/Filings/:companyId/:filingId/Reopen',
  markPaid: '/api/v1/Filings/:companyId/:filingId/MarkPaid',
  markUnpaid: '/api/v1/Filings/:companyId/:filingId/MarkUnpaid',
} as const;

const companyParams = z.object({ companyId: z.string().describe('The company id (uuid)') });
const filingParams = companyParams.extend({ filingId: z.string().describe('The filing id (uuid)') });
const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema };
/** What a change to one filing (a mark, its undo) answers: the filing as it now is. */
const filingChangeResponse = { 200: filingSchema, 404: apiErrorSchema, 409: apiErrorSchema, ...errors };

/** The filing a change names, and who makes it. */
function filingChangeOf(request: FastifyRequest & { params: { companyId: string; filingId: string } }) {
  const { companyId, filingId } = request.params;
  return { companyId, filingId, userId: requireAuth(request).user.id };
}

export function registerFilingRoutes(app: FastifyInstance, deps: { db: Db }): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.get(
    FILING_ROUTE_PATTERNS.list,
    {
      config: guard('company'),
      schema: {
        tags: ['Filings'],
        summary: 'The filing calendar: VAT returns, OSS/IOSS returns and EC Sales Lists with due dates and amounts',
        description:
          'Planned from the registrations, the OSS/IOSS schemes and the country rules, from the first month with ' +
          'data (or the current month) to the period running today. `status` is computed for `today`: due-soon ' +
          'within 14 days, overdue after the due date, filed once marked filed (its amount is then frozen).',
        params: companyParams,
        querystring: filingQuerySchema,
        response: { 200: filingListSchema, ...errors },
      },
    },
    async (request) => listFilings(deps.db, request.params.companyId, request.query),
  );

  typed.post(
    FILING_ROUTE_PATTERNS.markFiled,
    {
      config: guard('company'),
      schema: {
        tags: ['Filings'],
        summary: 'Record that a filing was submitted, with the authority’s reference',
        params: filingParams,
        body: markFilingFiledRequestSchema,
        response: filingChangeResponse,
      },
    },
    async (request) => markFilingFiled(deps.db, { ...filingChangeOf(request), request: request.body }),
  );

  typed.post(
    FILING_ROUTE_PATTERNS.reopen,
    {
      config: guard('company'),
      schema: {
        tags: ['Filings'],
        summary: 'Undo a mark filed: the filing is open again and its amount follows the data',
        params: filingParams,
        response: filingChangeResponse,
      },
    },
    async (request) => reopenFiling(deps.db, filingChangeOf(request)),
  );

  typed.post(
    FILING_ROUTE_PATTERNS.markPaid,
    {
      config: guard('company'),
      schema: {
        tags: ['Filings'],
        summary: 'Record the day a filing’s VAT was paid, where it is due apart from the filing (`paymentDue`)',
        description:
          'Filed or not (Italy’s annual balance is paid before its return is due). The deadline reminders then leave ' +
          'the payment out. 409 `filing_payment_not_separate` for a filing without `paymentDue`, `filing_already_paid` ' +
          'when it is marked paid already.',
        params: filingParams,
        body: markFilingPaidRequestSchema,
        response: filingChangeResponse,
      },
    },
    async (request) => markFilingPaid(deps.db, { ...filingChangeOf(request), request: request.body }),
  );

  typed.post(
    FILING_ROUTE_PATTERNS.markUnpaid,
    {
      config: guard('company'),
      schema: {
        tags: ['Filings'],
        summary: 'Undo a mark paid: the payment is due again, and reminded of',
        description: '409 `filing_not_paid` when it is not marked paid.',
        params: filingParams,
        response: filingChangeResponse,
      },
    },
    async (request) => markFilingUnpaid(deps.db, filingChangeOf(request)),
  );
}
