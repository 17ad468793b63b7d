/// <reference types="vite/client" />
import { apiPaths } from '@vatlas/contract';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDP_MOUNT_PATH } from './config';
import { companyUsers } from './db/schema';
import {
  bearer,
  buildAccountTestApp,
  createCompany,
  createHomeTenant,
  createPerson,
  createRecordingMailer,
  type Person,
  signIn,
  uniqueEmail,
} from './modules/user/account-test-kit';
import {
  type Caller,
  expectCompanyScoped,
  expectGuarded,
  expectPublic,
  type MatrixEntry,
  withToken,
} from './test/authorization-matrix';
import { forEachDatabase } from './test/databases';
import { createTestConfig, createTestProvider, type TestProvider } from './test/test-app';

/**
 * Every route of the app, called as nobody, as a member of another company and as an owner of the company the
 * request is about. A route missing from this table — or an entry whose route is gone — fails the suite, so a
 * new endpoint cannot ship without its access rule being exercised.
 */

const ACCOUNT_ROUTES: MatrixEntry[] = [
  {
    route: `GET ${apiPaths.health}`,
    scope: 'public',
    build: (context) => withToken(context, { method: 'GET', url: apiPaths.health }),
    expected: expectPublic(200),
  },
  {
    route: `GET ${apiPaths.clientConfig}`,
    scope: 'public',
    build: (context) => withToken(context, { method: 'GET', url: apiPaths.clientConfig }),
    expected: expectPublic(200),
  },
  {
    route: `GET ${apiPaths.docs}`,
    scope: 'public',
    build: (context) => withToken(context, { method: 'GET', url: apiPaths.docs }),
    expected: expectPublic(200),
  },
  {
    route: `GET ${apiPaths.docs}/json`,
    scope: 'public',
    build: (context) => withToken(context, { method: 'GET', url: `${apiPaths.docs}/json` }),
    expected: expectPublic(200),
  },
  {
    route: `POST ${apiPaths.logError}`,
    scope: 'public',
    build: (context) =>
      withToken(context, { method: 'POST', url: apiPaths.logError, payload: { message: 'authorization matrix' } }),
    expected: expectPublic(202),
  },
  {
    // Public: the caller proves itself with the provider's access token, which signed-in callers send here.
    route: `POST ${apiPaths.tokenExchange}`,
    scope: 'public',
    build: async (context) => {
      if (context.caller === 'anonymous') return { method: 'POST', url: apiPaths.tokenExchange };
      const accessToken = await context.provider.signAccessToken({
        sub: context.person.subject,
        email: context.person.email,
      });
      return { method: 'POST', url: apiPaths.tokenExchange, headers: bearer(accessToken) };
    },
    expected: { anonymous: 401, outsider: 200, member: 200 },
  },
  {
    route: `GET ${apiPaths.changeCompany()}`,
    scope: 'company',
    build: (context) => withToken(context, { method: 'GET', url: apiPaths.changeCompany(context.companyId) }),
    expected: expectCompanyScoped(200),
  },
  {
    route: 'GET /api/v1/Token/ChangeTenant',
    scope: 'self',
    build: (context) => withToken(context, { method: 'GET', url: apiPaths.changeTenant(context.homeTenantId) }),
    expected: expectGuarded(200),
  },
  {
    route: `GET ${apiPaths.userMe}`,
    scope: 'self',
    build: (context) => withToken(context, { method: 'GET', url: apiPaths.userMe }),
    expected: expectGuarded(200),
  },
  {
    route: `GET ${apiPaths.userDiagnostic}`,
    scope: 'self',
    build: (context) => withToken(context, { method: 'GET', url: apiPaths.userDiagnostic }),
    expected: expectGuarded(200),
  },
  {
    route: 'GET /api/v1/User/ListCompanyUsers',
    scope: 'company',
    build: (context) => withToken(context, { method: 'GET', url: apiPaths.listCompanyUsers(context.companyId) }),
    expected: expectCompanyScoped(200),
  },
  {
    route: 'PATCH /api/v1/User/:id',
    scope: 'self',
    build: (context) =>
      withToken(context, {
        method: 'PATCH',
        url: apiPaths.updateUser(context.person.id),
        payload: { lastName: 'Matrix' },
      }),
    expected: expectGuarded(200),
  },
  {
    route: `GET ${apiPaths.notificationSettings}`,
    scope: 'self',
    build: (context) => withToken(context, { method: 'GET', url: apiPaths.notificationSettings }),
    expected: expectGuarded(200),
  },
  {
    route: 'POST /api/v1/User/UpdateNotificationSettings/:notificationType/:channel',
    scope: 'self',
    build: (context) =>
      withToken(context, {
        method: 'POST',
        url: apiPaths.updateNotificationSettings('weekly-summary', 'email'),
        payload: { enabled: true },
      }),
    expected: expectGuarded(200),
  },
  {
    route: `POST ${apiPaths.checkEmailAddress}`,
    scope: 'self',
    build: (context) =>
      withToken(context, {
        method: 'POST',
        url: apiPaths.checkEmailAddress,
        // A registered address (the caller's own): the check succeeds only for an address a Vatlas user has.
        payload: { email: context.person.email },
      }),
    expected: expectGuarded(200),
  },
  {
    route: `GET ${apiPaths.logOut}`,
    scope: 'self',
    build: (context) => withToken(context, { method: 'GET', url: apiPaths.logOut }),
    expected: expectGuarded(204),
  },
  {
    route: 'POST /api/v1/User/ChangeLanguage/:language',
    scope: 'self',
    build: (context) => withToken(context, { method: 'POST', url: apiPaths.changeLanguage('de') }),
    expected: expectGuarded(200),
  },
  {
    route: `POST ${apiPaths.removeUserFromCompany}`,
    scope: 'company',
    build: async (context) => {
      const disposable = await context.addDisposableMember();
      return withToken(context, {
        method: 'POST',
        url: apiPaths.removeUserFromCompany,
        payload: { email: disposable.email, companyId: context.companyId },
      });
    },
    expected: expectCompanyScoped(204),
  },
  {
    route: 'POST /api/v2/Company/:companyId/AddUsers',
    scope: 'company',
    build: (context) =>
      withToken(context, {
        method: 'POST',
        url: apiPaths.addUsers(context.companyId),
        payload: [{ userCreationType: 2, email: uniqueEmail('matrix-add') }],
      }),
    expected: expectCompanyScoped(201),
  },
  {
    route: 'GET /api/v1/Company/:companyId',
    scope: 'company',
    build: (context) => withToken(context, { method: 'GET', url: apiPaths.companyDetails(context.companyId) }),
    expected: expectCompanyScoped(200),
  },
];

/** Routes of the other modules, each listed beside its code in a `*.matrix.ts` file. */
const MODULE_ROUTES = Object.values(
  import.meta.glob<{ matrixEntries: MatrixEntry[] }>('./modules/**/*.matrix.ts', { eager: true }),
).flatMap((module) => module.matrixEntries);

export const AUTHORIZATION_MATRIX: MatrixEntry[] = [...ACCOUNT_ROUTES, ...MODULE_ROUTES];

/** Not API routes: the provider runs its own protocol security, the SPA fallback serves files. */
const EXCLUDED_ROUTES = ['GET /*'];
const isExcluded = (route: string) =>
  EXCLUDED_ROUTES.includes(route) || route.split(' ')[1]?.startsWith(`${IDP_MOUNT_PATH}/`) === true;

export function describeRegisteredRoutes(routes: Pick<RouteOptions, 'method' | 'url'>[]): string[] {
  const described = routes.flatMap((route) =>
    (Array.isArray(route.method) ? route.method : [route.method]).map((method) => `${method} ${route.url}`),
  );
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
  const config = createTestConfig();
  const registeredRoutes: RouteOptions[] = [];
  let app: FastifyInstance;
  let provider: TestProvider;
  let homeTenantId: string;
  let member: Person;
  let outsider: Person;
  let admin: Person;
  let companyId: string;

  beforeAll(async () => {
    const db = context.database.db;
    provider = await createTestProvider(config);
    app = await buildAccountTestApp(context.database, {
      provider,
      mailer: createRecordingMailer(),
      onRoute: (route) => registeredRoutes.push(route),
    });
    homeTenantId = await createHomeTenant(db);
    const issuer = config.auth.issuer;
    member = await createPerson(db, { tenantId: homeTenantId, label: 'matrix-owner', issuer });
    outsider = await createPerson(db, { tenantId: homeTenantId, label: 'matrix-outsider', issuer });
    admin = await createPerson(db, { tenantId: homeTenantId, label: 'matrix-admin', issuer, isAdmin: true });
    companyId = await createCompany(db, { tenantId: homeTenantId, name: 'Matrix Member Co', owners: [member] });
    await createCompany(db, { tenantId: homeTenantId, name: 'Matrix Outsider Co', owners: [outsider] });
  });
  afterAll(async () => {
    await app?.close();
  });

  it('covers every registered route, and every entry is a registered route', () => {
    const registered = describeRegisteredRoutes(registeredRoutes);
    // The collection itself works: the excluded SPA fallback and the exchange are seen.
    expect(registered).toEqual(expect.arrayContaining(['GET /*', `POST ${apiPaths.tokenExchange}`]));
    expect(compareWithMatrix(registered, AUTHORIZATION_MATRIX)).toEqual({ missingFromMatrix: [], withoutRoute: [] });
  });

  for (const entry of AUTHORIZATION_MATRIX) {
    const callers: Caller[] =
      entry.scope === 'admin' ? ['anonymous', 'outsider', 'member', 'admin'] : ['anonymous', 'outsider', 'member'];
    it(`${entry.route}: ${callers.map((caller) => `${caller} ${entry.expected[caller]}`).join(', ')}`, async () => {
      const outcomes: Record<string, number> = {};
      for (const caller of callers) {
        const person = caller === 'outsider' ? outsider : caller === 'admin' ? admin : member;
        // A fresh sign-in per request: LogOut in the table revokes the tokens issued before it.
        const token = caller === 'anonymous' ? null : await signIn(app, provider, person);
        const request = await entry.build({
          caller,
          token,
          person,
          companyId,
          homeTenantId,
          provider,
          db: context.database.db,
          addDisposableMember: async () => {
            const disposable = await createPerson(context.database.db, {
              tenantId: homeTenantId,
              label: 'matrix-disposable',
              issuer: config.auth.issuer,
            });
            await context.database.db.insert(companyUsers).values({ companyId, userId: disposable.id, role: 'member' });
            return disposable;
          },
        });
        const response = await app.inject(request);
        outcomes[caller] = response.statusCode;
      }
      expect(outcomes).toEqual(entry.expected);
    });
  }
});
