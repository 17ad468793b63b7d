import rateLimit from '@fastify/rate-limit';
import { apiPaths, clientErrorAcceptedSchema, clientErrorReportSchema } from '@vatlas/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import { HttpError } from '../../plugins/errors';
import { guard } from '../../plugins/route-guard';
import { recordClientError } from './service';

export type ClientErrorRateLimit = { max: number; timeWindowMs: number };

/** Enough for a real report with a long stack; a bigger body is abuse or a bug in the reporter. */
export const CLIENT_ERROR_BODY_LIMIT_BYTES = 16 * 1024;
/** Per client IP: a crash loop in one browser must not flood the table. */
export const DEFAULT_CLIENT_ERROR_RATE_LIMIT: ClientErrorRateLimit = { max: 20, timeWindowMs: 60_000 };

/**
 * POST /api/log-error. Public, because the errors worth knowing happen before or during sign-in. The rate
 * limiter is registered in a scope of its own so no other route is limited by accident.
 */
export async function registerClientErrorRoutes(
  app: FastifyInstance,
  deps: { db: Db; rateLimit?: ClientErrorRateLimit },
): Promise<void> {
  const limit = deps.rateLimit ?? DEFAULT_CLIENT_ERROR_RATE_LIMIT;
  await app.register(async (scope) => {
    await scope.register(rateLimit, {
      global: false,
      errorResponseBuilder: (_request, context) =>
        new HttpError(429, 'rate_limited', `Too many error reports: retry in ${context.after}.`),
    });

    // navigator.sendBeacon, the one way to report while a page unloads, can only send text/plain without a
    // preflight; in this scope such a body is read as the JSON it is.
    const parseJson = scope.getDefaultJsonParser('error', 'error');
    scope.removeContentTypeParser('text/plain');
    scope.addContentTypeParser('text/plain', { parseAs: 'string' }, (request, body, done) =>
      parseJson(request, String(body), done),
    );

    scope.withTypeProvider<ZodTypeProvider>().post(
      apiPaths.logError,
      {
        config: { ...guard('public'), rateLimit: { max: limit.max, timeWindow: limit.timeWindowMs } },
        bodyLimit: CLIENT_ERROR_BODY_LIMIT_BYTES,
        schema: {
          tags: ['Client errors'],
          summary: 'Report an error of the web app',
          description:
            `Stores the report (the caller's IP is not stored). At most ${CLIENT_ERROR_BODY_LIMIT_BYTES} bytes; ` +
            `${limit.max} reports per ${limit.timeWindowMs / 1000} s per client. E-mail addresses, tokens and ` +
            'sign-in parameters in the texts are masked before storing.',
          body: clientErrorReportSchema,
          response: { 202: clientErrorAcceptedSchema },
        },
      },
      async (request, reply) => {
        try {
          await recordClientError(deps.db, request.body);
        } catch (error) {
          // The client never waits on or retries a report, so a lost one is only logged — by name, because
          // a database error quotes its parameters, i.e. the report.
          request.log.warn(
            { errorName: error instanceof Error ? error.name : typeof error },
            'client error not stored',
          );
        }
        return reply.status(202).send({ accepted: true as const });
      },
    );
  });
}
