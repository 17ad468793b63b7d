import { and, asc, desc, eq, isNull } from 'drizzle-orm';
import { lockUntilCommit } from '../../db/advisory-locks';
import type { Db } from '../../db/client';
import { companies, companyJurisdictions, documents, powerOfAttorneySignatures } from '../../db/schema';
import { isUuid } from '../company/repository';

export type DocumentRecord = typeof documents.$inferSelect;
export type NewDocumentRecord = typeof documents.$inferInsert;

export async function insertDocument(db: Db, values: NewDocumentRecord): Promise<DocumentRecord> {
  const [row] = await db.insert(documents).values(values).returning();
  if (!row) throw new Error('the document row was not written');
  return row;
}

export async function listDocumentsOfCompany(db: Db, companyId: string): Promise<DocumentRecord[]> {
  return db
    .select()
    .from(documents)
    .where(eq(documents.companyId, companyId))
    .orderBy(desc(documents.uploadedAt), desc(documents.sequence));
}

export async function findDocument(db: Db, companyId: string, documentId: string): Promise<DocumentRecord | undefined> {
  if (!isUuid(documentId)) return undefined;
  const [row] = await db
    .select()
    .from(documents)
    .where(and(eq(documents.companyId, companyId), eq(documents.id, documentId)))
    .limit(1);
  return row;
}

export async function deleteDocumentRow(
  db: Db,
  companyId: string,
  documentId: string,
): Promise<DocumentRecord | undefined> {
  if (!isUuid(documentId)) return undefined;
  const [row] = await db
    .delete(documents)
    .where(and(eq(documents.companyId, companyId), eq(documents.id, documentId)))
    .returning();
  return row;
}

/** The jurisdictions the company selected (written by the jurisdictions step), in a stable order. */
export async function listSelectedCountryCodes(db: Db, companyId: string): Promise<string[]> {
  const rows = await db
    .select({ countryCode: companyJurisdictions.countryCode })
    .from(companyJurisdictions)
    .where(eq(companyJurisdictions.companyId, companyId))
    .orderBy(asc(companyJurisdictions.countryCode));
  return rows.map((row) => row.countryCode);
}

export async function listSignedCountryCodes(db: Db, companyId: string): Promise<string[]> {
  const rows = await db
    .select({ countryCode: powerOfAttorneySignatures.countryCode })
    .from(powerOfAttorneySignatures)
    .where(and(eq(powerOfAttorneySignatures.companyId, companyId), isNull(powerOfAttorneySignatures.revokedAt)));
  return rows.map((row) => row.countryCode);
}

export async function findEstablishmentCountryCode(db: Db, companyId: string): Promise<string | null> {
  const [row] = await db
    .select({ code: companies.establishmentCountryCode })
    .from(companies)
    .where(eq(companies.id, companyId))
    .limit(1);
  return row?.code ?? null;
}

/**
 * Makes the calling transaction the only one, until it ends, to decide whether the company's document-center step is
 * done. A document and a signature saved at once, each the last thing missing, take turns: the second reads the
 * first's, where each would otherwise miss the other's and neither complete the step.
 */
export async function lockDocumentCenterOf(db: Db, companyId: string): Promise<void> {
  await lockUntilCommit(db, 'documentCenter', companyId);
}
