import {
  type CompanyTaxProfile,
  type EcSalesListLine,
  type EcSalesListTotal,
  RETURNS_GRAIN,
  type TaxPosition,
  type TaxPositionProblem,
  type TransactionDaySum,
} from '@vatlas/domain';
import { and, eq, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import { lockUntilCommit } from '../../db/advisory-locks';
import { copyInTransaction, type Db, giveRequestsATurn, type Rows } from '../../db/client';
import { copyBinaryData, numericBound, textBound, uuidBytes } from '../../db/copy-binary';
import {
  ecSalesListLines,
  ecSalesListTotals,
  liabilities,
  ossReturnLines,
  ossThresholdYears,
  taxPositionProblems,
  taxPositionProfiles,
  transactions,
} from '../../db/schema';

/** Rows per INSERT: far below PostgreSQL's 65,535 parameters for the widest table (11 columns). */
const ROWS_PER_INSERT = 1000;

/**
 * The transactions of `companyId` that count: those of its completed uploads. Every read of `transactions` goes
 * through it, since an upload's rows exist before it completes (while importing) and until its delete has run. With
 * `completing`, that upload's count too, as they will once it completes (`DaySumScope`).
 */
export const visibleUploadsOf = (companyId: string, completing?: string) => {
  const counts = completing ? sql`(status = 'completed' or id = ${completing})` : sql`status = 'completed'`;
  return sql`(select id from transaction_uploads where company_id = ${companyId} and ${counts})`;
};

/**
 * The transaction row is one of `uploads` (an SQL array of upload ids). Written as a test on an array of the few
 * upload ids, not as `upload_id in (…)`: right after a bulk COPY (and on PGlite, which has no autovacuum, until someone
 * runs ANALYZE) the planner believes `transactions` is empty, and it turned that condition into a walk of every row of
 * every upload through the upload ids' BRIN index (`transactions_upload_search_idx`) — 0.35 s at a million rows for
 * data health's count of the handful of rows that have a VAT difference. As a filter it can only be checked row by row
 * on the rows another index found: the keyset indexes' page, the partial indexes' few rows, a month of the identity
 * key.
 */
export const isTransactionOfUploads = (uploads: SQL) => sql`(${transactions.uploadId} = any(${uploads})) is true`;

/** The transaction row counts: its upload is one of the company's completed uploads (`visibleUploadsOf`). */
export const isVisibleTransaction = (companyId: string) =>
  isTransactionOfUploads(sql`array${visibleUploadsOf(companyId)}`);

/**
 * Day sums travel from the database as one tab-separated text line each. PGlite hands every field of a result row to
 * JavaScript on its own, at about a microsecond a field: 146,750 sums of thirteen fields took 2.2 s to read, as one
 * line each 0.5 s (PostgreSQL's driver does not mind either way). The fields of `TransactionDaySum`, in the order
 * `asDaySumLines` writes them: codes, ISO dates, decimals and counts, none of which holds a tab; '' for null (none of
 * them is ever empty); the buyer's VAT number last, after a '=' when there is one, so whatever it holds stays in it.
 */
type DaySumLine = { line: string };

/** The inner query's columns, by the names `asDaySumLines` concatenates: every field of `TransactionDaySum`. */
const asDaySumLines = (inner: SQL, orderBy?: SQL) => sql`
  select concat_ws(E'\t', treatment, "date", coalesce("departureCountry", ''), coalesce("arrivalCountry", ''),
    coalesce("taxableJurisdiction", ''), coalesce(currency, ''), coalesce("vatRate", ''), "netAmount", "vatAmount",
    "grossAmount", coalesce("computedVatAmount", ''), "transactionCount", coalesce('=' || "buyerVatNumber", '')) as line
  from (${inner}) as sums
  ${orderBy ? sql`order by ${orderBy}` : sql``}
`;

/**
 * The amounts and the count of a grouped day-sum query, by the names `asDaySumLines` reads. The computed VAT stays
 * null: neither the returns nor the EC sales list read it.
 */
const SUMMED_AMOUNTS = sql`
  sum(net_amount)::text as "netAmount",
  sum(vat_amount)::text as "vatAmount",
  sum(gross_amount)::text as "grossAmount",
  null::text as "computedVatAmount",
  sum(transaction_count)::int as "transactionCount"`;

/**
 * The day sums' aggregates group by the day first, by the column itself: a date compares as a number and settles most
 * of the sort's comparisons, where a text column first (the treatment, or the day as text) made each one compare text.
 * Measured on the 1M-row benchmark's sums: the returns' aggregate 375 → 300 ms, the EC Sales List's 260 → 166 ms, the
 * rate days 126 → 85 ms.
 */
const orNull = (field: string | undefined): string | null => (field ? field : null);

/** A line of `asDaySumLines` as the day sum it stands for. */
function parseDaySumLine({ line }: DaySumLine): TransactionDaySum {
  const fields = line.split('\t');
  // The buyer's VAT number is last and may hold tabs of its own.
  const buyer = fields.length > 13 ? fields.slice(12).join('\t') : (fields[12] ?? '');
  return {
    treatment: fields[0] as TransactionDaySum['treatment'],
    date: fields[1] ?? '',
    departureCountry: orNull(fields[2]),
    arrivalCountry: orNull(fields[3]),
    taxableJurisdiction: orNull(fields[4]),
    currency: orNull(fields[5]),
    vatRate: orNull(fields[6]),
    netAmount: fields[7] ?? '',
    vatAmount: fields[8] ?? '',
    grossAmount: fields[9] ?? '',
    computedVatAmount: orNull(fields[10]),
    transactionCount: Number(fields[11]),
    buyerVatNumber: buyer === '' ? null : buyer.slice(1),
  };
}

const treatmentList = (treatments: readonly string[]) =>
  sql.join(
    treatments.map((treatment) => sql`${treatment}`),
    sql`, `,
  );

/**
 * The calendar years a recompute reads and replaces, ascending; `undefined` for every year. A recompute after an
 * upload replaces the years its tax points fall in and the years after them (see `recomputeTaxPosition`); the other
 * years' stored lines stay as they are.
 */
export type TaxYears = readonly number[] | undefined;

/**
 * The day sums a recompute reads: the company's, of `years`. With `completing`, the sums of that upload count too,
 * though it is not completed yet: a completion computes the position it will store before its transaction begins
 * (`prepareTaxPosition`).
 */
export type DaySumScope = { companyId: string; years: TaxYears; completing?: string };

/** `years` as an SQL array of integers. */
const yearArray = (years: readonly number[]): SQL => sql`${`{${years.join(',')}}`}::int[]`;

/** A condition on a year column: it is one of `years` (always true for every year). */
const isTaxYear = (year: SQL, years: TaxYears): SQL =>
  years === undefined ? sql`true` : sql`${year} = any(${yearArray(years)})`;

/** A condition on a date column: its year is one of `years`. */
const inTaxYears = (date: SQL, years: TaxYears): SQL => isTaxYear(sql`extract(year from ${date})::int`, years);

/**
 * The stored day sums of the company's visible uploads (`transaction_day_sums`, written per upload when its rows were
 * loaded, at the finest grain any output reads: every dimension of `TransactionDaySum`, the buyer VAT number
 * included). The returns' sums, the EC sales list's and the rate days are each summed from them: the rows themselves
 * are never read, and what is read three times is some tens of thousands of sums.
 */
const visibleDaySumsOf = ({ companyId, years, completing }: DaySumScope) =>
  sql`transaction_day_sums where upload_id in ${visibleUploadsOf(companyId, completing)}
    and ${inTaxYears(sql`tax_point_date`, years)}`;

/**
 * The first and last tax point of the day sums of `scope` (undefined when there are none): the rates window. Read from
 * the day-sum index (upload, date) as each visible upload's first and last day of each year asked, so its cost grows
 * with the uploads, not with their sums: a scan of every sum took 70-120 ms at 150,000 of them, and more beside the
 * returns' and the EC Sales List's grouping, which `prepareTaxPosition` runs at the same time. It counts the sums the
 * returns leave out too (movements, the marketplace's supplies): a wider window loads a few more rates and converts
 * nothing differently, since every sum converted lies inside it either way.
 */
export async function selectTaxPointSpan(
  db: Db,
  { companyId, years, completing }: DaySumScope,
): Promise<{ first: string; last: string } | undefined> {
  const yearsAsked =
    years === undefined
      ? sql`(values (null::date, null::date))`
      : sql`(select make_date(year, 1, 1), make_date(year + 1, 1, 1) from unnest(${yearArray(years)}) as year)`;
  const inYear =
    years === undefined ? sql`` : sql`and sums.tax_point_date >= asked.start and sums.tax_point_date < asked.stop`;
  const result = (await db.execute(sql`
    select min(span.first)::text as "first", max(span.last)::text as "last"
    from transaction_uploads as upload
      cross join ${yearsAsked} as asked (start, stop)
      cross join lateral (
        select min(sums.tax_point_date) as first, max(sums.tax_point_date) as last
        from transaction_day_sums as sums
        where sums.upload_id = upload.id ${inYear}
      ) as span
    where upload.id in ${visibleUploadsOf(companyId, completing)}
  `)) as unknown as Rows<{ first: string | null; last: string | null }>;
  const span = result.rows[0];
  return span?.first && span.last ? { first: span.first, last: span.last } : undefined;
}

/**
 * The intra-EU distance sales from `visibleDaySumsOf` per day and currency, the grain `coarsenForThreshold` pins in
 * the domain: what the €10,000 threshold reads, a few sums a day.
 */
export async function selectDistanceSaleDaySums(db: Db, scope: DaySumScope): Promise<TransactionDaySum[]> {
  const result = (await db.execute(
    asDaySumLines(sql`
    select
      treatment,
      tax_point_date::text as "date",
      null::text as "departureCountry",
      null::text as "arrivalCountry",
      null::text as "taxableJurisdiction",
      currency,
      null::text as "vatRate",
      null::text as "buyerVatNumber",
      ${SUMMED_AMOUNTS}
    from ${visibleDaySumsOf(scope)}
      and treatment = 'intra-eu-distance-sale'
    group by tax_point_date, 1, 6
  `),
  )) as unknown as Rows<DaySumLine>;
  return result.rows.map(parseDaySumLine);
}

/** Sums fetched from a day-sum cursor at a time. */
const DAY_SUM_FETCH_ROWS = 2000;

/** Cursors declared so far: each gets a name of its own (`forEachDaySumFetch`). */
let cursorsDeclared = 0;

/**
 * Runs a day-sum query (the inner query of `asDaySumLines`) through a cursor named after `cursor`, handing `onSums` at
 * most `fetchRows` sums at a time: what is held is one fetch, whatever the company's number of sums. Inside a
 * transaction or, on PGlite's one session, outside any (`prepareTaxPosition`): the cursor is declared WITH HOLD, so
 * that outside a transaction its result is computed at once and each fetch is a statement of its own, between which
 * other requests run. PGlite answers on this thread, so a statement's answer comes as soon as it is asked for: each
 * statement waits for the event loop's turn first (`giveRequestsATurn`), or a request that arrived meanwhile would
 * wait for the last fetch. Each cursor has a name of its own: on PGlite a recompute that runs meanwhile declares its
 * cursors on the same session. Closed however it ends, so none outlives its use on a session that lives on.
 */
async function forEachDaySumFetch(
  db: Db,
  cursor: string,
  query: SQL,
  onSums: (sums: TransactionDaySum[]) => Promise<void>,
  fetchRows: number,
): Promise<void> {
  const rows = Math.max(1, Math.floor(fetchRows));
  cursorsDeclared += 1;
  const name = `${cursor}_${cursorsDeclared}`;
  await giveRequestsATurn();
  await db.execute(sql`declare ${sql.identifier(name)} no scroll cursor with hold for ${query}`);
  const close = () => db.execute(sql`close ${sql.identifier(name)}`);
  try {
    for (;;) {
      await giveRequestsATurn();
      const result = (await db.execute(sql.raw(`fetch forward ${rows} from "${name}"`))) as unknown as Rows<DaySumLine>;
      if (result.rows.length > 0) await onSums(result.rows.map(parseDaySumLine));
      if (result.rows.length < rows) break;
    }
  } catch (error) {
    // In a transaction the failure may have ended it, and the cursor with it; the failure is what to report.
    await close().catch(() => undefined);
    throw error;
  }
  await close();
}

/**
 * The day sums at the returns' grain (`RETURNS_GRAIN`, pinned by `coarsenForReturns` in the domain), from
 * `visibleDaySumsOf`, a fetch at a time in no particular order (the returns take their sums in any order and split).
 * Treatments in no return are left out, and the arrival country, the rate and the file's jurisdiction only split
 * sums where a return reads them. The buyer's VAT number is left out: only the EC sales list needs it, and with it every business customer
 * would split the sums again. Sums travel as text (`asDaySumLines`), so both drivers hand back exact decimal strings;
 * the rate loses its trailing zeros (0.190000 → 0.19).
 */
export async function forEachReturnsDaySums(
  db: Db,
  scope: DaySumScope,
  onSums: (sums: TransactionDaySum[]) => Promise<void>,
  fetchRows = DAY_SUM_FETCH_ROWS,
): Promise<void> {
  const withoutArrival = treatmentList(RETURNS_GRAIN.withoutArrival);
  const taxableSales = treatmentList(RETURNS_GRAIN.withRateAndJurisdiction);
  const inner = sql`
    select
      treatment,
      tax_point_date::text as "date",
      departure_country as "departureCountry",
      case when treatment in (${withoutArrival}) then null else arrival_country end as "arrivalCountry",
      case when treatment in (${taxableSales}) then taxable_jurisdiction end as "taxableJurisdiction",
      currency,
      case when treatment in (${taxableSales}) then trim_scale(vat_rate)::text end as "vatRate",
      null::text as "buyerVatNumber",
      ${SUMMED_AMOUNTS}
    from ${visibleDaySumsOf(scope)}
      and treatment not in (${treatmentList(RETURNS_GRAIN.outsideReturns)})
    group by tax_point_date, 1, 3, 4, 5, 6, 7
  `;
  await forEachDaySumFetch(db, 'tax_position_returns_sums', asDaySumLines(inner), onSums, fetchRows);
}

/** The treatments the EC sales list reports (tax-engine `createEcSalesListBuilder`). */
const EC_SALES_LIST_TREATMENTS = ['intra-eu-b2b-supply', 'own-goods-transfer'] as const;

/**
 * The EC sales list's day sums from `visibleDaySumsOf` (per buyer VAT number; the rate and the jurisdiction, which
 * the list does not read, summed away), in date order through a cursor: `onMonths` gets every calendar month whole,
 * in order, a few months at most at a time, so only that much is held whatever the number of business customers.
 */
export async function forEachEcSalesListMonth(
  db: Db,
  scope: DaySumScope,
  onMonths: (sums: TransactionDaySum[]) => Promise<void>,
  fetchRows = DAY_SUM_FETCH_ROWS,
): Promise<void> {
  const inner = sql`
    select
      treatment,
      tax_point_date::text as "date",
      departure_country as "departureCountry",
      arrival_country as "arrivalCountry",
      null::text as "taxableJurisdiction",
      currency,
      null::text as "vatRate",
      buyer_vat_number as "buyerVatNumber",
      ${SUMMED_AMOUNTS},
      tax_point_date as "day"
    from ${visibleDaySumsOf(scope)}
      and treatment in (${treatmentList(EC_SALES_LIST_TREATMENTS)})
    group by tax_point_date, 8, 1, 3, 4, 6
  `;
  // A fetch may end inside a month: its sums wait for the next fetch, so a month is always handed over whole.
  let pending: TransactionDaySum[] = [];
  await forEachDaySumFetch(
    db,
    'tax_position_esl_sums',
    // In the order the grouping sorted them: no sort of its own.
    asDaySumLines(inner, sql`"day"`),
    async (fetched) => {
      const sums = pending.concat(fetched);
      const lastMonth = (sums[sums.length - 1] as TransactionDaySum).date.slice(0, 7);
      let split = sums.length;
      while (split > 0 && (sums[split - 1] as TransactionDaySum).date.slice(0, 7) === lastMonth) split--;
      pending = sums.slice(split);
      if (split > 0) await onMonths(sums.slice(0, split));
    },
    fetchRows,
  );
  if (pending.length > 0) await onMonths(pending);
}

async function insertInChunks<T>(rows: readonly T[], insert: (chunk: T[]) => Promise<unknown>): Promise<void> {
  for (let start = 0; start < rows.length; start += ROWS_PER_INSERT) {
    await insert(rows.slice(start, start + ROWS_PER_INSERT));
  }
}

/** Stores the EC Sales List's totals of a recompute (`createEcSalesListTotals`), after `clearTaxPosition`. */
export async function insertEcSalesListTotals(
  db: Db,
  companyId: string,
  totals: readonly EcSalesListTotal[],
): Promise<void> {
  await insertInChunks(totals, (chunk) =>
    db.insert(ecSalesListTotals).values(chunk.map((total) => ({ companyId, ...total }))),
  );
}

/**
 * Deletes the company's stored tax position of `years` (its rate days included); the recompute then inserts the new
 * one in the same transaction. Every line's period lies in one calendar year: months, quarters, the threshold's year.
 */
export async function clearTaxPosition(db: Db, companyId: string, years: TaxYears): Promise<void> {
  await db
    .delete(liabilities)
    .where(and(eq(liabilities.companyId, companyId), inTaxYears(sql`${liabilities.periodStart}`, years)));
  await db
    .delete(ossReturnLines)
    .where(and(eq(ossReturnLines.companyId, companyId), inTaxYears(sql`${ossReturnLines.periodStart}`, years)));
  await db
    .delete(ecSalesListLines)
    .where(and(eq(ecSalesListLines.companyId, companyId), inTaxYears(sql`${ecSalesListLines.periodStart}`, years)));
  await db
    .delete(ecSalesListTotals)
    .where(and(eq(ecSalesListTotals.companyId, companyId), inTaxYears(sql`${ecSalesListTotals.periodStart}`, years)));
  await db
    .delete(ossThresholdYears)
    .where(and(eq(ossThresholdYears.companyId, companyId), isTaxYear(sql`${ossThresholdYears.year}`, years)));
  await db
    .delete(taxPositionProblems)
    .where(and(eq(taxPositionProblems.companyId, companyId), isTaxYear(sql`${taxPositionProblems.year}`, years)));
  await db.execute(sql`
    delete from transaction_rate_days
    where company_id = ${companyId} and ${inTaxYears(sql`rate_date`, years)}
  `);
}

/**
 * Makes the calling transaction the only one recomputing the company's tax position until it ends. Two at once (an
 * import completing while the seller deletes another upload or changes schemes) would each delete the lines they see
 * and insert their own; the second's delete cannot see the first's uncommitted lines, so it would insert them again
 * (and the liabilities' key would then refuse the whole change). Waiting here, the second reads what the first
 * committed. A transaction-level advisory lock: it ends with the transaction, and holds back no reader and no insert
 * that references the company.
 */
export async function lockTaxPosition(db: Db, companyId: string): Promise<void> {
  await lockUntilCommit(db, 'taxPosition', companyId);
}

/**
 * Whether the company's stored tax position was computed with `profile` (see `taxPositionProfiles`) and no recompute of
 * every year was asked for since (`recomputeRequestedAt`).
 */
export async function isComputedWithProfile(db: Db, companyId: string, profile: CompanyTaxProfile): Promise<boolean> {
  const [row] = await db
    .select({ companyId: taxPositionProfiles.companyId })
    .from(taxPositionProfiles)
    .where(
      and(
        eq(taxPositionProfiles.companyId, companyId),
        sql`${taxPositionProfiles.profile} = ${JSON.stringify(profile)}::jsonb`,
        isNull(taxPositionProfiles.recomputeRequestedAt),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/**
 * Records the profile the company's stored tax position was computed with, and counts the recompute. A recompute of
 * every year that was asked for is done with it: only a whole recompute stores with a request pending, since a scoped
 * one takes every year while the request stands (`isComputedWithProfile`).
 */
export async function storeComputedProfile(db: Db, companyId: string, profile: CompanyTaxProfile): Promise<void> {
  const value = profile as unknown as Record<string, unknown>;
  await db
    .insert(taxPositionProfiles)
    .values({ companyId, profile: value })
    .onConflictDoUpdate({
      target: taxPositionProfiles.companyId,
      set: { profile: value, generation: sql`${taxPositionProfiles.generation} + 1`, recomputeRequestedAt: null },
    });
}

/**
 * Asks for a recompute of every company whose stored position misses an exchange rate (a `missing-rate` problem):
 * new rates came, and may complete it. The import worker runs the requests (`selectRecomputeRequests`). Answers how
 * many companies were asked for.
 */
export async function requestRecomputesOfMissingRates(db: Db): Promise<number> {
  const result = (await db.execute(sql`
    update tax_position_profiles set recompute_requested_at = coalesce(recompute_requested_at, now())
    where company_id in (
      select distinct company_id from tax_position_problems where problem->>'kind' = 'missing-rate'
    )
    returning company_id`)) as unknown as { rows: unknown[] };
  return result.rows.length;
}

/** The companies whose tax position is to be recomputed over every year (`taxPositionProfiles.recomputeRequestedAt`). */
export async function selectRecomputeRequests(db: Db): Promise<string[]> {
  const rows = await db
    .select({ companyId: taxPositionProfiles.companyId })
    .from(taxPositionProfiles)
    .where(isNotNull(taxPositionProfiles.recomputeRequestedAt))
    .orderBy(taxPositionProfiles.recomputeRequestedAt);
  return rows.map((row) => row.companyId);
}

/**
 * How many times the company's stored tax position was replaced (`taxPositionProfiles.generation`); null before its
 * first recompute.
 */
export async function selectTaxPositionGeneration(db: Db, companyId: string): Promise<number | null> {
  const [row] = await db
    .select({ generation: taxPositionProfiles.generation })
    .from(taxPositionProfiles)
    .where(eq(taxPositionProfiles.companyId, companyId));
  return row === undefined ? null : Number(row.generation);
}

/**
 * The years whose stored problems include a missing exchange rate, ascending: rates published or imported since may
 * settle them, and nothing but a recompute of those years would.
 */
export async function selectYearsWithMissingRates(db: Db, companyId: string): Promise<number[]> {
  const rows = await db
    .selectDistinct({ year: taxPositionProblems.year })
    .from(taxPositionProblems)
    .where(
      and(eq(taxPositionProblems.companyId, companyId), sql`${taxPositionProblems.problem}->>'kind' = 'missing-rate'`),
    );
  return rows.flatMap((row) => (row.year === null ? [] : [row.year])).sort((a, b) => a - b);
}

/** The columns of `encodeEcSalesListLines`'s rows, in the order it writes them. */
const EC_SALES_LIST_COPY_COLUMNS = [
  'company_id',
  'reporting_country',
  'period_start',
  'period_end',
  'customer_vat_number',
  'kind',
  'net_eur',
  'net_local',
  'currency',
  'transaction_count',
  'is_incomplete',
] as const;
/** A line's bytes besides its texts and decimals: the field count, then a uuid, two dates, an int and a flag. */
const EC_SALES_LIST_LINE_FIXED_BYTES = 2 + (4 + 16) + 2 * (4 + 4) + (4 + 4) + (4 + 1);

/**
 * The company's EC sales list lines as binary COPY data (db/copy-binary.ts) for `EC_SALES_LIST_COPY_COLUMNS`, as
 * `copyEcSalesListLines` stores them: about 120 bytes a line.
 */
export function encodeEcSalesListLines(companyId: string, lines: readonly EcSalesListLine[]): Uint8Array {
  let rowBytes = 0;
  for (const line of lines) {
    rowBytes +=
      EC_SALES_LIST_LINE_FIXED_BYTES +
      textBound(line.reportingCountry) +
      textBound(line.customerVatNumber) +
      textBound(line.kind) +
      textBound(line.currency) +
      numericBound(line.netEur) +
      numericBound(line.netLocal);
  }
  const company = uuidBytes(companyId);
  return copyBinaryData(rowBytes, (writer) => {
    for (const line of lines) {
      writer.row(EC_SALES_LIST_COPY_COLUMNS.length);
      writer.uuid(company);
      writer.text(line.reportingCountry);
      writer.date(line.periodStart);
      writer.date(line.periodEnd);
      writer.text(line.customerVatNumber);
      writer.text(line.kind);
      writer.numeric(line.netEur);
      writer.numeric(line.netLocal);
      writer.text(line.currency);
      writer.int32(line.transactionCount);
      writer.boolean(line.incomplete);
    }
  });
}

/**
 * Inserts EC sales list lines, in the caller's transaction (or one of its own), with a binary COPY: a seller with many
 * business buyers has thousands of lines a month, where drizzle's row-by-row parameters, one JSON document, or one
 * text array per column (the database must parse them all) cost more than the aggregate that produced them. Measured
 * on the 1M-row benchmark's 75,025 lines (decision 029): the recompute about 0.1 s shorter than with the text arrays
 * on PostgreSQL, 0.3 s on PGlite. The recompute calls it once per month, so one month of lines is in memory at a time.
 */
export async function insertEcSalesListLines(
  db: Db,
  companyId: string,
  lines: readonly EcSalesListLine[],
): Promise<void> {
  if (lines.length > 0) await copyEcSalesListLines(db, encodeEcSalesListLines(companyId, lines));
}

/** Stores EC sales list lines encoded by `encodeEcSalesListLines`, in the caller's transaction (or one of its own). */
export async function copyEcSalesListLines(db: Db, data: Uint8Array): Promise<void> {
  await copyInTransaction(db, `ec_sales_list_lines (${EC_SALES_LIST_COPY_COLUMNS.join(', ')})`, data, 'binary');
}

/**
 * Inserts the liabilities, OSS lines and threshold years of a tax position, after `clearTaxPosition`; the EC sales list
 * and the problems have their own (`insertEcSalesListLines`, `insertTaxPositionProblems`).
 */
export async function insertTaxPosition(
  db: Db,
  companyId: string,
  position: Pick<TaxPosition, 'liabilities' | 'ossLines' | 'ossThresholds'>,
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
}

/**
 * Inserts the problems each year's tax points raised, after `clearTaxPosition`, numbered after the company's problems
 * of the years not recomputed.
 */
export async function insertTaxPositionProblems(
  db: Db,
  companyId: string,
  problemsByYear: ReadonlyMap<number, readonly TaxPositionProblem[]>,
): Promise<void> {
  const rows = [...problemsByYear].flatMap(([year, problems]) => problems.map((problem) => ({ year, problem })));
  if (rows.length === 0) return;
  const [last] = await db
    .select({ sequence: sql<number>`coalesce(max(${taxPositionProblems.sequence}), -1)::int` })
    .from(taxPositionProblems)
    .where(eq(taxPositionProblems.companyId, companyId));
  const first = Number(last?.sequence ?? -1) + 1;
  await insertInChunks(
    rows.map((row, index) => ({ ...row, sequence: first + index })),
    (chunk) =>
      db.insert(taxPositionProblems).values(
        chunk.map(({ year, problem, sequence }) => ({
          companyId,
          sequence,
          year,
          problem: problem as unknown as Record<string, unknown>,
        })),
      ),
  );
}

/**
 * The company's (jurisdiction, day, rate) combinations of `scope`, for the cross-check, from `visibleDaySumsOf`, as
 * COPY text data for `copyRateDays`: a few thousand lines (9,513 for the 1M-row benchmark's year), which travel as one
 * value, so that PGlite hands JavaScript one field instead of three a line. Codes, ISO dates and decimals hold no tab,
 * newline or backslash.
 */
export async function selectRateDays(db: Db, scope: DaySumScope): Promise<Uint8Array> {
  const result = (await db.execute(sql`
    select coalesce(string_agg(concat_ws(E'\t', ${scope.companyId}::text, jurisdiction, day::text, rate::text), E'\n'), '')
      as lines
    from (
      select taxable_jurisdiction as jurisdiction, tax_point_date as day, trim_scale(vat_rate) as rate
      from ${visibleDaySumsOf(scope)}
        and taxable_jurisdiction is not null and vat_rate is not null
      group by tax_point_date, taxable_jurisdiction, trim_scale(vat_rate)
    ) as rate_days
  `)) as unknown as Rows<{ lines: string }>;
  const lines = result.rows[0]?.lines ?? '';
  return lines === '' ? new Uint8Array() : Buffer.from(`${lines}\n`);
}

/** Stores rate days selected by `selectRateDays`, after `clearTaxPosition`, in the caller's transaction. */
export async function copyRateDays(db: Db, data: Uint8Array): Promise<void> {
  if (data.byteLength === 0) return;
  await copyInTransaction(db, 'transaction_rate_days (company_id, jurisdiction, rate_date, vat_rate)', data, 'text');
}
