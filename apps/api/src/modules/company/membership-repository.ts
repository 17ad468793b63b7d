import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { companyUsers, users } from '../../db/schema';
import type { UserRecord } from '../user/repository';
import { isUuid } from './repository';

export type MembershipRecord = typeof companyUsers.$inferSelect;
export type CompanyRole = MembershipRecord['role'];
export type CompanyMemberRow = { user: UserRecord; role: CompanyRole; addedAt: Date };

/** Owners first, then by e-mail (stored lower-cased, so the order does not depend on the collation's case rules). */
export async function listCompanyMembers(db: Db, companyId: string): Promise<CompanyMemberRow[]> {
  const rows = await db
    .select({ user: users, role: companyUsers.role, addedAt: companyUsers.createdAt })
    .from(companyUsers)
    .innerJoin(users, eq(users.id, companyUsers.userId))
    .where(eq(companyUsers.companyId, companyId))
    .orderBy(sql`case when ${companyUsers.role} = 'owner' then 0 else 1 end`, asc(users.email));
  return rows;
}

export async function findMembership(db: Db, companyId: string, userId: string): Promise<MembershipRecord | undefined> {
  if (!isUuid(companyId)) return undefined;
  const [row] = await db
    .select()
    .from(companyUsers)
    .where(and(eq(companyUsers.companyId, companyId), eq(companyUsers.userId, userId)))
    .limit(1);
  return row;
}

/** Answers the membership, or undefined when the person was a member already. */
export async function insertMembership(
  db: Db,
  membership: { companyId: string; userId: string; role: CompanyRole },
): Promise<MembershipRecord | undefined> {
  const [row] = await db.insert(companyUsers).values(membership).onConflictDoNothing().returning();
  return row;
}

/**
 * The owners' user ids, their rows locked until the transaction ends: two owners removing each other at the
 * same moment must not leave a company with none.
 */
export async function lockOwnerIds(db: Db, companyId: string): Promise<string[]> {
  const rows = await db
    .select({ userId: companyUsers.userId })
    .from(companyUsers)
    .where(and(eq(companyUsers.companyId, companyId), eq(companyUsers.role, 'owner')))
    .for('update');
  return rows.map((row) => row.userId);
}

/** Deletes the membership; answers whether there was one to delete. */
export async function deleteMembership(db: Db, companyId: string, userId: string): Promise<boolean> {
  const deleted = await db
    .delete(companyUsers)
    .where(and(eq(companyUsers.companyId, companyId), eq(companyUsers.userId, userId)))
    .returning({ userId: companyUsers.userId });
  return deleted.length > 0;
}
