import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { legalRepresentatives, powerOfAttorneySignatures, tenants } from '../../db/schema';

export type SignatureRecord = typeof powerOfAttorneySignatures.$inferSelect;
export type NewSignatureRecord = typeof powerOfAttorneySignatures.$inferInsert;

/** Every signature of the company, newest first per country (the first one per country is its current state). */
export async function listSignaturesOfCompany(db: Db, companyId: string): Promise<SignatureRecord[]> {
  return db
    .select()
    .from(powerOfAttorneySignatures)
    .where(eq(powerOfAttorneySignatures.companyId, companyId))
    .orderBy(desc(powerOfAttorneySignatures.signedAt), desc(powerOfAttorneySignatures.sequence));
}

export async function findActiveSignature(
  db: Db,
  companyId: string,
  countryCode: string,
): Promise<SignatureRecord | undefined> {
  const [row] = await db
    .select()
    .from(powerOfAttorneySignatures)
    .where(
      and(
        eq(powerOfAttorneySignatures.companyId, companyId),
        eq(powerOfAttorneySignatures.countryCode, countryCode),
        isNull(powerOfAttorneySignatures.revokedAt),
      ),
    )
    .limit(1);
  return row;
}

export async function insertSignature(db: Db, values: NewSignatureRecord): Promise<SignatureRecord> {
  const [row] = await db.insert(powerOfAttorneySignatures).values(values).returning();
  if (!row) throw new Error('the signature row was not written');
  return row;
}

/** Revokes the active signature; answers it, or undefined when none was active (a concurrent revoke won). */
export async function revokeActiveSignature(
  db: Db,
  companyId: string,
  countryCode: string,
  revokedBy: string,
): Promise<SignatureRecord | undefined> {
  const [row] = await db
    .update(powerOfAttorneySignatures)
    .set({ revokedAt: new Date(), revokedBy })
    .where(
      and(
        eq(powerOfAttorneySignatures.companyId, companyId),
        eq(powerOfAttorneySignatures.countryCode, countryCode),
        isNull(powerOfAttorneySignatures.revokedAt),
      ),
    )
    .returning();
  return row;
}

export async function findLegalRepresentativeName(db: Db, companyId: string): Promise<string | null> {
  const [row] = await db
    .select({ firstName: legalRepresentatives.firstName, lastName: legalRepresentatives.lastName })
    .from(legalRepresentatives)
    .where(eq(legalRepresentatives.companyId, companyId))
    .limit(1);
  return row ? `${row.firstName} ${row.lastName}`.trim() : null;
}

export async function findTenantBrandName(db: Db, tenantId: string): Promise<string | null> {
  const [row] = await db.select({ branding: tenants.branding }).from(tenants).where(eq(tenants.id, tenantId)).limit(1);
  return row?.branding?.companyName ?? null;
}
