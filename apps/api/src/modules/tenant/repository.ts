import { asc, eq, inArray, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { companies, companyUsers, tenants, tenantUsers } from '../../db/schema';

export type TenantRecord = typeof tenants.$inferSelect;

/**
 * The tenants a user may work in: the home tenant, explicit tenant memberships and the tenants of their
 * companies; administrators run every tenant. Ordered by name (then id, so the order is stable).
 */
export async function listTenantsOfUser(
  db: Db,
  user: { id: string; tenantId: string; isAdmin: boolean },
): Promise<TenantRecord[]> {
  if (user.isAdmin) return db.select().from(tenants).orderBy(asc(tenants.name), asc(tenants.id));
  const viaMembership = db
    .select({ tenantId: tenantUsers.tenantId })
    .from(tenantUsers)
    .where(eq(tenantUsers.userId, user.id));
  const viaCompanies = db
    .select({ tenantId: companies.tenantId })
    .from(companyUsers)
    .innerJoin(companies, eq(companies.id, companyUsers.companyId))
    .where(eq(companyUsers.userId, user.id));
  return db
    .select()
    .from(tenants)
    .where(or(eq(tenants.id, user.tenantId), inArray(tenants.id, viaMembership), inArray(tenants.id, viaCompanies)))
    .orderBy(asc(tenants.name), asc(tenants.id));
}

export async function findTenantById(db: Db, tenantId: string): Promise<TenantRecord | undefined> {
  const [row] = await db.select().from(tenants).where(eq(tenants.id, tenantId)).limit(1);
  return row;
}

export async function updateTenantTheme(
  db: Db,
  tenantId: string,
  theme: Pick<TenantRecord, 'themeId' | 'themeOverrides' | 'branding'>,
): Promise<TenantRecord | undefined> {
  const [row] = await db
    .update(tenants)
    .set({ ...theme, themeUpdatedAt: new Date() })
    .where(eq(tenants.id, tenantId))
    .returning();
  return row;
}
