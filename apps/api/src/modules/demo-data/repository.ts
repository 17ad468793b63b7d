import { count, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { companies, companyJurisdictions, transactionUploads, users } from '../../db/schema';

/** The company's VAT number (null when it has none); undefined when there is no such company. */
export async function findCompanyVatNumber(db: Db, companyId: string): Promise<string | null | undefined> {
  const [row] = await db
    .select({ vatNumber: companies.vatNumber })
    .from(companies)
    .where(eq(companies.id, companyId))
    .limit(1);
  return row?.vatNumber;
}

export async function countUploadsOfCompany(db: Db, companyId: string): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(transactionUploads)
    .where(eq(transactionUploads.companyId, companyId));
  return Number(row?.value ?? 0);
}

export async function findUserIdByEmail(db: Db, email: string): Promise<string | undefined> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
  return row?.id;
}

/** Adds the registrations that are missing; a jurisdiction the company has already keeps what it holds. */
export async function addRegisteredJurisdictions(
  db: Db,
  companyId: string,
  registrations: readonly { countryCode: string; vatNumber: string | null; filingFrequency: string }[],
): Promise<void> {
  await db
    .insert(companyJurisdictions)
    .values(
      registrations.map((registration) => ({
        companyId,
        ...registration,
        source: 'user',
        registrationStatus: 'registered',
      })),
    )
    .onConflictDoNothing();
}

export async function listUploadStates(db: Db, uploadIds: readonly string[]) {
  if (uploadIds.length === 0) return [];
  return db
    .select({
      id: transactionUploads.id,
      fileName: transactionUploads.fileName,
      status: transactionUploads.status,
      errorCode: transactionUploads.errorCode,
    })
    .from(transactionUploads)
    .where(inArray(transactionUploads.id, [...uploadIds]));
}
