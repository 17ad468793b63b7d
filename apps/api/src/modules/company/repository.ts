import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { companies, companyUsers } from '../../db/schema';

export type CompanyRecord = typeof companies.$inferSelect;

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids that cannot be uuids are answered without a query: PostgreSQL would reject the cast with an error. */
export function isUuid(value: string): boolean {
  return UUID_PATTERN.test(value);
}

export async function findCompanyById(db: Db, companyId: string): Promise<CompanyRecord | undefined> {
  if (!isUuid(companyId)) return undefined;
  const [row] = await db.select().from(companies).where(eq(companies.id, companyId)).limit(1);
  return row;
}

export async function isCompanyMember(db: Db, companyId: string, userId: string): Promise<boolean> {
  if (!isUuid(companyId)) return false;
  const [row] = await db
    .select({ companyId: companyUsers.companyId })
    .from(companyUsers)
    .where(and(eq(companyUsers.companyId, companyId), eq(companyUsers.userId, userId)))
    .limit(1);
  return row !== undefined;
}

/** The user's companies ordered by name (then id, so the order is stable). */
export async function listCompaniesOfUser(db: Db, userId: string): Promise<CompanyRecord[]> {
  const rows = await db
    .select({ company: companies })
    .from(companyUsers)
    .innerJoin(companies, eq(companies.id, companyUsers.companyId))
    .where(eq(companyUsers.userId, userId))
    .orderBy(asc(companies.legalNameOfBusiness), asc(companies.id));
  return rows.map((row) => row.company);
}
