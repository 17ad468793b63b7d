import {
  type EcSalesListLine,
  RETURNS_GRAIN,
  type TaxPosition,
  type TransactionDaySum,
  type TransactionTreatment,
} from '@vatlas/domain';
import { eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { ecSalesListLines, liabilities, ossReturnLines, ossThresholdYears, taxPositionProblems } from '../../db/schema';

type Rows<T> = { rows: T[] };

/** Rows per INSERT: far below PostgreSQL's 65,535 parameters for the widest table (11 columns). */
const ROWS_PER_INSERT = 1000;

/**
 * The transactions of `companyId` that count: those of its completed uploads. Every read of `transactions` goes
 * through it, since an upload's rows exist before it completes (while importing) and until its delete has run.
 */
export const visibleUploadsOf = (companyId: string) =>
  sql`(select id from transaction_uploads where company_id = ${companyId} and status = 'completed')`;

type DaySumRow = Omit<TransactionDaySum, 'treatment' | 'transactionCount'> & {
  treatment: string;
  transactionCount: number | string;
};

const treatmentList = (treatments: readonly string[]) =>
  sql.join(
    treatments.map((treatment) => sql`${treatment}`),
    sql`, `,
  );

/**
 * The returns' grain (`RETURNS_GRAIN`, pinned by `coarsenForReturns` in the domain): treatments in no return are left
 * out, and the arrival country and the rate only split sums where a return reads them.
 */
function returnsGrainQuery(companyId: string) {
  const withoutArrival = treatmentList(RETURNS_GRAIN.withoutArrival);
  const withRate = treatmentList(RETURNS_GRAIN.withRate);
  return sql`
    select
      treatment,
      tax_point_date::text as "date",
      departure_country as "departureCountry",
      case when treatment in (${withoutArrival}) then null else arrival_country end as "arrivalCountry",
      null::text as "taxableJurisdiction",
      currency,
      case when treatment in (${withRate}) then trim_scale(vat_rate)::text end as "vatRate",
      null::text as "buyerVatNumber",
      sum(net_amount)::text as "netAmount",
      sum(vat_amount)::text as "vatAmount",
      sum(gross_amount)::text as "grossAmount",
      null::text as "computedVatAmount",
      count(*)::int as "transactionCount"
    from transactions
    where company_id = ${companyId} and upload_id in ${visibleUploadsOf(companyId)}
      and treatment not in (${treatmentList(RETURNS_GRAIN.outsideReturns)})
    group by 1, 2, 3, 4, 6, 7
  `;
}

/** Every dimension the rules read, the buyer VAT number included: the EC sales list's grain. */
function fullGrainQuery(companyId: string, where: SQL) {
  return sql`
    select
      treatment,
      tax_point_date::text as "date",
      departure_country as "departureCountry",
      arrival_country as "arrivalCountry",
      taxable_jurisdiction as "taxableJurisdiction",
      currency,
      trim_scale(vat_rate)::text as "vatRate",
      buyer_vat_number as "buyerVatNumber",
      sum(net_amount)::text as "netAmount",
      sum(vat_amount)::text as "vatAmount",
      sum(gross_amount)::text as "grossAmount",
      case when vat_rate is null then null else sum(computed_vat_amount)::text end as "computedVatAmount",
      count(*)::int as "transactionCount"
    from transactions
    where company_id = ${companyId} and upload_id in ${visibleUploadsOf(companyId)} ${where}
    group by 1, 2, 3, 4, 5, 6, vat_rate, 8
  `;
}

async function runDaySumQuery(db: Db, query: SQL): Promise<TransactionDaySum[]> {
  const result = (await db.execute(query)) as unknown as Rows<DaySumRow>;
  return result.rows.map((row) => ({
    ...row,
    treatment: row.treatment as TransactionTreatment,
    transactionCount: Number(row.transactionCount),
  }));
}

/**
 * The company's visible transactions summed per tax-point day at the grain the returns read (see `returnsGrainQuery`):
 * one aggregate in the database, so a million rows become some tens of thousands of sums without passing through
 * JavaScript. The buyer's VAT number is left out: only the EC sales list needs it, and with it every business
 * customer would split the sums again — `selectEcSalesListDaySums` reads it a month at a time. Sums travel as text
 * so both drivers hand back exact decimal strings; the rate loses its trailing zeros (0.190000 → 0.19).
 */
export async function selectTransactionDaySums(db: Db, companyId: string): Promise<TransactionDaySum[]> {
  return runDaySumQuery(db, returnsGrainQuery(companyId));
}

/** The treatments the EC sales list reports (tax-engine `createEcSalesListBuilder`). */
const EC_SALES_LIST_TREATMENTS = ['intra-eu-b2b-supply', 'own-goods-transfer'] as const;

/** Day sums of the EC sales list's transactions of one calendar month, per buyer VAT number. */
export async function selectEcSalesListDaySums(
  db: Db,
  companyId: string,
  month: { periodStart: string; periodEnd: string },
): Promise<TransactionDaySum[]> {
  return runDaySumQuery(
    db,
    fullGrainQuery(
      companyId,
      sql`and tax_point_date between ${month.periodStart}::date and ${month.periodEnd}::date
        and treatment in (${treatmentList(EC_SALES_LIST_TREATMENTS)})`,
    ),
  );
}

async function insertInChunks<T>(rows: readonly T[], insert: (chunk: T[]) => Promise<unknown>): Promise<void> {
  for (let start = 0; start < rows.length; start += ROWS_PER_INSERT) {
    await insert(rows.slice(start, start + ROWS_PER_INSERT));
  }
}

/** Deletes the company's stored tax position; the recompute then inserts the new one in the same transaction. */
export async function clearTaxPosition(db: Db, companyId: string): Promise<void> {
  await db.delete(liabilities).where(eq(liabilities.companyId, companyId));
  await db.delete(ossReturnLines).where(eq(ossReturnLines.companyId, companyId));
  await db.delete(ecSalesListLines).where(eq(ecSalesListLines.companyId, companyId));
  await db.delete(ossThresholdYears).where(eq(ossThresholdYears.companyId, companyId));
  await db.delete(taxPositionProblems).where(eq(taxPositionProblems.companyId, companyId));
}

/**
 * Inserts EC sales list lines. One statement with the lines as one JSON parameter: a seller with many business buyers
 * has thousands of lines a month, and drizzle's row-by-row parameters would cost more than the aggregate that
 * produced them. The recompute calls it once per month, so one month of lines is in memory at a time.
 */
export async function insertEcSalesListLines(
  db: Db,
  companyId: string,
  lines: readonly EcSalesListLine[],
): Promise<void> {
  if (lines.length === 0) return;
  await db.execute(sql`
    insert into ec_sales_list_lines (company_id, reporting_country, period_start, period_end, customer_vat_number,
      kind, net_eur, net_local, currency, transaction_count, is_incomplete)
    select ${companyId}::uuid, "reportingCountry", "periodStart", "periodEnd", "customerVatNumber", kind, "netEur",
      "netLocal", currency, "transactionCount", incomplete
    from jsonb_to_recordset(${JSON.stringify(lines)}::jsonb) as line("reportingCountry" text, "periodStart" date,
      "periodEnd" date, "customerVatNumber" text, kind text, "netEur" numeric, "netLocal" numeric, currency text,
      "transactionCount" int, incomplete boolean)
  `);
}

/** Inserts everything of a tax position but the EC sales list (`insertEcSalesListLines`), after `clearTaxPosition`. */
export async function insertTaxPosition(
  db: Db,
  companyId: string,
  position: Omit<TaxPosition, 'ecSalesListLines'>,
): Promise<void> {
  const computedAt = new Date();
  await insertInChunks(position.liabilities, (chunk) =>
    db.insert(liabilities).values(
      chunk.map((line) => ({
        companyId,
        jurisdiction: line.jurisdiction,
        scheme: line.scheme,
        periodStart: line.periodStart,
        periodEnd: line.periodEnd,
        currency: line.currency,
        netEur: line.netEur,
        vatEur: line.vatEur,
        netLocal: line.netLocal,
        vatLocal: line.vatLocal,
        zeroRatedNetEur: line.zeroRatedNetEur,
        zeroRatedNetLocal: line.zeroRatedNetLocal,
        acquisitionNetEur: line.acquisitionNetEur,
        acquisitionNetLocal: line.acquisitionNetLocal,
        transactionCount: line.transactionCount,
        isIncomplete: line.incomplete,
        computedAt,
      })),
    ),
  );
  await insertInChunks(position.ossLines, (chunk) =>
    db.insert(ossReturnLines).values(
      chunk.map((line) => ({
        companyId,
        periodStart: line.periodStart,
        periodEnd: line.periodEnd,
        consumptionCountry: line.memberStateOfConsumption,
        dispatchCountry: line.memberStateOfDispatch,
        vatRate: line.vatRate,
        netEur: line.netEur,
        vatEur: line.vatEur,
        transactionCount: line.transactionCount,
        isIncomplete: line.incomplete,
      })),
    ),
  );
  await insertInChunks(position.ossThresholds, (chunk) =>
    db.insert(ossThresholdYears).values(
      chunk.map((year) => ({
        companyId,
        year: year.year,
        totalEur: year.distanceSalesEur,
        crossedOn: year.crossedOn,
        exceededPreviousYear: year.exceededPreviousYear,
        isIncomplete: year.incomplete,
      })),
    ),
  );
  await insertInChunks(
    position.problems.map((problem, sequence) => ({ problem, sequence })),
    (chunk) =>
      db.insert(taxPositionProblems).values(
        chunk.map(({ problem, sequence }) => ({
          companyId,
          sequence,
          problem: problem as unknown as Record<string, unknown>,
        })),
      ),
  );
}

/**
 * Replaces the company's (jurisdiction, day, rate) combinations, for the cross-check, straight from its visible
 * transactions: a few thousand rows that never need to pass through JavaScript. Call inside the recompute's
 * transaction.
 */
export async function replaceRateDays(db: Db, companyId: string): Promise<void> {
  await db.execute(sql`delete from transaction_rate_days where company_id = ${companyId}`);
  await db.execute(sql`
    insert into transaction_rate_days (company_id, jurisdiction, rate_date, vat_rate)
    select distinct ${companyId}::uuid, taxable_jurisdiction, tax_point_date, trim_scale(vat_rate)
    from transactions
    where company_id = ${companyId} and upload_id in ${visibleUploadsOf(companyId)}
      and taxable_jurisdiction is not null and vat_rate is not null
  `);
}
