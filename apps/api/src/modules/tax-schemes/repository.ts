import {
  type CompanyTaxProfile,
  type FrequencyChange,
  type FrequencyRecord,
  type JurisdictionRegistration,
  RETURN_FREQUENCIES,
  type ReturnFrequency,
} from '@vatlas/domain';
import { and, asc, eq, getTableColumns, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowRevision } from '../../db/revision';
import { companies, companyJurisdictions, companyTaxSchemes, liabilities } from '../../db/schema';

export type TaxSchemeKind = 'oss' | 'ioss';
export type TaxSchemeRecord = typeof companyTaxSchemes.$inferSelect & { revision: string };

/** The company's scheme rows with their revisions; `lock` holds them until the transaction ends. */
export async function listTaxSchemeRows(
  db: Db,
  companyId: string,
  options: { lock?: 'update' } = {},
): Promise<TaxSchemeRecord[]> {
  const query = db
    .select({ ...getTableColumns(companyTaxSchemes), revision: rowRevision(companyTaxSchemes) })
    .from(companyTaxSchemes)
    .where(eq(companyTaxSchemes.companyId, companyId))
    .orderBy(asc(companyTaxSchemes.scheme));
  return options.lock ? query.for(options.lock) : query;
}

export async function upsertTaxScheme(
  db: Db,
  values: {
    companyId: string;
    scheme: TaxSchemeKind;
    memberState: string;
    effectiveFrom: string;
    identificationNumber: string | null;
  },
): Promise<void> {
  const { companyId, scheme, ...changes } = values;
  await db
    .insert(companyTaxSchemes)
    .values(values)
    .onConflictDoUpdate({
      target: [companyTaxSchemes.companyId, companyTaxSchemes.scheme],
      set: { ...changes, updatedAt: new Date() },
    });
}

export async function deleteTaxScheme(db: Db, companyId: string, scheme: TaxSchemeKind): Promise<void> {
  await db
    .delete(companyTaxSchemes)
    .where(and(eq(companyTaxSchemes.companyId, companyId), eq(companyTaxSchemes.scheme, scheme)));
}

export function toReturnFrequency(value: string | null): ReturnFrequency | null {
  return value !== null && (RETURN_FREQUENCIES as readonly string[]).includes(value)
    ? (value as ReturnFrequency)
    : null;
}

export type JurisdictionRecord = typeof companyJurisdictions.$inferSelect & { revision: string };

const jurisdictionColumns = {
  ...getTableColumns(companyJurisdictions),
  revision: rowRevision(companyJurisdictions),
};

/** The change of frequency from a day a record holds, or null when its frequency applies to every period not filed. */
function frequencyChangeOf({ from, before }: FrequencyRecord): FrequencyChange | null {
  return from === null ? null : { from, before };
}

/** What is stored of the row's frequency: the one set, the one before the last change, the day it applies from. */
export function frequencyRecordOfRow(
  row: Pick<JurisdictionRecord, 'filingFrequency' | 'filingFrequencyFrom' | 'previousFilingFrequency'>,
): FrequencyRecord {
  return {
    frequency: toReturnFrequency(row.filingFrequency),
    before: toReturnFrequency(row.previousFilingFrequency),
    from: row.filingFrequencyFrom,
  };
}

export async function listJurisdictionRows(db: Db, companyId: string): Promise<JurisdictionRecord[]> {
  return db
    .select(jurisdictionColumns)
    .from(companyJurisdictions)
    .where(eq(companyJurisdictions.companyId, companyId))
    .orderBy(asc(companyJurisdictions.countryCode));
}

/** One chosen jurisdiction of the company, or undefined; `lock` holds it until the transaction ends. */
export async function findJurisdictionRow(
  db: Db,
  companyId: string,
  countryCode: string,
  options: { lock?: 'update' } = {},
): Promise<JurisdictionRecord | undefined> {
  const query = db
    .select(jurisdictionColumns)
    .from(companyJurisdictions)
    .where(and(eq(companyJurisdictions.companyId, companyId), eq(companyJurisdictions.countryCode, countryCode)))
    .limit(1);
  const [row] = await (options.lock ? query.for(options.lock) : query);
  return row;
}

/** Sets a chosen jurisdiction's registration; undefined when the company did not choose that jurisdiction. */
export async function updateJurisdictionRow(
  db: Db,
  companyId: string,
  countryCode: string,
  registration: JurisdictionRegistration &
    Pick<
      JurisdictionRecord,
      | 'filingFrequencyFrom'
      | 'previousFilingFrequency'
      | 'hasDeadlineExtension'
      | 'registeredFrom'
      | 'registeredUntil'
      | 'vatStagger'
    >,
): Promise<JurisdictionRecord | undefined> {
  const [row] = await db
    .update(companyJurisdictions)
    .set({ ...registration, updatedAt: new Date() })
    .where(and(eq(companyJurisdictions.companyId, companyId), eq(companyJurisdictions.countryCode, countryCode)))
    .returning(jurisdictionColumns);
  return row;
}

/**
 * What the tax engine and the filing calendar know of a company: its seat, its OSS and IOSS registrations and the
 * jurisdictions it selected. Every selected jurisdiction counts as a registration whatever its registration status:
 * the seller chose to register there, and its liabilities and returns should show before the number arrives.
 * Undefined for an unknown company; a company without an establishment country yet has ''.
 */
export async function loadCompanyTaxProfile(db: Db, companyId: string): Promise<CompanyTaxProfile | undefined> {
  const [company] = await db
    .select({ establishmentCountryCode: companies.establishmentCountryCode })
    .from(companies)
    .where(eq(companies.id, companyId))
    .limit(1);
  if (!company) return undefined;
  const schemes = await listTaxSchemeRows(db, companyId);
  const jurisdictions = await db
    .select({
      countryCode: companyJurisdictions.countryCode,
      filingFrequency: companyJurisdictions.filingFrequency,
      filingFrequencyFrom: companyJurisdictions.filingFrequencyFrom,
      previousFilingFrequency: companyJurisdictions.previousFilingFrequency,
      hasDeadlineExtension: companyJurisdictions.hasDeadlineExtension,
      registeredFrom: companyJurisdictions.registeredFrom,
      registeredUntil: companyJurisdictions.registeredUntil,
      vatStagger: companyJurisdictions.vatStagger,
      vatNumber: companyJurisdictions.vatNumber,
    })
    .from(companyJurisdictions)
    .where(eq(companyJurisdictions.companyId, companyId))
    .orderBy(asc(companyJurisdictions.countryCode));
  const schemeOf = (kind: TaxSchemeKind) => {
    const row = schemes.find((scheme) => scheme.scheme === kind);
    return row ? { memberState: row.memberState, from: row.effectiveFrom } : null;
  };
  return {
    establishmentCountry: company.establishmentCountryCode?.trim().toUpperCase() ?? '',
    oss: schemeOf('oss'),
    ioss: schemeOf('ioss'),
    registrations: jurisdictions.map((row) => ({
      country: row.countryCode,
      frequency: toReturnFrequency(row.filingFrequency),
      vatNumber: row.vatNumber,
      frequencyChange: frequencyChangeOf(frequencyRecordOfRow(row)),
      hasDeadlineExtension: row.hasDeadlineExtension,
      registeredFrom: row.registeredFrom,
      registeredUntil: row.registeredUntil,
      vatStagger: row.vatStagger,
    })),
  };
}

/** A country where the stored tax position declares something locally: the company must be registered there. */
export type LocalDeclarationRow = { countryCode: string; since: string; lastMonth: string; transactionCount: number };

/**
 * The countries of the company's local liabilities that carry transactions (sales taxed there, zero-rated supplies
 * dispatched from there, acquisitions of own goods arriving there): each needs a VAT registration, whatever scheme
 * the rest of the sales use. With the first and last months and the number of transactions, by country code.
 */
export async function listLocalDeclarationCountries(db: Db, companyId: string): Promise<LocalDeclarationRow[]> {
  const rows = await db
    .select({
      countryCode: liabilities.jurisdiction,
      since: sql<string>`min(${liabilities.periodStart})::text`,
      lastMonth: sql<string>`max(${liabilities.periodStart})::text`,
      transactionCount: sql<number>`sum(${liabilities.transactionCount})::int`,
    })
    .from(liabilities)
    .where(
      and(
        eq(liabilities.companyId, companyId),
        eq(liabilities.scheme, 'local'),
        sql`${liabilities.transactionCount} > 0`,
      ),
    )
    .groupBy(liabilities.jurisdiction)
    .orderBy(asc(liabilities.jurisdiction));
  return rows.map((row) => ({
    ...row,
    countryCode: row.countryCode.trim(),
    transactionCount: Number(row.transactionCount),
  }));
}
