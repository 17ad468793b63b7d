import { Readable } from 'node:stream';
import {
  apiErrorSchema,
  transactionCountSchema,
  transactionDetailSchema,
  transactionExportQuerySchema,
  transactionFilterSchema,
  transactionListQuerySchema,
  transactionPageSchema,
} from '@vatlas/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { requireAuth } from '../../plugins/auth';
import { guard } from '../../plugins/route-guard';
import { contentDisposition } from '../documents/service';
import {
  countFilteredTransactions,
  exportFileName,
  exportTransactionsCsv,
  getTransactionDetail,
  listTransactions,
} from './service';

export const TRANSACTION_ROUTE_PATTERNS = {
  list: '/api/v1/Transactions/:companyId',
  one: '/api/v1/Transactions/:companyId/:transactionId',
  count: '/api/v1/Transactions/:companyId/Count',
  exportCsv: '/api/v1/Transactions/:companyId/Export.csv',
} as const;

const FILTERS_DESCRIPTION =
  'Filters combine: `dataPeriodId` (its month), `month` (YYYY-MM), `from`/`to` (tax-point days, inclusive), ' +
  "`jurisdiction` (taxable jurisdiction as the file gave it), `taxedIn` (the rows of that country's liability, as " +
  'the liabilities summary adds them up), `scheme` (local, oss, ioss: the rows declared through it, with `taxedIn` ' +
  "that country's line), `ecSalesList` (the rows on that country's EC Sales List), `type`, `treatment`, `source` " +
  '(the kind of file the row was read from, its sales channel: amazon-vtr, shopify-orders, ebay-orders, ' +
  'etsy-orders, generic-csv), `country` (departure or arrival), `search` (a whole event id, activity id or SKU).';

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
          FILTERS_DESCRIPTION,
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

  typed.get(
    TRANSACTION_ROUTE_PATTERNS.count,
    {
      config: guard('company'),
      schema: {
        tags: ['Transactions'],
        summary: 'How many transactions the filters match (exact up to a limit, then "more than")',
        description: FILTERS_DESCRIPTION,
        params: companyParams,
        querystring: transactionFilterSchema,
        response: { 200: transactionCountSchema, ...errors },
      },
    },
    async (request) => countFilteredTransactions(deps.db, request.params.companyId, request.query),
  );

  typed.get(
    TRANSACTION_ROUTE_PATTERNS.exportCsv,
    {
      config: guard('company'),
      schema: {
        tags: ['Transactions'],
        summary: 'Download the filtered transactions as CSV (UTF-8 with BOM), streamed',
        description:
          `${FILTERS_DESCRIPTION} The rows are read in keyset batches and streamed; cells a spreadsheet would run ` +
          'as formulas start with an apostrophe. No personal data (no buyer names, addresses or VAT numbers).',
        produces: ['text/csv', 'application/json'],
        params: companyParams,
        querystring: transactionExportQuerySchema,
        response: { 200: z.string().describe('CSV with a header row'), ...errors },
      },
    },
    async (request, reply) => {
      const chunks = await exportTransactionsCsv(deps.db, request.params.companyId, request.query);
      return (
        reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', contentDisposition(exportFileName(request.query)))
          .header('cache-control', 'private, no-store')
          // A stream is sent as it is (Fastify never serialises streams); the schema only documents the answer.
          .send(Readable.from(chunks) as unknown as string)
      );
    },
  );
}
