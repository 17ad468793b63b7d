import { apiPaths } from '@vatlas/contract';
import type { RouteOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { IDP_MOUNT_PATH } from './config';
import type { Caller, MatrixEntry } from './test/authorization-matrix';
import { AUTHORIZATION_MATRIX } from './test/authorization-matrix-routes';
import { forEachDatabase } from './test/databases';
import { routeNames, useMatrixCallers } from './test/matrix-callers';

/**
 * Every route of the app, called as nobody, as a member of another company and as an owner of the company the
 * request is about. A route missing from the table (`AUTHORIZATION_MATRIX`) — or an entry whose route is gone — fails
 * the suite, so a new endpoint cannot ship without its access rule being exercised.
 */

/** Not API routes: the provider runs its own protocol security, the SPA fallback serves files. */
const EXCLUDED_ROUTES = ['GET /*'];
const isExcluded = (route: string) =>
  EXCLUDED_ROUTES.includes(route) || route.split(' ')[1]?.startsWith(`${IDP_MOUNT_PATH}/`) === true;

export function describeRegisteredRoutes(routes: Pick<RouteOptions, 'method' | 'url'>[]): string[] {
  const described = routes.flatMap(routeNames);
  // Fastify adds a HEAD route for every GET route; it runs the GET route's hooks and guard.
  return [...new Set(described)].filter((route) => {
    if (!route.startsWith('HEAD ')) return true;
    return !described.includes(route.replace(/^HEAD /, 'GET '));
  });
}

export function compareWithMatrix(
  registered: string[],
  matrix: Pick<MatrixEntry, 'route'>[],
): { missingFromMatrix: string[]; withoutRoute: string[] } {
  const tableRoutes = matrix.map((entry) => entry.route);
  return {
    missingFromMatrix: registered.filter((route) => !isExcluded(route) && !tableRoutes.includes(route)).sort(),
    withoutRoute: tableRoutes.filter((route) => !registered.includes(route)).sort(),
  };
}

describe('the authorization matrix check', () => {
  it('reports a route missing from the table and a table entry without a route', () => {
    const registered = [...AUTHORIZATION_MATRIX.map((entry) => entry.route), 'GET /*', 'DELETE /api/v1/New'];
    expect(compareWithMatrix(registered, AUTHORIZATION_MATRIX)).toEqual({
      missingFromMatrix: ['DELETE /api/v1/New'],
      withoutRoute: [],
    });
    expect(compareWithMatrix(registered.slice(1), AUTHORIZATION_MATRIX).withoutRoute).toEqual([
      AUTHORIZATION_MATRIX[0]?.route,
    ]);
  });

  it('has one entry per route and the outcomes its scope demands', () => {
    const routes = AUTHORIZATION_MATRIX.map((entry) => entry.route);
    expect(new Set(routes).size).toBe(routes.length);
    for (const entry of AUTHORIZATION_MATRIX) {
      if (entry.scope === 'company') expect([entry.expected.anonymous, entry.expected.outsider]).toEqual([401, 403]);
      if (entry.scope === 'self') expect(entry.expected.anonymous).toBe(401);
      if (entry.scope === 'admin') {
        expect([entry.expected.anonymous, entry.expected.outsider, entry.expected.member]).toEqual([401, 403, 403]);
        expect(entry.expected.admin, entry.route).toBeGreaterThanOrEqual(200);
        expect(entry.expected.admin, entry.route).toBeLessThan(300);
        continue;
      }
      expect(
        entry.expected.admin,
        `${entry.route} is asked as the administrator only when admin-scoped`,
      ).toBeUndefined();
      if (entry.memberOutcomeNot2xx) {
        expect([401, 403], entry.route).not.toContain(entry.expected.member);
        continue;
      }
      expect(entry.expected.member).toBeGreaterThanOrEqual(200);
      expect(entry.expected.member).toBeLessThan(300);
    }
  });
});

forEachDatabase('authorization matrix', (context) => {
  const callers = useMatrixCallers(context);

  it('covers every registered route, and every entry is a registered route', () => {
    const registered = describeRegisteredRoutes([...callers.registeredRoutes]);
    // The collection itself works: the excluded SPA fallback and the exchange are seen.
    expect(registered).toEqual(expect.arrayContaining(['GET /*', `POST ${apiPaths.tokenExchange}`]));
    expect(compareWithMatrix(registered, AUTHORIZATION_MATRIX)).toEqual({ missingFromMatrix: [], withoutRoute: [] });
  });

  for (const entry of AUTHORIZATION_MATRIX) {
    const asked: Caller[] =
      entry.scope === 'admin' ? ['anonymous', 'outsider', 'member', 'admin'] : ['anonymous', 'outsider', 'member'];
    it(`${entry.route}: ${asked.map((caller) => `${caller} ${entry.expected[caller]}`).join(', ')}`, async () => {
      const outcomes: Record<string, number> = {};
      for (const caller of asked) {
        const response = await callers.app.inject(await callers.requestOf(entry, caller));
        outcomes[caller] = response.statusCode;
      }
      expect(outcomes).toEqual(entry.expected);
    });
  }
});
