import { mergeProblems, type TaxPositionProblem } from '@vatlas/domain';
import { and, asc, between, eq, type SQL, sql } from 'drizzle-orm';
import type { Db, Rows } from '../../db/client';
import {
  ecSalesListLines,
  liabilities,
  ossReturnLines,
  ossThresholdYears,
  taxPositionProblems,
  type transactions,
} from '../../db/schema';
import { isVisibleTransaction } from '../tax-position/repository';
import { transactionIdRange } from '../transaction-upload/transaction-identity';

export type LiabilityRecord = typeof liabilities.$inferSelect;
export type OssReturnLineRecord = typeof ossReturnLines.$inferSelect;
/** An EC Sales List line as the API answers it: its month is the one asked for, its company the one asking. */
export type EcSalesListLineRecord = Omit<
  typeof ecSalesListLines.$inferSelect,
  'companyId' | 'periodStart' | 'periodEnd'
>;
export type OssThresholdYearRecord = typeof ossThresholdYears.$inferSelect;

export async function listLiabilitiesBetween(
  db: Db,
  companyId: string,
  from: string,
  to: string,
): Promise<LiabilityRecord[]> {
  return db
    .select()
    .from(liabilities)
    .where(and(eq(liabilities.companyId, companyId), between(liabilities.periodStart, from, to)))
    .orderBy(asc(liabilities.jurisdiction), asc(liabilities.scheme), asc(liabilities.periodStart));
}

export async function findOssThresholdYear(
  db: Db,
  companyId: string,
  year: number,
): Promise<OssThresholdYearRecord | undefined> {
  const [row] = await db
    .select()
    .from(ossThresholdYears)
    .where(and(eq(ossThresholdYears.companyId, companyId), eq(ossThresholdYears.year, year)))
    .limit(1);
  return row;
}

/** Every year of the company's stored OSS threshold, as last recomputed. */
export async function listOssThresholdYears(db: Db, companyId: string): Promise<OssThresholdYearRecord[]> {
  return db.select().from(ossThresholdYears).where(eq(ossThresholdYears.companyId, companyId));
}

/**
 * The problems of the company's stored tax position, each once (a problem raised by the tax points of two years is
 * stored with both), in the tax engine's order.
 */
export async function listTaxPositionProblems(db: Db, companyId: string): Promise<TaxPositionProblem[]> {
  const rows = await db
    .select({ problem: taxPositionProblems.problem })
    .from(taxPositionProblems)
    .where(eq(taxPositionProblems.companyId, companyId));
  return mergeProblems(rows.map((row) => row.problem as TaxPositionProblem));
}

export async function listOssReturnLines(
  db: Db,
  companyId: string,
  periodStart: string,
): Promise<OssReturnLineRecord[]> {
  return db
    .select()
    .from(ossReturnLines)
    .where(and(eq(ossReturnLines.companyId, companyId), eq(ossReturnLines.periodStart, periodStart)))
    .orderBy(asc(ossReturnLines.consumptionCountry), asc(ossReturnLines.dispatchCountry), asc(ossReturnLines.vatRate));
}

export async function listEcSalesListLines(
  db: Db,
  companyId: string,
  periodStart: string,
): Promise<EcSalesListLineRecord[]> {
  // Only the columns answered: PGlite hands each field to JavaScript on its own, and a large seller's month has
  // thousands of lines (6,250 lines: 76-87 ms against 89-134 ms with all eleven columns).
  return db
    .select({
      reportingCountry: ecSalesListLines.reportingCountry,
      customerVatNumber: ecSalesListLines.customerVatNumber,
      kind: ecSalesListLines.kind,
      currency: ecSalesListLines.currency,
      netEur: ecSalesListLines.netEur,
      netLocal: ecSalesListLines.netLocal,
      transactionCount: ecSalesListLines.transactionCount,
      isIncomplete: ecSalesListLines.isIncomplete,
    })
    .from(ecSalesListLines)
    .where(and(eq(ecSalesListLines.companyId, companyId), eq(ecSalesListLines.periodStart, periodStart)))
    .orderBy(
      asc(ecSalesListLines.reportingCountry),
      asc(ecSalesListLines.customerVatNumber),
      asc(ecSalesListLines.kind),
    );
}

export type RateCombination = { jurisdiction: string; date: string; vatRate: string };

/**
 * Every (jurisdiction, tax-point day, rate) the company's visible rows use, as the last recompute stored them: a few
 * thousand combinations at most, which the service checks against the rates valid on that day.
 */
export async function listRateCombinations(
  db: Db,
  companyId: string,
  window: { from?: string; to?: string },
): Promise<RateCombination[]> {
  const result = (await db.execute(sql`
    select jurisdiction, rate_date::text as "date", trim_scale(vat_rate)::text as "vatRate"
    from transaction_rate_days
    where company_id = ${companyId}
      ${window.from ? sql`and rate_date >= ${window.from}` : sql``}
      ${window.to ? sql`and rate_date <= ${window.to}` : sql``}
  `)) as unknown as Rows<RateCombination>;
  return result.rows;
}

/**
 * Rows whose (jurisdiction, day, rate) is one of `combinations`, found through the identity key: each combination's day
 * is a range of ids (ids begin with their row's date, decision 057), whose entries are walked for the rows of that
 * combination. False when there are none.
 */
export function rowsWithRateCombination(combinations: readonly RateCombination[]): SQL {
  if (combinations.length === 0) return sql`false`;
  const days = [...new Set(combinations.map((combination) => combination.date))].map((day) => {
    const ids = transactionIdRange(day, day);
    return sql`id between ${ids.first}::uuid and ${ids.last}::uuid`;
  });
  const tuples = combinations.map(
    (combination) =>
      sql`(${combination.jurisdiction}::char(2), ${combination.date}::date, ${combination.vatRate}::numeric)`,
  );
  const rows = sql`(taxable_jurisdiction, tax_point_date, vat_rate) in (${sql.join(tuples, sql`, `)})`;
  return sql`(${sql.join(days, sql` or `)}) and ${rows}`;
}

export type CrossCheckRecord = Pick<
  typeof transactions.$inferSelect,
  | 'id'
  | 'taxPointDate'
  | 'transactionType'
  | 'eventId'
  | 'taxableJurisdiction'
  | 'currency'
  | 'netAmount'
  | 'vatAmount'
  | 'vatRate'
  | 'computedVatAmount'
>;

/**
 * Visible rows whose file VAT differs from net × rate, or whose rate is one of `invalidRates`, in tax-point order
 * with the id as tiebreaker, after the keyset `after`.
 */
export async function listCrossCheckRows(
  db: Db,
  input: {
    companyId: string;
    from?: string;
    to?: string;
    invalidRates: readonly RateCombination[];
    after?: { taxPointDate: string; id: string };
    limit: number;
  },
): Promise<CrossCheckRecord[]> {
  const invalid = rowsWithRateCombination(input.invalidRates);
  const columns = sql`id, tax_point_date::text as "taxPointDate", transaction_type as "transactionType",
    event_id as "eventId", taxable_jurisdiction as "taxableJurisdiction", currency, net_amount::text as "netAmount",
    vat_amount::text as "vatAmount", trim_scale(vat_rate)::text as "vatRate",
    computed_vat_amount::text as "computedVatAmount", tax_point_date as "sortDate"`;
  const common = sql`company_id = ${input.companyId} and ${isVisibleTransaction(input.companyId)}
      ${input.from ? sql`and tax_point_date >= ${input.from}` : sql``}
      ${input.to ? sql`and tax_point_date <= ${input.to}` : sql``}
      ${input.after ? sql`and (tax_point_date, id) > (${input.after.taxPointDate}::date, ${input.after.id}::uuid)` : sql``}`;
  // Two small lookups instead of one pass over every row: the VAT differences through their partial index, the
  // invalid rates through the identity key, a day each; UNION keeps a row that is both once.
  const result = (await db.execute(sql`
    select "taxPointDate", "transactionType", "eventId", "taxableJurisdiction", currency, "netAmount", "vatAmount",
      "vatRate", "computedVatAmount", id
    from (
      (select ${columns} from transactions
        where ${common} and vat_rate is not null and vat_amount <> computed_vat_amount
        order by tax_point_date, id limit ${input.limit})
      union
      (select ${columns} from transactions where ${common} and ${invalid}
        order by tax_point_date, id limit ${input.limit})
    ) as found
    order by "sortDate", id
    limit ${input.limit}
  `)) as unknown as Rows<CrossCheckRecord>;
  return result.rows;
}
