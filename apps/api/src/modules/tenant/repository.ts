import { asc, eq, getTableColumns, inArray, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowRevision } from '../../db/revision';
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

/** A tenant with its row's revision (decision 052); `lock` holds it until the transaction ends. */
export type RevisedTenantRecord = TenantRecord & { revision: string };
const revisedTenantColumns = { ...getTableColumns(tenants), revision: rowRevision(tenants) };

export async function findTenantById(
  db: Db,
  tenantId: string,
  options: { lock?: 'update' } = {},
): Promise<RevisedTenantRecord | undefined> {
  const query = db.select(revisedTenantColumns).from(tenants).where(eq(tenants.id, tenantId)).limit(1);
  const [row] = await (options.lock ? query.for(options.lock) : query);
  return row;
}

export async function updateTenantTheme(
  db: Db,
  tenantId: string,
  theme: Pick<TenantRecord, 'themeId' | 'themeOverrides' | 'branding'>,
): Promise<RevisedTenantRecord | undefined> {
  const [row] = await db
    .update(tenants)
    .set({ ...theme, themeUpdatedAt: new Date() })
    .where(eq(tenants.id, tenantId))
    .returning(revisedTenantColumns);
  return row;
}
