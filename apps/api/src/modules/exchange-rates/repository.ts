import { createExchangeRateTable, type EcbRateRow, type ExchangeRateTable } from '@vatlas/domain';
import { sql } from 'drizzle-orm';
import type { Database, Db, Rows } from '../../db/client';

export type RateValue = { currency: string; date: string; rate: string };

/** One (currency, date, rate) per quoted cell; N/A cells are absent from the parsed rows already. */
export function toRateValues(rows: readonly EcbRateRow[]): RateValue[] {
  const values: RateValue[] = [];
  for (const row of rows) {
    for (const [currency, rate] of Object.entries(row.rates)) values.push({ currency, date: row.date, rate });
  }
  return values;
}

export async function countExchangeRates(db: Db): Promise<number> {
  const result = (await db.execute(sql`select count(*)::int as count from exchange_rates`)) as unknown as Rows<{
    count: number | string;
  }>;
  return Number(result.rows[0]?.count ?? 0);
}

export type UpsertCounts = { inserted: number; updated: number; unchanged: number };

/** COPY text format: one `currency<TAB>date<TAB>rate` line per value (codes, dates and decimals need no escaping). */
function toCopyLines(values: readonly RateValue[]): Uint8Array {
  return new TextEncoder().encode(values.map((value) => `${value.currency}\t${value.date}\t${value.rate}\n`).join(''));
}

/**
 * Inserts rates and replaces a stored rate that differs (the ECB corrects a published value now and then), in one
 * transaction: COPY into a temporary table, then one INSERT … ON CONFLICT from it. COPY is what makes the first load
 * of the ~200,000 values of the history fast on PGlite (one statement per value would take minutes).
 */
export async function upsertExchangeRates(database: Database, values: readonly RateValue[]): Promise<UpsertCounts> {
  return database.bulk.transaction(async (session) => {
    // The first load (an empty table, as at first start) needs no conflict handling: straight COPY, ~2.5× faster.
    const empty = await session.query('select not exists (select 1 from exchange_rates) as "isEmpty"');
    if (empty.rows[0]?.isEmpty === true) {
      const inserted = await session.copyFrom('exchange_rates (currency, rate_date, rate)', toCopyLines(values));
      return { inserted, updated: 0, unchanged: values.length - inserted };
    }
    await session.query(
      'create temp table exchange_rate_staging (currency char(3), rate_date date, rate numeric(18, 6)) on commit drop',
    );
    await session.copyFrom('exchange_rate_staging (currency, rate_date, rate)', toCopyLines(values));
    const result = await session.query(`
      with written as (
        insert into exchange_rates (currency, rate_date, rate)
        select currency, rate_date, rate from exchange_rate_staging
        on conflict (currency, rate_date) do update set rate = excluded.rate
          where exchange_rates.rate <> excluded.rate
        returning (xmax = 0) as is_insert
      )
      select count(*) filter (where is_insert)::int as inserted,
             count(*) filter (where not is_insert)::int as updated
      from written
    `);
    const inserted = Number(result.rows[0]?.inserted ?? 0);
    const updated = Number(result.rows[0]?.updated ?? 0);
    return { inserted, updated, unchanged: values.length - inserted - updated };
  });
}

export async function findExchangeRateCoverage(db: Db): Promise<{ from: string; to: string } | undefined> {
  const result = (await db.execute(
    sql`select min(rate_date)::text as "from", max(rate_date)::text as "to" from exchange_rates`,
  )) as unknown as Rows<{ from: string | null; to: string | null }>;
  const row = result.rows[0];
  return row?.from && row.to ? { from: row.from, to: row.to } : undefined;
}

/**
 * The rates published between `from` and `to` as a lookup table, of every currency or of `currencies` only. Every
 * publication day of the window is present even when none of the currencies was quoted that day, so the table tells
 * "published, but this currency was N/A" (not-quoted) from "no publication" (not-published) as the full file would;
 * and its coverage is the stored file's, so a day past the last stored one is 'outside-table' and a day the ECB did
 * not publish is 'not-published' whatever window the caller chose.
 */
export async function loadExchangeRateTable(
  db: Db,
  window: { from: string; to: string; currencies?: readonly string[] },
): Promise<ExchangeRateTable> {
  const currencyFilter =
    window.currencies === undefined
      ? sql`true`
      : sql`rate.currency = any(string_to_array(${window.currencies.join(',')}::text, ','))`;
  const result = (await db.execute(sql`
    select day.rate_date::text as date, rate.currency, trim_scale(rate.rate)::text as rate
    from (
      select distinct rate_date from exchange_rates where rate_date between ${window.from}::date and ${window.to}::date
    ) day
    left join exchange_rates rate on rate.rate_date = day.rate_date and ${currencyFilter}
    order by day.rate_date
  `)) as unknown as Rows<{ date: string; currency: string | null; rate: string | null }>;
  const byDate = new Map<string, Record<string, string>>();
  for (const row of result.rows) {
    let rates = byDate.get(row.date);
    if (!rates) {
      rates = {};
      byDate.set(row.date, rates);
    }
    if (row.currency !== null && row.rate !== null) rates[row.currency] = row.rate;
  }
  const coverage = await findExchangeRateCoverage(db);
  return createExchangeRateTable(
    [...byDate].map(([date, rates]) => ({ date, rates })),
    { coverage },
  );
}
