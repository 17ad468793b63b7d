import type { RowCondition } from '@vatlas/domain';
import { and, asc, desc, eq, inArray, isNotNull, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { transactions } from '../../db/schema';
import { isUuid } from '../company/repository';
import { isVisibleTransaction } from '../tax-position/repository';

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

/** `value` as a LIKE prefix pattern: its own %, _ and \ match literally. */
const likePrefix = (value: string) => `${value.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;

/** The list's filters without position, order or size: what the list, its count and its export share. */
export type TransactionFilterConditions = Omit<TransactionFilter, 'sort' | 'after' | 'limit'>;

/**
 * The WHERE conditions of the filters. The date range is a condition on the second column of the keyset index
 * (`transactions_company_date_idx`), so a month is a range scan of that index, never a scan of the company's rows;
 * the jurisdiction is its fourth column, so that filter is checked on the index's entries, not on the rows.
 */
function filterConditions(filter: TransactionFilterConditions): (SQL | undefined)[] {
  const conditions: (SQL | undefined)[] = [
    eq(transactions.companyId, filter.companyId),
    isVisibleTransaction(filter.companyId),
  ];
  if (filter.period) {
    conditions.push(sql`${transactions.taxPointDate} between ${filter.period.start} and ${filter.period.end}`);
  }
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
    const pattern = likePrefix(filter.search);
    conditions.push(
      or(
        sql`${transactions.eventId} like ${pattern}`,
        sql`${transactions.activityId} like ${pattern}`,
        sql`${transactions.sku} like ${pattern}`,
      ),
    );
  }
  return conditions;
}

/**
 * A row condition of the tax engine's (`RowCondition`) as SQL on the row's own columns. A comparison with a column
 * that is null is never true, as `matchesRowCondition` decides, and no condition is negated, so null means false.
 * Checked on the rows, not on the date index's entries: a country's rows are found within the scanned dates.
 */
function rowConditionSql(condition: RowCondition): SQL {
  const countryColumn = {
    departureCountry: transactions.departureCountry,
    arrivalCountry: transactions.arrivalCountry,
  };
  switch (condition.kind) {
    case 'all':
      return condition.of.length === 0 ? sql`true` : sql`(${and(...condition.of.map(rowConditionSql))})`;
    case 'any':
      return condition.of.length === 0 ? sql`false` : sql`(${or(...condition.of.map(rowConditionSql))})`;
    case 'treatment':
      return inArray(transactions.treatment, [...condition.in]);
    case 'country':
      return eq(countryColumn[condition.field], condition.is);
    case 'country-other-than':
      return ne(countryColumn[condition.field], condition.not);
    case 'country-known':
      return isNotNull(countryColumn[condition.field]);
    case 'country-in':
      return inArray(countryColumn[condition.field], [...condition.in]);
    case 'date':
      return sql`${transactions.taxPointDate} between ${condition.from} and ${condition.to}`;
    case 'vat-charged':
      return sql`${transactions.vatRate} > 0`;
  }
}

/**
 * One page of the company's visible transactions in tax-point order with the id as tiebreaker. Keyset pagination
 * (a row-value comparison on the key of `transactions_company_date_idx`): every page costs the same however deep,
 * where OFFSET would read and drop every earlier row. The query itself, to await or to explain.
 */
export function listTransactionPage(db: Db, filter: TransactionFilter) {
  const isDescending = filter.sort === 'date-desc';
  const conditions = filterConditions(filter);
  if (filter.after) {
    const key = sql`(${transactions.taxPointDate}, ${transactions.id})`;
    const cursor = sql`(${filter.after.taxPointDate}::date, ${filter.after.id}::uuid)`;
    conditions.push(isDescending ? sql`${key} < ${cursor}` : sql`${key} > ${cursor}`);
  }
  const direction = isDescending ? desc : asc;
  return db
    .select()
    .from(transactions)
    .where(and(...conditions))
    .orderBy(direction(transactions.taxPointDate), direction(transactions.id))
    .limit(filter.limit);
}

/**
 * How many visible rows match, counting at most `limit` of them: the inner LIMIT stops the scan there, so the cost is
 * bounded however many rows the company has (a plain count(*) reads every matching row).
 */
export async function countTransactions(db: Db, filter: TransactionFilterConditions, limit: number): Promise<number> {
  const inner = db
    .select({ one: sql`1` })
    .from(transactions)
    .where(and(...filterConditions(filter)))
    .limit(limit)
    .as('matching');
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(inner);
  return Number(row?.count ?? 0);
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
