import { type SQL, sql } from 'drizzle-orm';
import type { Db, Rows } from '../../db/client';
import { type RateCombination, rowsWithRateCombination } from '../liabilities/repository';
import { isVisibleTransaction } from '../tax-position/repository';

/** A count per month, `YYYY-MM`; counts come back as text from PostgreSQL's bigint and are numbers here. */
export type MonthCount = { month: string; count: number };

type MonthCountRow = { month: string; count: number | string };

const toMonthCounts = (rows: MonthCountRow[]): MonthCount[] =>
  rows.map((row) => ({ month: row.month, count: Number(row.count) }));

/**
 * EC Sales List lines of the year without the customer's VAT number (B2B supplies that cannot be listed as they are),
 * from the recompute's aggregate: the transactions behind each line per month and reporting country.
 */
export async function countEcSalesLinesWithoutVatNumber(
  db: Db,
  companyId: string,
  window: { from: string; to: string },
): Promise<(MonthCount & { country: string })[]> {
  const result = (await db.execute(sql`
    select to_char(period_start, 'YYYY-MM') as "month", reporting_country as "country",
      sum(transaction_count)::text as "count"
    from ec_sales_list_lines
    where company_id = ${companyId} and customer_vat_number is null
      and period_start between ${window.from} and ${window.to}
    group by 1, 2
    order by 1, 2
  `)) as unknown as Rows<MonthCountRow & { country: string }>;
  return result.rows.map((row) => ({ month: row.month, country: row.country, count: Number(row.count) }));
}

/**
 * Visible stock movements (FC_TRANSFER, INBOUND) of the year whose value is zero. The importer keeps a movement's
 * value — Amazon's cost price of the goods moved — as the row's net amount; a file without it stores 0. Read through
 * the partial index `transactions_stock_without_value_idx`, which holds only such rows.
 */
export const stockMovementsWithoutValueQuery = (companyId: string, window: { from: string; to: string }) => sql`
  select to_char(tax_point_date, 'YYYY-MM') as "month", count(*)::text as "count"
  from transactions
  where company_id = ${companyId} and tax_point_date between ${window.from} and ${window.to}
    and transaction_type in ('FC_TRANSFER', 'INBOUND') and net_amount = 0
    and ${isVisibleTransaction(companyId)}
  group by 1
  order by 1
`;

export async function countStockMovementsWithoutValue(
  db: Db,
  companyId: string,
  window: { from: string; to: string },
): Promise<MonthCount[]> {
  const result = (await db.execute(
    stockMovementsWithoutValueQuery(companyId, window),
  )) as unknown as Rows<MonthCountRow>;
  return toMonthCounts(result.rows);
}

/**
 * Visible rows of the year the cross-check lists: file VAT ≠ net × rate (through the partial index of those rows) or a
 * rate in `invalidRates` (through the identity key, a day's ids each: `rowsWithRateCombination`); a row that is both counts
 * once.
 */
export function crossCheckCountQuery(
  companyId: string,
  window: { from: string; to: string },
  invalidRates: readonly RateCombination[],
): SQL {
  const common = sql`company_id = ${companyId} and tax_point_date between ${window.from} and ${window.to}
    and ${isVisibleTransaction(companyId)}`;
  const invalid =
    invalidRates.length === 0
      ? sql``
      : sql`union
        select id, tax_point_date from transactions where ${common} and ${rowsWithRateCombination(invalidRates)}`;
  return sql`
    select to_char(tax_point_date, 'YYYY-MM') as "month", count(*)::text as "count"
    from (
      select id, tax_point_date from transactions
        where ${common} and vat_rate is not null and vat_amount <> computed_vat_amount
      ${invalid}
    ) as found
    group by 1
    order by 1
  `;
}

export async function countCrossCheckRows(
  db: Db,
  companyId: string,
  window: { from: string; to: string },
  invalidRates: readonly RateCombination[],
): Promise<MonthCount[]> {
  const query = crossCheckCountQuery(companyId, window, invalidRates);
  return toMonthCounts(((await db.execute(query)) as unknown as Rows<MonthCountRow>).rows);
}

/**
 * Months (`YYYY-MM`) the company has data for: a completed upload attached to the month's data period, or stored
 * liabilities of the month (an upload covering several months is attached to one period only).
 */
export async function listMonthsWithData(db: Db, companyId: string): Promise<Set<string>> {
  const result = (await db.execute(sql`
    select to_char(p.start_date, 'YYYY-MM') as "month"
    from data_periods p
    where p.company_id = ${companyId}
      and exists (select 1 from transaction_uploads u
        where u.data_period_id = p.id and u.company_id = ${companyId} and u.status = 'completed')
    union
    select distinct to_char(period_start, 'YYYY-MM') from liabilities where company_id = ${companyId}
  `)) as unknown as Rows<{ month: string }>;
  return new Set(result.rows.map((row) => row.month));
}
