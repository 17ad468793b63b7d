import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import { isCompanyMember } from '../modules/company/repository';
import type { InternalTokens } from '../modules/token/internal-token';
import { findUserById, type UserRecord } from '../modules/user/repository';
import { HttpError } from './errors';

export type AuthContext = {
  user: UserRecord;
  /** The `cid` of the session token: the company the browser last chose. */
  tokenCompanyId: string | null;
  /** The `tid` of the session token: the tenant the browser works in. */
  tokenTenantId: string;
};

declare module 'fastify' {
  // biome-ignore lint/style/useConsistentTypeDefinitions: module augmentation needs an interface.
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}

export function readBearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1] ?? null;
}

/** For handlers of guarded routes: the hook has already refused anonymous requests. */
export function requireAuth(request: FastifyRequest): AuthContext {
  if (!request.auth) throw new HttpError(401, 'unauthorized', 'Sign in first.');
  return request.auth;
}

function readCompanyId(request: FastifyRequest): string | null {
  const fromParams = (request.params as Record<string, unknown> | undefined)?.companyId;
  if (typeof fromParams === 'string' && fromParams !== '') return fromParams;
  const fromQuery = (request.query as Record<string, unknown> | undefined)?.companyId;
  if (typeof fromQuery === 'string' && fromQuery !== '') return fromQuery;
  return null;
}

/**
 * Enforces each route's declared guard before anything else runs (onRequest), so validation
 * errors never leak to anonymous callers and handlers can rely on `request.auth`.
 */
export function registerAuth(app: FastifyInstance, deps: { db: Db; internalTokens: InternalTokens }): void {
  app.decorateRequest('auth', null);

  app.addHook('onRequest', async (request) => {
    const routeGuard = request.routeOptions.config?.guard;
    if (routeGuard === undefined || routeGuard === 'public') return;

    const token = readBearerToken(request);
    if (!token) throw new HttpError(401, 'token_missing', 'Sign in first: this endpoint needs a session token.');
    const claims = await deps.internalTokens.verify(token);
    const user = await findUserById(deps.db, claims.userId);
    if (!user) throw new HttpError(401, 'user_unknown', 'The session token belongs to no known user.');
    if (user.isDisabled) throw new HttpError(401, 'user_disabled', 'This account has been disabled.');
    // Checked against the database on every request, so a LogOut revokes tokens on every API process at once.
    if (claims.generation !== user.sessionGeneration) {
      throw new HttpError(401, 'token_revoked', 'This session has ended: sign in again.');
    }
    request.auth = { user, tokenCompanyId: claims.companyId, tokenTenantId: claims.tenantId };

    if (routeGuard === 'admin' && !user.isAdmin) {
      throw new HttpError(403, 'admin_required', 'Only administrators may use this endpoint.');
    }

    if (routeGuard === 'company') {
      const companyId = readCompanyId(request);
      if (!companyId) {
        throw new HttpError(400, 'validation_error', 'companyId is required.', [
          { field: 'companyId', message: 'is required' },
        ]);
      }
      if (!(await isCompanyMember(deps.db, companyId, user.id))) {
        throw new HttpError(403, 'company_access_denied', 'You do not have access to this company.');
      }
    }
  });
}
