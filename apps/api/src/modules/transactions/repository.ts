import type { RowCondition } from '@vatlas/domain';
import { and, asc, desc, eq, inArray, isNotNull, ne, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db, Rows } from '../../db/client';
import { transactionDaySums, transactions } from '../../db/schema';
import { isUuid } from '../company/repository';
import { isVisibleTransaction, visibleUploadsOf } from '../tax-position/repository';
import { transactionIdRange } from '../transaction-upload/transaction-identity';

export type TransactionRecord = typeof transactions.$inferSelect;

export type TransactionKey = { taxPointDate: string; id: string };

export type TransactionFilter = {
  companyId: string;
  period?: { start: string; end: string };
  jurisdiction?: string;
  /** The rows of one country's liability (`taxedInCondition`), the company's facts already in it. */
  taxedIn?: RowCondition;
  /** The rows on one country's EC Sales List (`ecSalesListCondition`). */
  ecSalesList?: RowCondition;
  type?: string;
  treatment?: string;
  /** The format the row was read from (`TransactionSource`): the sales channel. */
  source?: string;
  country?: string;
  search?: string;
  sort: 'date-desc' | 'date-asc';
  after?: TransactionKey;
  limit: number;
};

/** The list's filters without position, order or size: what the list, its count and its export share. */
export type TransactionFilterConditions = Omit<TransactionFilter, 'sort' | 'after' | 'limit'>;

/**
 * The WHERE conditions of the filters. The date range is also a range of ids (`transactionIdRange`: ids begin with
 * their row's date, decision 057), so a month is a range scan of the identity key, never a scan of the company's
 * rows. The jurisdiction is that key's third column, so its filter is checked on the key's entries, not on the rows
 * (decision 032).
 */
function filterConditions(filter: TransactionFilterConditions): (SQL | undefined)[] {
  const conditions: (SQL | undefined)[] = [
    eq(transactions.companyId, filter.companyId),
    isVisibleTransaction(filter.companyId),
  ];
  if (filter.period) conditions.push(...periodConditions(filter.period));
  if (filter.jurisdiction) conditions.push(eq(transactions.taxableJurisdiction, filter.jurisdiction));
  if (filter.taxedIn) conditions.push(rowConditionSql(filter.taxedIn));
  if (filter.ecSalesList) conditions.push(rowConditionSql(filter.ecSalesList));
  if (filter.type) conditions.push(eq(transactions.transactionType, filter.type));
  if (filter.treatment) conditions.push(eq(transactions.treatment, filter.treatment));
  if (filter.source) conditions.push(eq(transactions.source, filter.source));
  if (filter.country) {
    conditions.push(
      or(eq(transactions.departureCountry, filter.country), eq(transactions.arrivalCountry, filter.country)),
    );
  }
  if (filter.search) {
    // Whole values, which the bloom indexes answer (decision 054): a prefix would read every row of the range.
    conditions.push(
      or(
        eq(transactions.eventId, filter.search),
        eq(transactions.activityId, filter.search),
        eq(transactions.sku, filter.search),
      ),
    );
  }
  return conditions;
}

/**
 * The rows dated within `period`: the ids of those days (a range of the identity key) and, for a reader, the dates. A
 * range whose start comes after its end (`NO_DAYS`) holds no row, which the planner is told as `false`: as two
 * conditions no row meets, it would walk every row of the company to find none.
 */
function periodConditions(period: { start: string; end: string }): SQL[] {
  if (period.start > period.end) return [sql`false`];
  const ids = transactionIdRange(period.start, period.end);
  return [
    sql`${transactions.id} between ${ids.first}::uuid and ${ids.last}::uuid`,
    sql`${transactions.taxPointDate} between ${period.start} and ${period.end}`,
  ];
}

/** The columns a row condition reads, which the rows and their day sums both have. */
type RowConditionColumns = Record<
  'treatment' | 'departureCountry' | 'arrivalCountry' | 'taxPointDate' | 'vatRate',
  AnyPgColumn
>;

/**
 * A row condition of the tax engine's (`RowCondition`) as SQL on the row's own columns, or on those of its day sum. A
 * comparison with a column that is null is never true, as `matchesRowCondition` decides, and no condition is negated,
 * so null means false. Checked on the rows: a country's rows are found within the scanned dates.
 */
function rowConditionSql(condition: RowCondition, columns: RowConditionColumns = transactions): SQL {
  const countryColumn = { departureCountry: columns.departureCountry, arrivalCountry: columns.arrivalCountry };
  const each = (conditions: readonly RowCondition[]) => conditions.map((part) => rowConditionSql(part, columns));
  switch (condition.kind) {
    case 'all':
      return condition.of.length === 0 ? sql`true` : sql`(${and(...each(condition.of))})`;
    case 'any':
      return condition.of.length === 0 ? sql`false` : sql`(${or(...each(condition.of))})`;
    case 'treatment':
      return inArray(columns.treatment, [...condition.in]);
    case 'country':
      return eq(countryColumn[condition.field], condition.is);
    case 'country-other-than':
      return ne(countryColumn[condition.field], condition.not);
    case 'country-known':
      return isNotNull(countryColumn[condition.field]);
    case 'country-in':
      return inArray(countryColumn[condition.field], [...condition.in]);
    case 'date':
      return sql`${columns.taxPointDate} between ${condition.from} and ${condition.to}`;
    case 'vat-charged':
      return sql`${columns.vatRate} > 0`;
  }
}

/**
 * The filters a day sum can check, on its own columns (`transaction_day_sums`: an upload's rows summed per day over
 * the dimensions the tax engine reads); none when the filter has none of them. The source is its upload's, and the
 * type and the search are not a sum's to check.
 */
function daySumConditions(filter: TransactionFilterConditions): SQL[] {
  const conditions: SQL[] = [];
  if (filter.jurisdiction) conditions.push(eq(transactionDaySums.taxableJurisdiction, filter.jurisdiction));
  if (filter.taxedIn) conditions.push(rowConditionSql(filter.taxedIn, transactionDaySums));
  if (filter.ecSalesList) conditions.push(rowConditionSql(filter.ecSalesList, transactionDaySums));
  if (filter.treatment) conditions.push(eq(transactionDaySums.treatment, filter.treatment));
  if (filter.country) {
    conditions.push(
      or(
        eq(transactionDaySums.departureCountry, filter.country),
        eq(transactionDaySums.arrivalCountry, filter.country),
      ) as SQL,
    );
  }
  return conditions;
}

/**
 * Where the day sums of the rows the filter can match are: the company's visible uploads (`upload`) of the filter's
 * source, and the conditions on a sum of one of them (`daySumConditions`), its upload and the range included. The sums
 * hold exactly the upload's stored rows (written with them, replaced from them when a load skipped rows already stored,
 * deleted with them), and every row of an upload was read from a file of the upload's format.
 */
function daySumScope(filter: TransactionFilterConditions, conditions: SQL[]): { uploads: SQL; sums: SQL } {
  const period = filter.period;
  return {
    uploads: and(
      sql`upload.id in ${visibleUploadsOf(filter.companyId)}`,
      filter.source ? sql`upload.source_format = ${filter.source}` : undefined,
    ) as SQL,
    sums: and(
      sql`${transactionDaySums.uploadId} = upload.id`,
      period ? sql`${transactionDaySums.taxPointDate} between ${period.start} and ${period.end}` : undefined,
      ...conditions,
    ) as SQL,
  };
}

/**
 * Rows of the company holding a SKU from which a search for it walks the identity key in date order instead of
 * gathering its rows through the bloom index. A walk reads rows until it has a page (50 of a SKU in 1,000 of a million
 * rows: some 50,000 rows); the blooms read the 32 pages of every range the SKU is in, which for a SKU spread over the
 * year is about one range per row: the two meet near √(1.6 × rows), some 1,300 at a million rows. 500 keeps either
 * read to tens of milliseconds there, and is reached at once by a SKU that many rows have.
 */
const COMMON_SEARCH_ROWS = 500;

/**
 * Runs `read`, reads of the rows the filter matches, with the planner told how a search is found: through the bloom
 * indexes of its three columns (decision 054), or along the identity key for a SKU that many rows have; never by
 * reading the table from end to end or in parallel. PostgreSQL costs a BRIN index by the order of its column's values
 * in the table, which ids have none of, so it believes a bloom filter rules out no page: at 1M rows it chose a parallel
 * scan of every row, 340-380 ms on the AMD EPYC, where the blooms find an id no row has in 13-20 ms (63 ms with parallel
 * workers, 50 of them spent starting the workers). Nor can it tell a common SKU from one no row has: a SKU outside the
 * statistics' common values is estimated at the average of the rest, hundreds of rows at a million with 39 SKUs and a
 * sample of 7,500 rows (migration 0037), and the walk, which reads every row of the company to find none, looked
 * cheaper (1.44 s against 19 ms). So the search first counts the company's rows of the SKU through its bloom index, up
 * to `COMMON_SEARCH_ROWS` (2-8 ms at 1M rows): below it index scans are off and the blooms answer; from it the
 * planner may walk (a common SKU's first page in 2 ms). Event and activity ids belong to a transaction or an order, a
 * few rows each. A filter without a search is read as it is. The settings last until the end of the transaction they
 * are made in.
 */
export async function withSearchPlan<T>(
  db: Db,
  filter: TransactionFilterConditions,
  read: (db: Db) => Promise<T>,
): Promise<T> {
  const { search } = filter;
  if (!search) return read(db);
  return db.transaction(async (tx) => {
    const txDb = tx as unknown as Db;
    await txDb.execute(
      sql`select set_config('enable_seqscan', 'off', true), set_config('max_parallel_workers_per_gather', '0', true),
        set_config('enable_indexscan', 'off', true)`,
    );
    const [probe] = (
      (await txDb.execute(sql`
        select count(*)::int as "rows" from (
          select 1 from ${transactions}
          where ${transactions.companyId} = ${filter.companyId} and ${transactions.sku} = ${search}
          limit ${COMMON_SEARCH_ROWS}
        ) as skus`)) as unknown as Rows<{ rows: number }>
    ).rows;
    if ((probe?.rows ?? 0) >= COMMON_SEARCH_ROWS) {
      await txDb.execute(sql`select set_config('enable_indexscan', 'on', true)`);
    }
    return read(txDb);
  });
}

/** A date range no date is in: what a filter that can match no stored row is narrowed to. */
export const NO_DAYS = { start: '9999-12-31', end: '0001-01-01' } as const;

/**
 * The filter with its date range narrowed to the first and the last day on which a stored row can match it, as the
 * day sums tell (`daySumScope`): a filter that no row matches is otherwise answered by reading every row of its range
 * to find none (at a million rows a year, a source no upload has took 60-190 ms and a month's rows taxed in Malta,
 * which had none, 30-110 ms), and one whose last match is early reads the rest of the range for the row after it.
 * Each end is the first matching sum of each upload from that end (their index is by upload and day), and the sums
 * are some seven times fewer than the rows: at a million rows a year, a month's sums are read in 3-4 ms, all of them
 * in about 20 ms, and a walk without a range stops at the first match. Unchanged when the filter has nothing a day sum
 * can check, and narrowed to `NO_DAYS` when no day can match.
 */
export async function narrowToStoredDays(
  db: Db,
  filter: TransactionFilterConditions,
): Promise<TransactionFilterConditions> {
  const conditions = daySumConditions(filter);
  if (conditions.length === 0 && !filter.source) return filter;
  const { uploads, sums } = daySumScope(filter, conditions);
  const storedDay = async (end: 'first' | 'last') => {
    const result = (await db.execute(sql`
      select ${end === 'first' ? sql`min` : sql`max`}(matching.day)::text as "day"
      from transaction_uploads as upload, lateral (
        select ${transactionDaySums.taxPointDate} as day
        from ${transactionDaySums}
        where ${sums}
        order by ${transactionDaySums.taxPointDate} ${end === 'first' ? sql`asc` : sql`desc`}
        limit 1
      ) as matching
      where ${uploads}
    `)) as unknown as Rows<{ day: string | null }>;
    return result.rows[0]?.day ?? null;
  };
  const start = await storedDay('first');
  if (start === null) return { ...filter, period: NO_DAYS };
  const end = (await storedDay('last')) ?? start;
  return { ...filter, period: { start, end } };
}

/**
 * One page of the company's visible transactions in tax-point order with the id as tiebreaker, which is the order of
 * the ids (decision 057). Keyset pagination on the identity key (company, id, jurisdiction): every page costs the same
 * however deep, where OFFSET would read and drop every earlier row. The query itself, to await or to explain.
 */
export function listTransactionPage(db: Db, filter: TransactionFilter) {
  const isDescending = filter.sort === 'date-desc';
  const conditions = filterConditions(filter);
  if (filter.after) {
    // The cursor's date is its id's first bytes; a cursor of another date than its id's would page from the id's.
    const cursor = sql`${filter.after.id}::uuid`;
    conditions.push(isDescending ? sql`${transactions.id} < ${cursor}` : sql`${transactions.id} > ${cursor}`);
  }
  const direction = isDescending ? desc : asc;
  return db
    .select()
    .from(transactions)
    .where(and(...conditions))
    .orderBy(direction(transactions.id))
    .limit(filter.limit);
}

/** One page of `listTransactionPage`, read with the search's plan (`withSearchPlan`) when the filter has a search. */
export function readTransactionPage(db: Db, filter: TransactionFilter): Promise<TransactionRecord[]> {
  return withSearchPlan(db, filter, (reader) => listTransactionPage(reader, filter));
}

/**
 * How many visible rows match, counting at most `limit` of them. A filter with a condition a day sum can check and
 * none it cannot is counted from the sums of its days (`daySumScope`), some seven times fewer than the rows: at a
 * million rows a year, a month's rows taxed in France (some 11,000) took 28-95 ms to count row by row and take 12 ms,
 * a year's rows in Germany (the 100,000 of the limit) 85 ms and take 20 ms. Any other filter is counted on the rows
 * (`countTransactionRows`), where the limit bounds the count of a range or a source however many rows it holds, and
 * the sums do not.
 */
export async function countTransactions(db: Db, filter: TransactionFilterConditions, limit: number): Promise<number> {
  const conditions = daySumConditions(filter);
  if (filter.type || filter.search || conditions.length === 0) return countTransactionRows(db, filter, limit);
  const { uploads, sums } = daySumScope(filter, conditions);
  const result = (await db.execute(sql`
    select coalesce(sum(${transactionDaySums.transactionCount}), 0)::text as "count"
    from transaction_uploads as upload, ${transactionDaySums}
    where ${uploads} and ${sums}
  `)) as unknown as Rows<{ count: string }>;
  return Math.min(Number(result.rows[0]?.count ?? 0), limit);
}

/**
 * How many visible rows match, counted on the rows, at most `limit` of them: the inner LIMIT stops the scan there, so
 * the cost is bounded however many rows the company has (a plain count(*) reads every matching row).
 */
export async function countTransactionRows(
  db: Db,
  filter: TransactionFilterConditions,
  limit: number,
): Promise<number> {
  return withSearchPlan(db, filter, async (reader) => {
    const inner = reader
      .select({ one: sql`1` })
      .from(transactions)
      .where(and(...filterConditions(filter)))
      .limit(limit)
      .as('matching');
    const [row] = await reader.select({ count: sql<number>`count(*)::int` }).from(inner);
    return Number(row?.count ?? 0);
  });
}

export async function findVisibleTransaction(
  db: Db,
  companyId: string,
  transactionId: string,
): Promise<TransactionRecord | undefined> {
  if (!isUuid(transactionId)) return undefined;
  const [row] = await db
    .select()
    .from(transactions)
    .where(
      and(eq(transactions.companyId, companyId), eq(transactions.id, transactionId), isVisibleTransaction(companyId)),
    )
    .limit(1);
  return row;
}
