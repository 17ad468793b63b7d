import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { tenants, users } from '../../db/schema';

export type UserRecord = typeof users.$inferSelect;
export type TenantRecord = typeof tenants.$inferSelect;

export const DEFAULT_TENANT_SLUG = 'vatlas';

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

export async function findUserById(db: Db, userId: string): Promise<UserRecord | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  return row;
}

export async function findUserBySubject(db: Db, subject: string): Promise<UserRecord | undefined> {
  const [row] = await db.select().from(users).where(eq(users.identitySubject, subject)).limit(1);
  return row;
}

export async function findUserByEmail(db: Db, email: string): Promise<UserRecord | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(eq(users.email, normaliseEmail(email)))
    .limit(1);
  return row;
}

export async function findTenantBySlug(db: Db, slug: string): Promise<TenantRecord | undefined> {
  const [row] = await db.select().from(tenants).where(eq(tenants.slug, slug)).limit(1);
  return row;
}

export type NewUser = {
  tenantId: string;
  email: string;
  identitySubject: string | null;
  identityIssuer: string | null;
  firstName: string | null;
  lastName: string | null;
  isAdmin?: boolean;
  language?: string;
  /** Set for people added to a company by someone else before they ever signed in. */
  invitedAt?: Date | null;
};

/** Inserts the user unless the e-mail or subject exists already; answers the row either way. */
export async function createUser(db: Db, user: NewUser): Promise<UserRecord | undefined> {
  const [row] = await db
    .insert(users)
    .values({ ...user, email: normaliseEmail(user.email), isAdmin: user.isAdmin ?? false })
    .onConflictDoNothing()
    .returning();
  return row;
}

/** Binds a not-yet-linked user to a provider identity; answers undefined when someone linked it meanwhile. */
/**
 * The first sign-in of an invited person: the provider identity is linked, and the names the provider knows fill in
 * those the record lacks (an invitation carries none; a name the person already chose stays).
 */
export async function linkUserIdentity(
  db: Db,
  userId: string,
  identity: { issuer: string; subject: string; givenName: string | null; familyName: string | null },
): Promise<UserRecord | undefined> {
  const [row] = await db
    .update(users)
    .set({
      identityIssuer: identity.issuer,
      identitySubject: identity.subject,
      firstName: sql`coalesce(${users.firstName}, ${identity.givenName})`,
      lastName: sql`coalesce(${users.lastName}, ${identity.familyName})`,
      updatedAt: new Date(),
    })
    .where(and(eq(users.id, userId), isNull(users.identitySubject)))
    .returning();
  return row;
}

export async function updateUserIssuer(db: Db, userId: string, issuer: string): Promise<void> {
  await db.update(users).set({ identityIssuer: issuer, updatedAt: new Date() }).where(eq(users.id, userId));
}

export type UserProfileChanges = { firstName?: string; lastName?: string; language?: string };

export async function updateUserProfile(
  db: Db,
  userId: string,
  changes: UserProfileChanges,
): Promise<UserRecord | undefined> {
  const [row] = await db
    .update(users)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(users.id, userId))
    .returning();
  return row;
}

/** Revokes every internal token issued so far: they carry the old generation. */
export async function incrementSessionGeneration(db: Db, userId: string): Promise<void> {
  await db
    .update(users)
    .set({ sessionGeneration: sql`${users.sessionGeneration} + 1`, updatedAt: new Date() })
    .where(eq(users.id, userId));
}

export async function updateSelectedCompany(db: Db, userId: string, companyId: string | null): Promise<void> {
  await db.update(users).set({ selectedCompanyId: companyId, updatedAt: new Date() }).where(eq(users.id, userId));
}
