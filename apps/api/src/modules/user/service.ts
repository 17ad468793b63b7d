import type { Language, UpdateUserRequest, User, UserProfile } from '@vatlas/contract';
import type { Db } from '../../db/client';
import { HttpError } from '../../plugins/errors';
import { recordAuditEvent } from '../audit/repository';
import { type CompanyRecord, isUuid, listCompaniesOfUser } from '../company/repository';
import { toCompanySummary } from '../company/service';
import { listTenantsOfUser } from '../tenant/repository';
import { toTenantSummary } from '../tenant/service';
import {
  findUserByEmail,
  findUserById,
  incrementSessionGeneration,
  type UserRecord,
  updateUserProfile,
} from './repository';

/**
 * The company a user works in: the token's choice while it is still a membership, else the
 * stored preference if still a membership, else the first company by name, else none.
 */
export function resolveSelectedCompanyId(
  user: Pick<UserRecord, 'selectedCompanyId'>,
  companies: Pick<CompanyRecord, 'id'>[],
  tokenCompanyId: string | null,
): string | null {
  const isMember = (companyId: string | null): companyId is string =>
    companyId !== null && companies.some((company) => company.id === companyId);
  if (isMember(tokenCompanyId)) return tokenCompanyId;
  if (isMember(user.selectedCompanyId)) return user.selectedCompanyId;
  return companies[0]?.id ?? null;
}

export async function getCurrentUser(
  db: Db,
  user: UserRecord,
  token: { companyId: string | null; tenantId: string },
): Promise<User> {
  const tokenCompanyId = token.companyId;
  const [companies, tenants] = await Promise.all([listCompaniesOfUser(db, user.id), listTenantsOfUser(db, user)]);
  const selectedCompanyId = resolveSelectedCompanyId(user, companies, tokenCompanyId);
  const summaries = companies.map(toCompanySummary);
  return {
    userId: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    language: user.language,
    selectedCompanyId,
    selectedCompany: summaries.find((company) => company.id === selectedCompanyId) ?? null,
    selectedTenantId: token.tenantId,
    tenants: tenants.map(toTenantSummary),
    companies: summaries,
    isAdmin: user.isAdmin,
  };
}

export function toUserProfile(user: UserRecord): UserProfile {
  return {
    userId: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    language: user.language,
  };
}

/**
 * A person edits their own profile; administrators edit anyone's. Others get 403 whether or not the id
 * exists, so the call cannot be used to probe for user ids.
 */
export async function updateProfile(
  db: Db,
  actor: UserRecord,
  userId: string,
  changes: UpdateUserRequest,
): Promise<UserProfile> {
  if (userId !== actor.id && !actor.isAdmin) {
    throw new HttpError(403, 'forbidden', 'You may only change your own profile.');
  }
  const target = isUuid(userId) ? await findUserById(db, userId) : undefined;
  if (!target) throw new HttpError(404, 'user_not_found', 'The user does not exist.');
  const updated = await updateUserProfile(db, target.id, changes);
  if (!updated) throw new HttpError(404, 'user_not_found', 'The user does not exist.');
  return toUserProfile(updated);
}

export async function changeLanguage(db: Db, actor: UserRecord, language: Language): Promise<UserProfile> {
  const updated = await updateUserProfile(db, actor.id, { language });
  if (!updated) throw new HttpError(404, 'user_not_found', 'The user does not exist.');
  return toUserProfile(updated);
}

/**
 * Spec §5, as issue 7 reads it (decision 010): the check succeeds when a Vatlas user has the address — they are added
 * with userCreationType 1 — and fails with 404 when nobody has it — the address is invited, type 2. Any signed-in
 * user may ask, so the answer says only that the address is registered, never whose it is.
 */
export async function checkEmailAddress(db: Db, email: string): Promise<{ email: string; isRegistered: true }> {
  if (!(await findUserByEmail(db, email))) {
    throw new HttpError(404, 'email_not_registered', 'No Vatlas user has this e-mail address.');
  }
  return { email, isRegistered: true };
}

/** Revokes every session token of the person and records the sign-out (ids only) in the audit log. */
export async function logOut(db: Db, actor: UserRecord): Promise<void> {
  await db.transaction(async (tx) => {
    const txDb = tx as unknown as Db;
    await incrementSessionGeneration(txDb, actor.id);
    await recordAuditEvent(txDb, {
      action: 'signed_out',
      actorUserId: actor.id,
      tenantId: actor.tenantId,
      targetType: 'user',
      targetId: actor.id,
    });
  });
}

export function diagnose(actor: UserRecord, now: Date = new Date()) {
  return { status: 'ok' as const, userId: actor.id, serverTime: now.toISOString() };
}
