import type { InjectOptions } from 'fastify';
import type { Db } from '../db/client';
import { bearer, type Person } from '../modules/user/account-test-kit';
import type { TestProvider } from './test-app';

/**
 * The vocabulary of the authorization matrix (authorization-matrix.integration-test.ts). Modules add their routes
 * in `*.matrix.ts` files beside their code, exporting `matrixEntries`; the test collects them all.
 */

/** admin: an administrator who is not a member of the company; asked only about admin-scoped routes. */
export type Caller = 'anonymous' | 'outsider' | 'member' | 'admin';

export type RequestContext = {
  caller: Caller;
  /** The caller's internal token (null for anonymous), freshly issued for this request. */
  token: string | null;
  /** The caller (the member for anonymous requests, so ids in paths are real). */
  person: Person;
  /** The member's company: every company-scoped request is about it. */
  companyId: string;
  homeTenantId: string;
  provider: TestProvider;
  /** The database, for entries that need data to exist before the request (a document to download, say). */
  db: Db;
  /** Adds a fresh plain member to the company (something an owner can remove). */
  addDisposableMember(): Promise<Person>;
};

export type MatrixEntry = {
  /** Method and URL pattern exactly as Fastify registered the route. */
  route: string;
  /** public: anyone; self: about the caller, so any signed-in user; company: members only; admin: administrators. */
  scope: 'public' | 'self' | 'company' | 'admin';
  build(context: RequestContext): InjectOptions | Promise<InjectOptions>;
  /** `admin` is expected exactly for admin-scoped entries (other entries are not asked as the administrator). */
  expected: Record<Exclude<Caller, 'admin'>, number> & { admin?: number };
  /**
   * Why the member's expected status is not 2xx, e.g. an external service the matrix app does not configure. Such an
   * outcome must still come from past the guard (never 401 or 403).
   */
  memberOutcomeNot2xx?: string;
};

export const withToken = (context: RequestContext, options: InjectOptions): InjectOptions =>
  context.token ? { ...options, headers: { ...options.headers, ...bearer(context.token) } } : options;

export const expectGuarded = (success: number) => ({ anonymous: 401, outsider: success, member: success });
export const expectCompanyScoped = (success: number) => ({ anonymous: 401, outsider: 403, member: success });
/** The company member is no administrator either, so only the admin caller gets through. */
export const expectAdminOnly = (success: number) => ({ anonymous: 401, outsider: 403, member: 403, admin: success });
export const expectPublic = (status: number) => ({ anonymous: status, outsider: status, member: status });
