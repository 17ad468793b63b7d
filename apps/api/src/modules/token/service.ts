import type { Language, TokenExchangeResponse } from '@vatlas/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { HttpError } from '../../plugins/errors';
import { recordAuditEvent } from '../audit/repository';
import { isUuid, listCompaniesOfUser } from '../company/repository';
import { listTenantsOfUser } from '../tenant/repository';
import {
  createUser,
  DEFAULT_TENANT_SLUG,
  findTenantBySlug,
  findUserByEmail,
  findUserBySubject,
  linkUserIdentity,
  type UserRecord,
  updateSelectedCompany,
  updateUserIssuer,
} from '../user/repository';
import { resolveSelectedCompanyId } from '../user/service';
import type { ProviderIdentity } from './access-token-verifier';
import type { InternalTokens } from './internal-token';

/**
 * Finds the Vatlas user of a provider identity, creating them on first sign-in.
 * Lookup is by subject: only one issuer is trusted per deployment, and the embedded issuer changes
 * with PUBLIC_URL (another port), so a matching subject under another issuer is the same person
 * and the stored issuer is updated. A user who exists by e-mail without a subject (invited, or
 * created before their first sign-in) is linked to the identity and keeps the language they were given. A user
 * created here starts in `language` (the browser's, see `languageFromAcceptLanguage`), so a German browser sees
 * German after the first sign-in instead of the column default; from then on only the user's own choice changes it.
 */
export async function findOrCreateUser(
  db: Db,
  identity: ProviderIdentity,
  log: FastifyBaseLogger,
  language: Language = 'en',
): Promise<UserRecord> {
  const bySubject = await findUserBySubject(db, identity.subject);
  if (bySubject) {
    if (bySubject.identityIssuer !== identity.issuer) {
      log.warn({ userId: bySubject.id }, 'identity issuer changed for an existing subject; updating it');
      await updateUserIssuer(db, bySubject.id, identity.issuer);
    }
    return bySubject;
  }
  if (!identity.email) {
    throw new HttpError(
      401,
      'token_missing_email',
      'The access token carries no e-mail address: configure the identity provider to include it.',
    );
  }
  const byEmail = await findUserByEmail(db, identity.email);
  if (byEmail) {
    if (byEmail.identitySubject !== null) {
      throw new HttpError(
        409,
        'identity_conflict',
        'This e-mail address already belongs to another sign-in identity. Contact your administrator.',
      );
    }
    const linked = await linkUserIdentity(db, byEmail.id, identity);
    if (linked) return linked;
    // Another request linked it in the meantime: retry the subject lookup once.
    const raced = await findUserBySubject(db, identity.subject);
    if (raced) return raced;
    throw new HttpError(409, 'identity_conflict', 'This e-mail address was linked to another sign-in identity.');
  }
  const tenant = await findTenantBySlug(db, DEFAULT_TENANT_SLUG);
  if (!tenant) {
    throw new HttpError(503, 'tenant_missing', 'The default tenant does not exist yet: the server is not set up.');
  }
  const created = await createUser(db, {
    tenantId: tenant.id,
    email: identity.email,
    identitySubject: identity.subject,
    identityIssuer: identity.issuer,
    firstName: identity.givenName,
    lastName: identity.familyName,
    language,
  });
  if (created) {
    log.info({ userId: created.id }, 'created user on first sign-in');
    return created;
  }
  // Two first sign-ins raced: the other insert won.
  const existing = await findUserBySubject(db, identity.subject);
  if (existing) return existing;
  throw new HttpError(409, 'identity_conflict', 'This e-mail address already belongs to another sign-in identity.');
}

export async function exchangeProviderIdentity(
  deps: { db: Db; internalTokens: InternalTokens; log: FastifyBaseLogger },
  identity: ProviderIdentity,
  language: Language = 'en',
): Promise<TokenExchangeResponse> {
  const user = await findOrCreateUser(deps.db, identity, deps.log, language);
  if (user.isDisabled) throw new HttpError(401, 'user_disabled', 'This account has been disabled.');
  const companies = await listCompaniesOfUser(deps.db, user.id);
  const companyId = resolveSelectedCompanyId(user, companies, null);
  const company = companies.find((candidate) => candidate.id === companyId);
  const tenantId = company?.tenantId ?? user.tenantId;
  const issued = await issueSessionToken(deps.internalTokens, user, { companyId, tenantId });
  // Every full load of the web app exchanges the provider token again until it expires: one sign-in per token.
  await recordAuditEvent(deps.db, {
    action: 'sign_in',
    actorUserId: user.id,
    tenantId,
    companyId,
    onceKey: identity.tokenId,
  });
  return issued;
}

/** A refused exchange, with its reason code only: the caller is not identified, and no claim of the token is kept. */
export async function recordFailedTokenExchange(db: Db, reason: string): Promise<void> {
  await recordAuditEvent(db, { action: 'token_exchange_failed', details: { reason } });
}

/** Every session token carries the user's current generation, so a later LogOut revokes it. */
async function issueSessionToken(
  internalTokens: InternalTokens,
  user: UserRecord,
  selection: { companyId: string | null; tenantId: string },
): Promise<TokenExchangeResponse> {
  const issued = await internalTokens.issue({
    userId: user.id,
    tenantId: selection.tenantId,
    companyId: selection.companyId,
    generation: user.sessionGeneration,
  });
  return { token: issued.token, expiration: issued.expiresAt.toISOString() };
}

/**
 * Token/ChangeCompany: a member gets a token with the company selected (and in the company's tenant), and the
 * choice is remembered for the next sign-in; without a company the token selects none.
 */
export async function changeCompany(
  deps: { db: Db; internalTokens: InternalTokens },
  user: UserRecord,
  selection: { companyId: string | undefined; tenantId: string },
): Promise<TokenExchangeResponse> {
  if (selection.companyId === undefined) {
    return issueSessionToken(deps.internalTokens, user, { companyId: null, tenantId: selection.tenantId });
  }
  const companyId = selection.companyId;
  const companies = await listCompaniesOfUser(deps.db, user.id);
  const company = companies.find((candidate) => candidate.id === companyId);
  if (!company) throw new HttpError(403, 'company_access_denied', 'You do not have access to this company.');
  await updateSelectedCompany(deps.db, user.id, company.id);
  const issued = await issueSessionToken(deps.internalTokens, user, {
    companyId: company.id,
    tenantId: company.tenantId,
  });
  await recordAuditEvent(deps.db, {
    action: 'company_switched',
    actorUserId: user.id,
    tenantId: company.tenantId,
    companyId: company.id,
  });
  return issued;
}

/**
 * Token/ChangeTenant: one of the tenants Me lists. The selected company stays when it belongs to that tenant,
 * else the user's first company there (by name), else none.
 */
export async function changeTenant(
  deps: { db: Db; internalTokens: InternalTokens },
  user: UserRecord,
  input: { tenantId: string; currentCompanyId: string | null },
): Promise<TokenExchangeResponse> {
  const tenants = isUuid(input.tenantId) ? await listTenantsOfUser(deps.db, user) : [];
  const tenant = tenants.find((candidate) => candidate.id === input.tenantId);
  if (!tenant) throw new HttpError(403, 'tenant_access_denied', 'You do not have access to this tenant.');
  const companiesInTenant = (await listCompaniesOfUser(deps.db, user.id)).filter(
    (company) => company.tenantId === tenant.id,
  );
  const selected = [input.currentCompanyId, user.selectedCompanyId].find(
    (companyId) => companyId !== null && companiesInTenant.some((company) => company.id === companyId),
  );
  const companyId = selected ?? companiesInTenant[0]?.id ?? null;
  const issued = await issueSessionToken(deps.internalTokens, user, { companyId, tenantId: tenant.id });
  await recordAuditEvent(deps.db, { action: 'tenant_switched', actorUserId: user.id, tenantId: tenant.id, companyId });
  return issued;
}
