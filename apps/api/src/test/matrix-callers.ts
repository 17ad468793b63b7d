import type { FastifyInstance, InjectOptions, RouteOptions } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { companyUsers } from '../db/schema';
import {
  buildAccountTestApp,
  createCompany,
  createHomeTenant,
  createPerson,
  createRecordingMailer,
  type Person,
  signIn,
} from '../modules/user/account-test-kit';
import type { Caller, MatrixEntry } from './authorization-matrix';
import type { DatabaseContext } from './databases';
import { createTestConfig, createTestProvider, type TestProvider } from './test-app';

/** `METHOD url` for each of a route's methods, as the matrix names routes. */
export function routeNames(route: Pick<RouteOptions, 'method' | 'url'>): string[] {
  return (Array.isArray(route.method) ? route.method : [route.method]).map((method) => `${method} ${route.url}`);
}

export type MatrixCallers = {
  /** The app, whose routes are collected as it registers them. */
  readonly app: FastifyInstance;
  readonly registeredRoutes: readonly RouteOptions[];
  /** The request `entry` makes as `caller`, with a token issued for it alone (a LogOut revokes the ones before it). */
  requestOf(entry: MatrixEntry, caller: Caller): Promise<InjectOptions>;
};

/**
 * Sets up, for the describe block it is called in, the app and the callers the authorization matrix asks: a member
 * (an owner of the company every company-scoped request is about), a member of another company, an administrator who
 * belongs to neither, and nobody. Closed after the block.
 */
export function useMatrixCallers(context: DatabaseContext): MatrixCallers {
  const config = createTestConfig();
  const registeredRoutes: RouteOptions[] = [];
  let app: FastifyInstance | undefined;
  let provider: TestProvider;
  let homeTenantId: string;
  let companyId: string;
  let people: Record<Exclude<Caller, 'anonymous'>, Person>;

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
    people = {
      member: await createPerson(db, { tenantId: homeTenantId, label: 'matrix-owner', issuer }),
      outsider: await createPerson(db, { tenantId: homeTenantId, label: 'matrix-outsider', issuer }),
      admin: await createPerson(db, { tenantId: homeTenantId, label: 'matrix-admin', issuer, isAdmin: true }),
    };
    companyId = await createCompany(db, { tenantId: homeTenantId, name: 'Matrix Member Co', owners: [people.member] });
    await createCompany(db, { tenantId: homeTenantId, name: 'Matrix Outsider Co', owners: [people.outsider] });
  });
  afterAll(async () => {
    await app?.close();
  });

  const started = () => {
    if (!app) throw new Error('useMatrixCallers: the app is set up in beforeAll');
    return app;
  };
  return {
    get app() {
      return started();
    },
    registeredRoutes,
    async requestOf(entry, caller) {
      // The anonymous request's ids are the member's, so that they are real.
      const person = caller === 'anonymous' ? people.member : people[caller];
      const token = caller === 'anonymous' ? null : await signIn(started(), provider, person);
      return entry.build({
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
    },
  };
}
