import { readFileSync } from 'node:fs';
import swagger from '@fastify/swagger';
import { apiErrorSchema, apiPaths, NOTIFICATION_CHANNELS, NOTIFICATION_TYPES, type RouteGuard } from '@vatlas/contract';
import type { FastifyInstance, FastifySchema, RouteOptions } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { guard, isRouteGuard } from './route-guard';

export const OPENAPI_VERSION = '3.1.0';
const API_VERSION = (
  JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }
).version;
export const BEARER_SCHEME = 'bearer';
/** Served as an alias because tools and older links expect `<docs>/json`. */
export const OPENAPI_JSON_ALIAS = `${apiPaths.docs}/json`;

/** Every tag an operation may carry; the OpenAPI test refuses an operation with a tag missing here. */
export const OPENAPI_TAGS = [
  { name: 'System', description: 'Health, client configuration and this document.' },
  { name: 'Token', description: 'Internal session tokens: exchange, company and tenant switches.' },
  { name: 'User', description: 'The signed-in user, their profile, language, notification settings and logout.' },
  { name: 'Company', description: 'Company details and company membership.' },
  {
    name: 'Onboarding',
    description: 'Company creation, the onboarding steps and progress, business type, address, product type.',
  },
  { name: 'Questionnaire', description: 'The tax-assessment questionnaire and its assessment, reason by reason.' },
  {
    name: 'Registration',
    description: 'Jurisdictions to register in (EU-27, GB, CH, NO) and what each registration needs.',
  },
  {
    name: 'Business profile',
    description: 'Onboarding: the legal representative, the business details with the VAT number, the bank account.',
  },
  { name: 'Tenant', description: 'Tenants the user belongs to and the theme each shows.' },
  {
    name: 'White label',
    description: "Administrators: a tenant's theme (base theme, colour and typography overrides, branding).",
  },
  { name: 'Client errors', description: 'Errors the browser reports, fire and forget.' },
  {
    name: 'Documents',
    description: 'Onboarding documents: upload (type checked from the content), list, download, delete, checklist.',
  },
  {
    name: 'Power of attorney',
    description: 'Per jurisdiction: the generated power of attorney, signing, download, revocation.',
  },
  { name: 'Integrations', description: 'Marketplace and shop integrations with their true state.' },
  {
    name: 'Tax schemes',
    description: "The company's Union OSS and IOSS registrations, which decide where VAT is declared.",
  },
  {
    name: 'Transactions',
    description: 'Stored transactions of completed uploads: keyset pages, detail with explanation.',
  },
  {
    name: 'Liabilities',
    description:
      'VAT owed per jurisdiction, scheme and month; OSS return lines, EC Sales List, threshold, cross-check.',
  },
  { name: 'Filings', description: 'The filing calendar: due dates, amounts, status; marking filings filed.' },
  {
    name: 'Transaction upload',
    description:
      'Sales-data files (Amazon VTR, Shopify, eBay and Etsy orders, generic CSV) imported in the background: upload, progress, ' +
      'cancel, delete, row problems, saved column mappings.',
  },
  { name: 'Period manager', description: 'The calendar months of sales data a company keeps, with their state.' },
  { name: 'Calendar', description: 'The secret iCalendar (.ics) feed of filing deadlines for calendar applications.' },
  { name: 'Analytics', description: 'Sales and VAT in EUR by month, country, channel and rate; CSV and XLSX export.' },
  {
    name: 'Payment',
    description:
      'Subscriptions per country: Stripe Checkout and its webhook when configured, otherwise activation by an ' +
      'administrator (the manual provider).',
  },
  {
    name: 'Admin',
    description:
      'Administrators only: tenants, companies, users (administrator role, disabling), uploads and the job queue, ' +
      'filings due across companies, the client error log and the audit log.',
  },
] as const;

const description = [
  'The API of Vatlas, a VAT compliance workspace. Generated from the zod schemas of `@vatlas/contract`.',
  '',
  '**Authentication.** Guarded operations need `Authorization: Bearer <internal token>`, obtained from',
  '`POST /api/v1/Token/Exchange` with an access token of the identity provider. Without a valid token they answer',
  '401. Company-scoped operations (those with a `companyId` in path or query) also answer 403 when the user is',
  'not a member of that company; the SPA relies on that 403 to drop its company selection.',
  '',
  '**Errors** are always JSON `{ code, message, details? }`; a validation error (400, code `validation_error`)',
  'names each invalid field in `details[].field`.',
  '',
  '**Notification settings.** `POST /api/v1/User/UpdateNotificationSettings/{notificationType}/{channel}`:',
  `the first path parameter is the notification type (${NOTIFICATION_TYPES.map((type) => `\`${type}\``).join(', ')}),`,
  `the second the delivery channel (${NOTIFICATION_CHANNELS.map((channel) => `\`${channel}\``).join(', ')}).`,
].join('\n');

/** Route config set by @fastify/rate-limit users; read to document 429. */
type RouteConfigWithExtras = { guard?: unknown; rateLimit?: unknown };

const RESPONSE_DESCRIPTION = 'x-response-description';

type ErrorStatus = 400 | 401 | 403 | 413 | 429 | 500;

const OTHER_DESCRIPTIONS: Record<string, string> = {
  '200': 'OK',
  '201': 'Created',
  '202': 'Accepted',
  '204': 'No content',
  '404': 'Not found.',
  '409': 'Conflicts with the current state; `code` says why.',
  '502': 'An external service (e.g. Stripe) failed; `code` says which.',
  '503': 'Unavailable.',
};

const ERROR_DESCRIPTIONS: Record<ErrorStatus, string> = {
  400: 'Invalid request: `validation_error` names each invalid field in `details[].field`.',
  401: 'No valid session token (missing, expired, signed out or of an unknown user).',
  403: 'The user is not a member of the company in the path or query, or (admin routes) not an administrator.',
  413: 'The request body is larger than this operation accepts (`payload_too_large`).',
  429: 'Too many requests from this client (`rate_limited`); retry after the `Retry-After` seconds.',
  500: 'Unexpected failure (`internal_error`); the cause is logged, never sent.',
};

function readGuard(route: Pick<RouteOptions, 'config'>): RouteGuard | null {
  const value = (route.config as RouteConfigWithExtras | undefined)?.guard;
  return isRouteGuard(value) ? value : null;
}

/**
 * The errors an operation can answer follow from how it is declared, so they are derived here rather than
 * repeated on every route: its guard (401, 403), its inputs (400, 413), its rate limit (429). Errors only a
 * route knows (404, 409) it declares itself; a status the route declares is never overwritten.
 */
export function deriveErrorStatuses(route: Pick<RouteOptions, 'config' | 'schema'>): ErrorStatus[] {
  const routeGuard = readGuard(route);
  const schema = (route.schema ?? {}) as FastifySchema;
  const hasInput = Boolean(schema.body || schema.querystring || schema.params);
  const statuses: ErrorStatus[] = [];
  if (hasInput || routeGuard === 'company') statuses.push(400);
  if (routeGuard === 'authenticated' || routeGuard === 'company' || routeGuard === 'admin') statuses.push(401);
  if (routeGuard === 'company' || routeGuard === 'admin') statuses.push(403);
  if (schema.body) statuses.push(413);
  if ((route.config as RouteConfigWithExtras | undefined)?.rateLimit) statuses.push(429);
  statuses.push(500);
  return statuses;
}

type TransformInput = Parameters<typeof jsonSchemaTransform>[0];

/** jsonSchemaTransform plus what the document needs from the route's config: security and derived errors. */
function transformRoute(input: TransformInput) {
  const route = (input as { route?: RouteOptions }).route;
  const schema = input.schema as (FastifySchema & { hide?: boolean; response?: Record<string, unknown> }) | undefined;
  if (!route || schema?.hide) return jsonSchemaTransform(input);

  const declared = { ...(schema?.response ?? {}) };
  const added: ErrorStatus[] = [];
  for (const status of deriveErrorStatuses(route)) {
    if (declared[status] !== undefined) continue;
    declared[status] = apiErrorSchema;
    added.push(status);
  }
  const routeGuard = readGuard(route);
  const isGuarded = routeGuard === 'authenticated' || routeGuard === 'company' || routeGuard === 'admin';
  const result = jsonSchemaTransform({
    ...input,
    schema: {
      ...schema,
      response: declared,
      ...(isGuarded ? { security: [{ [BEARER_SCHEME]: [] }] } : {}),
      'x-vatlas-guard': routeGuard ?? 'undeclared',
    } as FastifySchema,
  });
  const response = (result.schema as { response?: Record<string, Record<string, unknown>> } | undefined)?.response;
  for (const [status, schemaOfStatus] of Object.entries(response ?? {})) {
    if (schemaOfStatus.description || schemaOfStatus[RESPONSE_DESCRIPTION]) continue;
    const text = OTHER_DESCRIPTIONS[status] ?? ERROR_DESCRIPTIONS[Number(status) as ErrorStatus];
    // @fastify/swagger reads this key for the response's description and drops it from the schema.
    if (text) schemaOfStatus[RESPONSE_DESCRIPTION] = text;
  }
  if (response?.['429'] && added.includes(429)) {
    response['429'] = {
      ...response['429'],
      headers: { 'retry-after': { type: 'integer', description: 'Seconds until the client may try again.' } },
    };
  }
  return result;
}

/** Enough of an OpenAPI document to serialise it through the zod serializer without dropping members. */
const openApiDocumentSchema = z.looseObject({
  openapi: z.string(),
  info: z.looseObject({ title: z.string(), version: z.string() }),
  paths: z.record(z.string(), z.unknown()),
});

/**
 * Registers @fastify/swagger before any route (it collects routes through onRoute) and serves the document at
 * /api/docs. The identity provider (/idp) and the SPA fallback are hidden: neither is part of the API.
 */
export async function registerOpenApi(
  app: FastifyInstance,
  options: { hiddenPrefixes: string[]; version?: string },
): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: OPENAPI_VERSION,
      info: { title: 'Vatlas API', version: options.version ?? API_VERSION, description },
      tags: OPENAPI_TAGS.map((tag) => ({ ...tag })),
      components: {
        securitySchemes: {
          [BEARER_SCHEME]: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'JWT',
            description: 'The internal token of POST /api/v1/Token/Exchange.',
          },
        },
      },
    },
    transform: (input) => {
      const url = input.url;
      const isHiddenPrefix = options.hiddenPrefixes.some((prefix) => url === prefix || url.startsWith(`${prefix}/`));
      if (isHiddenPrefix) return { schema: { hide: true } as FastifySchema, url };
      return transformRoute(input);
    },
    transformObject: jsonSchemaTransformObject,
  });

  const serveDocument = async () => app.swagger();
  app.get(
    apiPaths.docs,
    {
      config: guard('public'),
      schema: {
        tags: ['System'],
        summary: 'This OpenAPI document',
        response: { 200: openApiDocumentSchema.describe('The OpenAPI 3.1 document of the API') },
      },
    },
    serveDocument,
  );
  app.get(OPENAPI_JSON_ALIAS, { config: guard('public'), schema: { hide: true } }, serveDocument);
}
