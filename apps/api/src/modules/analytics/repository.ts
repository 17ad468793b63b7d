import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { visibleUploadsOf } from '../tax-position/repository';

type Rows<T> = { rows: T[] };

/** Which grouping set a sum belongs to: the day and currency alone, or with one dimension more. */
export type AnalyticsDimension = 'total' | 'country' | 'arrival' | 'channel' | 'rate';

/** One (tax-point day, currency[, dimension value]) sum of visible transactions, amounts as exact decimal text. */
export type AnalyticsDaySum = {
  dimension: AnalyticsDimension;
  date: string;
  currency: string | null;
  key: string | null;
  netAmount: string;
  vatAmount: string;
  grossAmount: string;
  transactionCount: number;
};

type SumRow = Omit<AnalyticsDaySum, 'dimension' | 'transactionCount'> & {
  grouping: number | string;
  transactionCount: number | string;
};

/**
 * The grouping() bit mask of (country, arrival, channel, rate): a bit is set where the column is NOT part of the set.
 * The base set (day, currency) has all four set.
 */
const DIMENSION_OF_GROUPING: Record<number, AnalyticsDimension> = {
  15: 'total',
  7: 'country',
  11: 'arrival',
  13: 'channel',
  14: 'rate',
};

/**
 * The company's visible transactions with a tax point from `fromDate` to `toDate` (inclusive), summed per day and
 * currency, and per day, currency and each breakdown dimension: one scan over the (company, date) index with
 * GROUPING SETS, so a million rows become at most a few tens of thousands of sums without passing through JavaScript.
 * Sums travel as text so both drivers hand back exact decimal strings.
 */
export async function selectAnalyticsDaySums(
  db: Db,
  companyId: string,
  fromDate: string,
  toDate: string,
): Promise<AnalyticsDaySum[]> {
  const result = (await db.execute(sql`
    select
      grouping(taxable_jurisdiction, arrival_country, channel, vat_rate)::int as "grouping",
      tax_point_date::text as "date",
      currency,
      coalesce(taxable_jurisdiction, arrival_country, channel, trim_scale(vat_rate)::text) as "key",
      sum(net_amount)::text as "netAmount",
      sum(vat_amount)::text as "vatAmount",
      sum(gross_amount)::text as "grossAmount",
      count(*)::int as "transactionCount"
    from (
      select tax_point_date, currency, taxable_jurisdiction, arrival_country,
        coalesce(marketplace, sales_channel) as channel, vat_rate, net_amount, vat_amount, gross_amount
      from transactions
      where company_id = ${companyId}
        and tax_point_date between ${fromDate}::date and ${toDate}::date
        and upload_id in ${visibleUploadsOf(companyId)}
    ) visible
    group by grouping sets (
      (tax_point_date, currency),
      (tax_point_date, currency, taxable_jurisdiction),
      (tax_point_date, currency, arrival_country),
      (tax_point_date, currency, channel),
      (tax_point_date, currency, vat_rate)
    )
  `)) as unknown as Rows<SumRow>;
  return result.rows.map((row) => {
    const dimension = DIMENSION_OF_GROUPING[Number(row.grouping)];
    if (dimension === undefined) throw new Error(`unexpected grouping ${row.grouping}`);
    return {
      dimension,
      date: row.date,
      currency: row.currency,
      // In a set the other dimensions are null, so the coalesce picks this set's value (or null where it is null).
      key: dimension === 'total' ? null : row.key,
      netAmount: row.netAmount,
      vatAmount: row.vatAmount,
      grossAmount: row.grossAmount,
      transactionCount: Number(row.transactionCount),
    };
  });
}
