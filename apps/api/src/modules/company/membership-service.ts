import { type AddUserRequest, type CompanyUser, USER_CREATION_TYPES } from '@vatlas/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { HttpError } from '../../plugins/errors';
import { recordAuditEvent } from '../audit/repository';
import type { Mailer } from '../mail/mailer';
import { createUser, findUserByEmail, normaliseEmail, type UserRecord } from '../user/repository';
import { composeAddedNoticeMail, composeInvitationMail } from './invitation-mail';
import {
  type CompanyMemberRow,
  deleteMembership,
  findMembership,
  insertMembership,
  listCompanyMembers,
  lockOwnerIds,
  type MembershipRecord,
} from './membership-repository';
import { type CompanyRecord, findCompanyById } from './repository';

export function toCompanyUser(row: CompanyMemberRow): CompanyUser {
  return {
    userId: row.user.id,
    email: row.user.email,
    firstName: row.user.firstName,
    lastName: row.user.lastName,
    language: row.user.language,
    role: row.role,
    // Invited people have no provider identity until their first sign-in links one by e-mail.
    status: row.user.identitySubject === null ? 'invited' : 'active',
    addedAt: row.addedAt.toISOString(),
  };
}

/** Membership is checked by the company guard before this runs. */
export async function listCompanyUsers(db: Db, companyId: string): Promise<CompanyUser[]> {
  return (await listCompanyMembers(db, companyId)).map(toCompanyUser);
}

async function findCompanyOrFail(db: Db, companyId: string): Promise<CompanyRecord> {
  const company = await findCompanyById(db, companyId);
  if (!company) throw new HttpError(404, 'company_not_found', 'The company does not exist.');
  return company;
}

function requireManager(actor: UserRecord, membership: MembershipRecord | undefined): void {
  if (actor.isAdmin || membership?.role === 'owner') return;
  throw new HttpError(403, 'company_role_required', 'Only an owner of the company may do this.');
}

function conflict(code: string, message: string, index: number): HttpError {
  return new HttpError(409, code, message, [{ field: `${index}.email`, message }]);
}

function refuseDuplicates(requests: AddUserRequest[]): void {
  const seen = new Set<string>();
  for (const [index, request] of requests.entries()) {
    const email = normaliseEmail(request.email);
    if (seen.has(email)) {
      throw new HttpError(400, 'validation_error', 'The request is invalid.', [
        { field: `${index}.email`, message: 'appears more than once in the list' },
      ]);
    }
    seen.add(email);
  }
}

const NOT_REGISTERED = 'No Vatlas user has this e-mail address.';
const ALREADY_REGISTERED = 'This e-mail address already belongs to a Vatlas user.';

/**
 * Type 1: the address must belong to a Vatlas user, who joins with their own names and language. Type 2: the address
 * must be new; an invited user record (e-mail and the invitation's language only) is created for it.
 */
async function findOrInviteUser(
  tx: Db,
  company: CompanyRecord,
  request: AddUserRequest,
  index: number,
  invitedAt: Date,
): Promise<UserRecord> {
  const existing = await findUserByEmail(tx, request.email);
  if (request.userCreationType === USER_CREATION_TYPES.fullUser) {
    if (!existing) throw conflict('email_not_registered', NOT_REGISTERED, index);
    return existing;
  }
  if (existing) throw conflict('email_already_registered', ALREADY_REGISTERED, index);
  const invited = await createUser(tx, {
    tenantId: company.tenantId,
    email: request.email,
    identitySubject: null,
    identityIssuer: null,
    firstName: null,
    lastName: null,
    language: request.language ?? 'en',
    invitedAt,
  });
  // createUser answers nothing when a concurrent request created the address first.
  if (!invited) throw conflict('email_already_registered', ALREADY_REGISTERED, index);
  return invited;
}

async function addOne(
  tx: Db,
  company: CompanyRecord,
  request: AddUserRequest,
  index: number,
  invitedAt: Date,
): Promise<CompanyMemberRow> {
  const user = await findOrInviteUser(tx, company, request, index, invitedAt);
  const membership = await insertMembership(tx, { companyId: company.id, userId: user.id, role: 'member' });
  if (!membership) throw conflict('already_member', 'This person is already a member of the company.', index);
  return { user, role: membership.role, addedAt: membership.createdAt };
}

/**
 * AddUsers (decision 010): type 1 makes an existing Vatlas user a member, type 2 invites a new address as an
 * e-mail-only user. All or nothing; the e-mails — a notice for type 1, an invitation for type 2 — go out after the
 * commit, so nobody is told about a membership that was rolled back.
 */
export async function addUsersToCompany(
  deps: { db: Db; mailer: Mailer; publicUrl: string; log: FastifyBaseLogger },
  actor: UserRecord,
  companyId: string,
  requests: AddUserRequest[],
): Promise<CompanyUser[]> {
  const company = await findCompanyOrFail(deps.db, companyId);
  requireManager(actor, await findMembership(deps.db, companyId, actor.id));
  refuseDuplicates(requests);

  const invitedAt = new Date();
  const added = await deps.db.transaction(async (tx) => {
    const rows: { row: CompanyMemberRow; userCreationType: AddUserRequest['userCreationType'] }[] = [];
    const txDb = tx as unknown as Db;
    for (const [index, request] of requests.entries()) {
      const row = await addOne(txDb, company, request, index, invitedAt);
      await recordAuditEvent(txDb, {
        action: 'company_user_added',
        actorUserId: actor.id,
        tenantId: company.tenantId,
        companyId: company.id,
        targetType: 'user',
        targetId: row.user.id,
        details: { role: row.role, userCreationType: request.userCreationType },
      });
      rows.push({ row, userCreationType: request.userCreationType });
    }
    return rows;
  });

  for (const { row, userCreationType } of added) {
    const compose = userCreationType === USER_CREATION_TYPES.fullUser ? composeAddedNoticeMail : composeInvitationMail;
    // Either way the person's stored language: their own (type 1) or the invitation's (type 2).
    const mail = compose({
      to: row.user.email,
      language: row.user.language,
      companyName: company.legalNameOfBusiness,
      publicUrl: deps.publicUrl,
    });
    try {
      await deps.mailer.send(mail);
    } catch (error) {
      // The membership stands; the person can still sign in. The user id, never the address, goes to the log.
      deps.log.warn({ err: error, userId: row.user.id, companyId }, 'membership e-mail could not be sent');
    }
  }
  return added.map(({ row }) => toCompanyUser(row));
}

const memberNotFound = () => new HttpError(404, 'member_not_found', 'This person is not a member of the company.');

/** Owners and administrators remove anyone; a member may remove themself. The last owner always stays. */
export async function removeUserFromCompany(
  db: Db,
  actor: UserRecord,
  input: { email: string; companyId: string },
): Promise<void> {
  const actorMembership = await findMembership(db, input.companyId, actor.id);
  if (!actorMembership) {
    throw new HttpError(403, 'company_access_denied', 'You do not have access to this company.');
  }
  const target = await findUserByEmail(db, input.email);
  const targetMembership = target ? await findMembership(db, input.companyId, target.id) : undefined;
  if (!target || !targetMembership) throw memberNotFound();
  if (target.id !== actor.id) requireManager(actor, actorMembership);

  await db.transaction(async (tx) => {
    const txDb = tx as unknown as Db;
    if (targetMembership.role === 'owner') {
      const ownerIds = await lockOwnerIds(txDb, input.companyId);
      if (ownerIds.filter((ownerId) => ownerId !== target.id).length === 0) {
        throw new HttpError(409, 'last_owner', 'The last owner of a company cannot be removed.');
      }
    }
    // Removed meanwhile by a request sent at the same time (a double click): answered as if this one came after.
    if (!(await deleteMembership(txDb, input.companyId, target.id))) throw memberNotFound();
    await recordAuditEvent(txDb, {
      action: 'company_user_removed',
      actorUserId: actor.id,
      companyId: input.companyId,
      targetType: 'user',
      targetId: target.id,
      details: { role: targetMembership.role },
    });
  });
}
