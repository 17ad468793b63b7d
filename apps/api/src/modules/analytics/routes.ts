import {
  analyticsExportQuerySchema,
  analyticsQuerySchema,
  analyticsSchema,
  apiErrorSchema,
  languageSchema,
} from '@vatlas/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { requireAuth } from '../../plugins/auth';
import { guard } from '../../plugins/route-guard';
import { contentDisposition } from '../documents/service';
import { renderAnalyticsCsv, renderAnalyticsXlsx } from './export';
import { getAnalytics } from './service';

export const ANALYTICS_ROUTE_PATTERNS = {
  analytics: '/api/v1/Analytics/:companyId',
  export: '/api/v1/Analytics/:companyId/Export',
} as const;

const companyParams = z.object({ companyId: z.string().describe('The company id (uuid)') });
const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema };
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export function registerAnalyticsRoutes(app: FastifyInstance, deps: { db: Db }): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.get(
    ANALYTICS_ROUTE_PATTERNS.analytics,
    {
      config: guard('company'),
      schema: {
        tags: ['Analytics'],
        summary: 'Sales and VAT in EUR by month, country, arrival country, channel and VAT rate, for up to 24 months',
        description:
          'Visible transactions only (completed uploads), by tax-point day. Each day and currency is converted at the ' +
          'ECB rate of that day (or the previous publication day) and rounded half-up to the cent; amounts without a ' +
          'rate are left out and counted in `unconverted`, never converted at 1.',
        params: companyParams,
        querystring: analyticsQuerySchema,
        response: { 200: analyticsSchema, ...errors },
      },
    },
    async (request) => getAnalytics(deps.db, request.params.companyId, request.query),
  );

  typed.get(
    ANALYTICS_ROUTE_PATTERNS.export,
    {
      config: guard('company'),
      schema: {
        tags: ['Analytics'],
        summary: 'Download the analytics of the months as CSV or as an Excel workbook (one sheet per breakdown)',
        produces: ['text/csv', XLSX_TYPE, 'application/json'],
        params: companyParams,
        querystring: analyticsExportQuerySchema,
        response: {
          200: z.any().describe('CSV (breakdown,key,net_eur,…) or an .xlsx workbook (binary)'),
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const { format, from, to } = request.query;
      const stored = languageSchema.safeParse(requireAuth(request).user.language);
      const language = request.query.lang ?? (stored.success ? stored.data : 'en');
      const analytics = await getAnalytics(deps.db, request.params.companyId, { from, to });
      const fileName = `vatlas-analytics-${from}-${to}.${format}`;
      reply.header('content-disposition', contentDisposition(fileName)).header('cache-control', 'private, no-store');
      if (format === 'csv') {
        return reply.header('content-type', 'text/csv; charset=utf-8').send(renderAnalyticsCsv(analytics, language));
      }
      return reply.header('content-type', XLSX_TYPE).send(Buffer.from(renderAnalyticsXlsx(analytics, language)));
    },
  );
}
