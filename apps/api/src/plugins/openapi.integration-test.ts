import { apiPaths } from '@vatlas/contract';
import type { FastifyInstance, RouteOptions } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type AppDeps, buildApp } from '../app';
import { IDP_MOUNT_PATH } from '../config';
import type { Database } from '../db/client';
import { forEachDatabase } from '../test/databases';
import { createTestConfig, createTestProvider, TEST_INTERNAL_SECRET } from '../test/test-app';
import { BEARER_SCHEME, OPENAPI_JSON_ALIAS, OPENAPI_TAGS } from './openapi';
import { guard } from './route-guard';

type Operation = {
  summary?: string;
  tags?: string[];
  security?: Record<string, string[]>[];
  parameters?: { in: string; name: string }[];
  requestBody?: { content?: Record<string, { schema?: unknown }> };
  responses?: Record<string, { description?: string; content?: Record<string, { schema?: unknown }> }>;
};
type OpenApiDocument = {
  openapi: string;
  info: { title: string; version: string; description?: string };
  tags?: { name: string }[];
  paths: Record<string, Record<string, Operation>>;
  components?: { securitySchemes?: Record<string, { type: string; scheme?: string }> };
};

type RegisteredRoute = Pick<RouteOptions, 'method' | 'url' | 'config' | 'schema'>;

const DOCUMENTED_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];
/** The only /api route left out of the document on purpose. */
const HIDDEN_API_ROUTES = [`GET ${OPENAPI_JSON_ALIAS}`];

function toOpenApiPath(url: string): string {
  return url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
}

function listMethods(route: RegisteredRoute): string[] {
  const methods = Array.isArray(route.method) ? route.method : [route.method];
  return methods.filter((method) => DOCUMENTED_METHODS.includes(method));
}

function hasErrorSchema(operation: Operation, status: string): boolean {
  const schema = operation.responses?.[status]?.content?.['application/json']?.schema as
    | { properties?: Record<string, unknown>; required?: string[] }
    | undefined;
  return Boolean(schema?.properties?.code && schema.properties.message && schema.required?.includes('code'));
}

/**
 * Everything the document must say about one route, as a list of problems (empty = documented). A function
 * rather than inline expectations so the same check is proven to catch an undocumented route.
 */
function findProblems(document: OpenApiDocument, routes: RegisteredRoute[]): string[] {
  const problems: string[] = [];
  const declaredTags = new Set((document.tags ?? []).map((tag) => tag.name));
  for (const route of routes) {
    if (!route.url.startsWith('/api')) continue;
    for (const method of listMethods(route)) {
      const name = `${method} ${route.url}`;
      if ((route.schema as { hide?: boolean } | undefined)?.hide) {
        if (!HIDDEN_API_ROUTES.includes(name)) problems.push(`${name}: hidden from the document`);
        continue;
      }
      const operation = document.paths[toOpenApiPath(route.url)]?.[method.toLowerCase()];
      if (!operation) {
        problems.push(`${name}: missing from the document`);
        continue;
      }
      const responses = operation.responses ?? {};
      const successes = Object.entries(responses).filter(([status]) => /^2(\d\d|XX)$/.test(status));
      const hasSuccessSchema = successes.some(
        ([status, response]) =>
          response.content?.['application/json']?.schema !== undefined ||
          (status === '204' && response.description !== 'Default Response'),
      );
      if (!hasSuccessSchema) problems.push(`${name}: no 2xx response schema`);
      if (!operation.summary) problems.push(`${name}: no summary`);
      if (!operation.tags?.length) problems.push(`${name}: no tag`);
      for (const tag of operation.tags ?? []) {
        if (!declaredTags.has(tag)) problems.push(`${name}: tag "${tag}" is not among the document's tags`);
      }

      const routeGuard = (route.config as { guard?: string } | undefined)?.guard;
      const hasBearer = operation.security?.some((requirement) => BEARER_SCHEME in requirement) ?? false;
      if (routeGuard === 'public') {
        if (hasBearer) problems.push(`${name}: public, yet documented as needing a bearer token`);
      } else {
        if (!hasBearer) problems.push(`${name}: guarded, yet no bearer security`);
        if (!hasErrorSchema(operation, '401')) problems.push(`${name}: guarded, yet no 401 error response`);
      }
      if (routeGuard === 'company' && !hasErrorSchema(operation, '403')) {
        problems.push(`${name}: company route without a 403 error response`);
      }
      const schema = (route.schema ?? {}) as { body?: unknown; querystring?: unknown; params?: unknown };
      if ((schema.body || schema.querystring || schema.params) && !hasErrorSchema(operation, '400')) {
        problems.push(`${name}: takes input, yet no 400 error response`);
      }
      if (schema.body && !operation.requestBody?.content?.['application/json']?.schema) {
        problems.push(`${name}: no request body schema`);
      }
      for (const [, parameter] of route.url.matchAll(/:([A-Za-z0-9_]+)/g)) {
        const isDocumented = operation.parameters?.some((entry) => entry.in === 'path' && entry.name === parameter);
        if (!isDocumented) problems.push(`${name}: path parameter ${parameter} undocumented`);
      }
    }
  }
  return problems;
}

function findUnresolvedRefs(document: unknown): string[] {
  const refs: string[] = [];
  const visit = (value: unknown) => {
    if (Array.isArray(value)) value.forEach(visit);
    else if (value && typeof value === 'object') {
      for (const [key, child] of Object.entries(value)) {
        if (key === '$ref' && typeof child === 'string') refs.push(child);
        else visit(child);
      }
    }
  };
  visit(document);
  return refs.filter((ref) => {
    const target = ref
      .replace(/^#\//, '')
      .split('/')
      .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], document);
    return target === undefined;
  });
}

async function buildAppWithRoutes(
  database: Database,
  registerExtraRoutes?: AppDeps['registerExtraRoutes'],
): Promise<{ app: FastifyInstance; routes: RegisteredRoute[] }> {
  const config = createTestConfig();
  const routes: RegisteredRoute[] = [];
  const app = await buildApp({
    config,
    database,
    internalTokenSecret: TEST_INTERNAL_SECRET,
    providerJwks: (await createTestProvider(config)).jwks,
    onRoute: (route) => routes.push(route),
    registerExtraRoutes,
  });
  await app.ready();
  return { app, routes };
}

forEachDatabase('the OpenAPI document', (context) => {
  let app: FastifyInstance;
  let routes: RegisteredRoute[];
  let document: OpenApiDocument;

  beforeAll(async () => {
    ({ app, routes } = await buildAppWithRoutes(context.database));
    const response = await app.inject({ method: 'GET', url: apiPaths.docs });
    expect(response.statusCode).toBe(200);
    document = response.json();
  });
  afterAll(async () => {
    await app?.close();
  });

  it('is served at /api/docs without a token, and at /api/docs/json', async () => {
    expect(document.openapi).toMatch(/^3\.1\./);
    expect(document.info).toMatchObject({ title: 'Vatlas API', version: expect.stringMatching(/^\d+\.\d+\.\d+/) });
    expect(document.info.description).toContain('UpdateNotificationSettings/{notificationType}/{channel}');
    expect(document.components?.securitySchemes?.[BEARER_SCHEME]).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(document.tags?.map((tag) => tag.name)).toEqual(OPENAPI_TAGS.map((tag) => tag.name));
    const alias = await app.inject({ method: 'GET', url: OPENAPI_JSON_ALIAS });
    expect(alias.statusCode).toBe(200);
    expect(alias.json()).toEqual(document);
  });

  it('documents every /api route: schemas, security from its guard, its errors', () => {
    const apiRoutes = routes.filter((route) => route.url.startsWith('/api'));
    expect(apiRoutes.length).toBeGreaterThan(5);
    expect(findProblems(document, routes)).toEqual([]);
  });

  it('leaves out the identity provider and the SPA fallback', () => {
    const paths = Object.keys(document.paths);
    expect(paths.filter((path) => path === IDP_MOUNT_PATH || path.startsWith(`${IDP_MOUNT_PATH}/`))).toEqual([]);
    expect(paths).not.toContain('/*');
    expect(paths.every((path) => path.startsWith('/api/') || path === apiPaths.clientConfig)).toBe(true);
  });

  it('shows the public client error log with its size limit and rate limit', () => {
    const operation = document.paths[apiPaths.logError]?.post;
    expect(operation?.security).toBeUndefined();
    expect(Object.keys(operation?.responses ?? {})).toEqual(expect.arrayContaining(['202', '400', '413', '429']));
    expect(operation?.responses?.['429']).toMatchObject({ headers: { 'retry-after': expect.anything() } });
  });

  it('documents the bearer token and 401/403 on a company route', () => {
    const operation = document.paths['/api/v1/Company/{companyId}']?.get;
    expect(operation?.security).toEqual([{ [BEARER_SCHEME]: [] }]);
    expect(Object.keys(operation?.responses ?? {})).toEqual(expect.arrayContaining(['200', '400', '401', '403']));
  });

  it('refers only to schemas it contains', () => {
    expect(findUnresolvedRefs(document)).toEqual([]);
  });

  describe('the check itself', () => {
    it('catches routes without response schemas, a hidden route, and a guard the document does not show', async () => {
      const bad = await buildAppWithRoutes(context.database, (instance) => {
        const typed = instance.withTypeProvider<ZodTypeProvider>();
        typed.get('/api/test/bare', { config: guard('authenticated') }, async () => ({ ok: true }));
        typed.post(
          '/api/test/no-response/:itemId',
          {
            config: guard('company'),
            schema: { summary: 'x', tags: ['User'], params: z.object({ itemId: z.string() }), body: z.object({}) },
          },
          async () => ({}),
        );
        typed.get('/api/test/hidden', { config: guard('public'), schema: { hide: true } }, async () => ({}));
        typed.get(
          '/api/test/odd-tag',
          { config: guard('public'), schema: { summary: 'x', tags: ['Nowhere'], response: { 200: z.object({}) } } },
          async () => ({}),
        );
      });
      try {
        const badDocument = (await bad.app.inject({ method: 'GET', url: apiPaths.docs })).json() as OpenApiDocument;
        const problems = findProblems(badDocument, bad.routes);
        expect(problems).toEqual(
          expect.arrayContaining([
            'GET /api/test/bare: no 2xx response schema',
            'GET /api/test/bare: no summary',
            'GET /api/test/bare: no tag',
            'POST /api/test/no-response/:itemId: no 2xx response schema',
            'GET /api/test/hidden: hidden from the document',
            'GET /api/test/odd-tag: tag "Nowhere" is not among the document\'s tags',
          ]),
        );
        expect(problems.filter((problem) => !problem.includes('/api/test/'))).toEqual([]);
        // Derived from the guards even for a careless route: bearer, 401, 403, 400, 413.
        const careless = badDocument.paths['/api/test/no-response/{itemId}']?.post;
        expect(careless?.security).toEqual([{ [BEARER_SCHEME]: [] }]);
        expect(Object.keys(careless?.responses ?? {})).toEqual(
          expect.arrayContaining(['400', '401', '403', '413', '500']),
        );
        // And a document that lost a route's security or 401 is caught.
        const tampered = structuredClone(document);
        const me = tampered.paths[apiPaths.userMe]?.get;
        if (!me?.responses) throw new Error('Me is not documented');
        delete me.security;
        delete me.responses['401'];
        expect(findProblems(tampered, routes)).toEqual([
          `GET ${apiPaths.userMe}: guarded, yet no bearer security`,
          `GET ${apiPaths.userMe}: guarded, yet no 401 error response`,
        ]);
      } finally {
        await bad.app.close();
      }
    });
  });
});
