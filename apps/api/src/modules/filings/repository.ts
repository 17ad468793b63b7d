import type { EcSalesListTotal } from '@vatlas/domain';
import { and, asc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { ecSalesListTotals, filings, liabilities } from '../../db/schema';
import { isUuid } from '../company/repository';

export type FilingRecord = typeof filings.$inferSelect;

export type PlannedFilingValues = {
  jurisdiction: string;
  filingType: string;
  frequency: string;
  periodStart: string;
  periodEnd: string;
  dueDate: string;
  currency: string;
  amountEur: string;
  amountLocal: string;
};

export type LiabilityAmountRow = {
  jurisdiction: string;
  scheme: string;
  periodStart: string;
  currency: string;
  vatEur: string;
  vatLocal: string;
};

export async function listLiabilityAmounts(db: Db, companyId: string): Promise<LiabilityAmountRow[]> {
  return db
    .select({
      jurisdiction: liabilities.jurisdiction,
      scheme: liabilities.scheme,
      periodStart: liabilities.periodStart,
      currency: liabilities.currency,
      vatEur: liabilities.vatEur,
      vatLocal: liabilities.vatLocal,
    })
    .from(liabilities)
    .where(eq(liabilities.companyId, companyId));
}

/**
 * The EC Sales List's net values per reporting country, month and currency, as the recompute stored them with its
 * lines (`ecSalesListTotals`): a seller with many business buyers has one line per buyer and month, and a filing needs
 * only the month's total.
 */
export async function listEcSalesListAmounts(db: Db, companyId: string): Promise<EcSalesListTotal[]> {
  return db
    .select({
      reportingCountry: ecSalesListTotals.reportingCountry,
      periodStart: ecSalesListTotals.periodStart,
      currency: ecSalesListTotals.currency,
      netEur: ecSalesListTotals.netEur,
      netLocal: ecSalesListTotals.netLocal,
    })
    .from(ecSalesListTotals)
    .where(eq(ecSalesListTotals.companyId, companyId));
}

/** The countries where the company files an EC Sales List: those of its stored list totals. */
export async function listEcSalesListCountries(db: Db, companyId: string): Promise<string[]> {
  const rows = await db
    .selectDistinct({ country: ecSalesListTotals.reportingCountry })
    .from(ecSalesListTotals)
    .where(eq(ecSalesListTotals.companyId, companyId));
  return rows.map((row) => row.country).sort();
}

/** The first month the company has data for, from the stored aggregates; undefined without data. */
export async function findFirstDataMonth(db: Db, companyId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ first: sql<string | null>`min(${liabilities.periodStart})::text` })
    .from(liabilities)
    .where(eq(liabilities.companyId, companyId));
  return row?.first ?? undefined;
}

/** A filing's identity within its company: what the unique index `filings_identity_idx` holds. */
export const identityOf = (filing: Pick<PlannedFilingValues, 'jurisdiction' | 'filingType' | 'periodStart'>) =>
  `${filing.jurisdiction}|${filing.filingType}|${filing.periodStart}`;

/** What the plan decides of an open filing besides its identity: compared to decide a write, and what it writes. */
const PLANNED_FIELDS = ['frequency', 'periodEnd', 'dueDate', 'currency', 'amountEur', 'amountLocal'] as const;

/** The upsert's new values of `PLANNED_FIELDS`: the row it would have inserted (`excluded`). */
const PLANNED_FROM_EXCLUDED = Object.fromEntries(
  PLANNED_FIELDS.map((field) => [field, sql.raw(`excluded.${filings[field].name}`)]),
) as Record<(typeof PLANNED_FIELDS)[number], SQL>;

/**
 * Makes the company's open filings equal to `planned`: inserts new ones, updates due dates and amounts of open ones,
 * removes open ones no longer planned (a registration or scheme removed). A filed filing is never touched: what was
 * filed stays as it was filed. Writes only what differs: a refresh runs on every read of the calendar, and most find
 * nothing new. `rows` are the company's filings as stored (`listFilingRows`, in its order): answered as they are when it
 * wrote none, so the calendar shows them without reading them again; undefined when it wrote some. Call inside a
 * transaction.
 */
export async function syncPlannedFilings(
  db: Db,
  companyId: string,
  planned: readonly PlannedFilingValues[],
  rows: readonly FilingRecord[],
): Promise<FilingRecord[] | undefined> {
  const stored = new Map(rows.map((row) => [identityOf(row), row]));
  const plannedIdentities = new Set(planned.map(identityOf));
  const gone = [...stored.values()]
    .filter((row) => row.filedOn === null && !plannedIdentities.has(identityOf(row)))
    .map((row) => row.id);
  if (gone.length > 0) {
    await db
      .delete(filings)
      .where(and(eq(filings.companyId, companyId), isNull(filings.filedOn), inArray(filings.id, gone)));
  }
  const changed = planned.filter((filing) => {
    const row = stored.get(identityOf(filing));
    return row === undefined || (row.filedOn === null && PLANNED_FIELDS.some((field) => row[field] !== filing[field]));
  });
  for (let start = 0; start < changed.length; start += 500) {
    const chunk = changed.slice(start, start + 500);
    await db
      .insert(filings)
      .values(chunk.map((filing) => ({ companyId, ...filing })))
      .onConflictDoUpdate({
        target: [filings.companyId, filings.jurisdiction, filings.filingType, filings.periodStart],
        set: { ...PLANNED_FROM_EXCLUDED, updatedAt: sql`now()` },
        setWhere: isNull(filings.filedOn),
      });
  }
  return gone.length === 0 && changed.length === 0 ? [...rows] : undefined;
}

export async function listFilingRows(db: Db, companyId: string): Promise<FilingRecord[]> {
  return db
    .select()
    .from(filings)
    .where(eq(filings.companyId, companyId))
    .orderBy(asc(filings.dueDate), asc(filings.jurisdiction), asc(filings.filingType), asc(filings.periodStart));
}

/**
 * The company's filing, locked until the caller's transaction ends (`db` is a transaction's): a second request that
 * locks it meanwhile waits, then reads what the first wrote.
 */
export async function lockFilingRow(db: Db, companyId: string, filingId: string): Promise<FilingRecord | undefined> {
  if (!isUuid(filingId)) return undefined;
  const [row] = await db
    .select()
    .from(filings)
    .where(and(eq(filings.companyId, companyId), eq(filings.id, filingId)))
    .limit(1)
    .for('update');
  return row;
}

export async function setFilingFiled(
  db: Db,
  filingId: string,
  values: { filedOn: string | null; filingReference: string | null; filedBy: string | null },
): Promise<FilingRecord> {
  const [row] = await db
    .update(filings)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(filings.id, filingId))
    .returning();
  if (!row) throw new Error('the filing row was not written');
  return row;
}

export async function setFilingPaidOn(db: Db, filingId: string, paidOn: string | null): Promise<FilingRecord> {
  const [row] = await db
    .update(filings)
    .set({ paidOn, updatedAt: new Date() })
    .where(eq(filings.id, filingId))
    .returning();
  if (!row) throw new Error('the filing row was not written');
  return row;
}
