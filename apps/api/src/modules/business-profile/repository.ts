import { eq, getTableColumns } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowRevision } from '../../db/revision';
import { bankAccounts, companies, legalRepresentatives } from '../../db/schema';

/** The only place with the SQL of the business profile. Every write is one statement, so it lands whole or not. */

/** Each record with its row's revision (decision 052). */
export type LegalRepresentativeRecord = typeof legalRepresentatives.$inferSelect & { revision: string };
export type BankAccountRecord = typeof bankAccounts.$inferSelect & { revision: string };

const legalRepresentativeColumns = {
  ...getTableColumns(legalRepresentatives),
  revision: rowRevision(legalRepresentatives),
};
const bankAccountColumns = { ...getTableColumns(bankAccounts), revision: rowRevision(bankAccounts) };
export type LegalRepresentativeValues = Omit<typeof legalRepresentatives.$inferInsert, 'companyId' | 'updatedAt'>;
export type BankAccountValues = Omit<typeof bankAccounts.$inferInsert, 'companyId' | 'updatedAt'>;

export async function findLegalRepresentative(
  db: Db,
  companyId: string,
): Promise<LegalRepresentativeRecord | undefined> {
  const [row] = await db
    .select(legalRepresentativeColumns)
    .from(legalRepresentatives)
    .where(eq(legalRepresentatives.companyId, companyId))
    .limit(1);
  return row;
}

export async function saveLegalRepresentative(
  db: Db,
  companyId: string,
  values: LegalRepresentativeValues,
): Promise<LegalRepresentativeRecord> {
  const [row] = await db
    .insert(legalRepresentatives)
    .values({ companyId, ...values })
    .onConflictDoUpdate({ target: legalRepresentatives.companyId, set: { ...values, updatedAt: new Date() } })
    .returning(legalRepresentativeColumns);
  if (!row) throw new Error('the legal representative was not saved');
  return row;
}

export async function findBankAccount(db: Db, companyId: string): Promise<BankAccountRecord | undefined> {
  const [row] = await db
    .select(bankAccountColumns)
    .from(bankAccounts)
    .where(eq(bankAccounts.companyId, companyId))
    .limit(1);
  return row;
}

export async function saveBankAccount(
  db: Db,
  companyId: string,
  values: BankAccountValues,
): Promise<BankAccountRecord> {
  const [row] = await db
    .insert(bankAccounts)
    .values({ companyId, ...values })
    .onConflictDoUpdate({ target: bankAccounts.companyId, set: { ...values, updatedAt: new Date() } })
    .returning(bankAccountColumns);
  if (!row) throw new Error('the bank account was not saved');
  return row;
}

export type BusinessDetailsRecord = Pick<
  typeof companies.$inferSelect,
  | 'legalNameOfBusiness'
  | 'legalStatus'
  | 'incorporationNumber'
  | 'incorporationDate'
  | 'vatNumber'
  | 'establishmentCountryCode'
  | 'companyType'
> & { revision: string };

const businessDetailsColumns = {
  legalNameOfBusiness: companies.legalNameOfBusiness,
  legalStatus: companies.legalStatus,
  incorporationNumber: companies.incorporationNumber,
  incorporationDate: companies.incorporationDate,
  vatNumber: companies.vatNumber,
  establishmentCountryCode: companies.establishmentCountryCode,
  companyType: companies.companyType,
  revision: rowRevision(companies),
};

export async function findBusinessDetails(db: Db, companyId: string): Promise<BusinessDetailsRecord | undefined> {
  const [row] = await db.select(businessDetailsColumns).from(companies).where(eq(companies.id, companyId)).limit(1);
  return row;
}

/** The legal form is kept in legal_status, the column the company summary reports as legalStatus (spec §3). */
export async function saveBusinessDetails(
  db: Db,
  companyId: string,
  values: Pick<
    typeof companies.$inferInsert,
    'legalNameOfBusiness' | 'legalStatus' | 'incorporationNumber' | 'incorporationDate' | 'vatNumber'
  >,
): Promise<BusinessDetailsRecord | undefined> {
  const [row] = await db
    .update(companies)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(companies.id, companyId))
    .returning(businessDetailsColumns);
  return row;
}
