import rateLimit from '@fastify/rate-limit';
import { apiErrorSchema, calendarFeedSchema } from '@vatlas/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../plugins/auth';
import { HttpError } from '../../plugins/errors';
import { guard } from '../../plugins/route-guard';
import { type CalendarFeedDeps, getCalendarFeed, renderCalendarFeed, rotateCalendarFeed } from './feed-service';

export const CALENDAR_ROUTE_PATTERNS = {
  feed: '/api/v1/Calendar/Feed',
  rotate: '/api/v1/Calendar/Feed/Rotate',
  ics: '/api/v1/Calendar/Feed/:secret.ics',
} as const;

export type CalendarFeedRateLimit = { max: number; timeWindowMs: number };

/** Per client IP: calendar apps poll every few minutes to hours; guessing secrets needs far more. */
export const DEFAULT_CALENDAR_FEED_RATE_LIMIT: CalendarFeedRateLimit = { max: 60, timeWindowMs: 60_000 };

const errors = { 401: apiErrorSchema };

export async function registerCalendarRoutes(
  app: FastifyInstance,
  deps: CalendarFeedDeps & { rateLimit?: CalendarFeedRateLimit },
): Promise<void> {
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.get(
    CALENDAR_ROUTE_PATTERNS.feed,
    {
      config: guard('authenticated'),
      schema: {
        tags: ['Calendar'],
        summary: "The signed-in user's secret iCalendar feed URL (created on the first call)",
        response: { 200: calendarFeedSchema, ...errors },
      },
    },
    async (request) => getCalendarFeed(deps, requireAuth(request).user.id),
  );

  typed.post(
    CALENDAR_ROUTE_PATTERNS.rotate,
    {
      config: guard('authenticated'),
      schema: {
        tags: ['Calendar'],
        summary: 'Replace the feed URL with a new secret; the old URL stops working at once',
        response: { 200: calendarFeedSchema, ...errors },
      },
    },
    async (request) => rotateCalendarFeed(deps, requireAuth(request).user.id),
  );

  const limit = deps.rateLimit ?? DEFAULT_CALENDAR_FEED_RATE_LIMIT;
  // The limiter lives in a scope of its own so no other route is limited by accident.
  await app.register(async (scope) => {
    await scope.register(rateLimit, {
      global: false,
      errorResponseBuilder: (_request, context) =>
        new HttpError(429, 'rate_limited', `Too many calendar requests: retry in ${context.after}.`),
    });
    scope.withTypeProvider<ZodTypeProvider>().get(
      CALENDAR_ROUTE_PATTERNS.ics,
      {
        config: { ...guard('public'), rateLimit: { max: limit.max, timeWindow: limit.timeWindowMs } },
        schema: {
          tags: ['Calendar'],
          summary: 'The iCalendar (.ics) feed of a secret URL: every filing deadline of the owner’s companies',
          description:
            'Public, because calendar applications cannot sign in: the secret in the path is the credential. One ' +
            'all-day event per filing on its due date. 404 for an unknown (or rotated) secret. ' +
            `${limit.max} requests per ${limit.timeWindowMs / 1000} s per client.`,
          params: z.object({ secret: z.string().describe('The secret of the feed URL') }),
          response: {
            200: z.string().describe('text/calendar; charset=utf-8'),
            404: apiErrorSchema,
          },
        },
      },
      async (request, reply) => {
        const body = await renderCalendarFeed(deps, request.params.secret);
        return reply
          .header('content-type', 'text/calendar; charset=utf-8')
          .header('cache-control', 'private, no-store')
          .header('content-disposition', 'inline; filename="vatlas-filings.ics"')
          .send(body);
      },
    );
  });
}
