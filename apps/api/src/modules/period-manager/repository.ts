import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db, Rows } from '../../db/client';
import { dataPeriods, transactionUploads } from '../../db/schema';
import { isUuid } from '../company/repository';

export type DataPeriodRecord = typeof dataPeriods.$inferSelect;

/** A period with what its state is derived from. */
export type DataPeriodSummary = DataPeriodRecord & {
  uploadCount: number;
  activeUploadCount: number;
  latestUploadStatus: string | null;
  transactionCount: number;
};

/** Creates the month's period, or answers the one that exists (two clicks, two tabs: one period). */
export async function ensureDataPeriod(
  db: Db,
  values: { companyId: string; startDate: string; endDate: string },
): Promise<DataPeriodRecord> {
  await db.insert(dataPeriods).values(values).onConflictDoNothing();
  const [row] = await db
    .select()
    .from(dataPeriods)
    .where(and(eq(dataPeriods.companyId, values.companyId), eq(dataPeriods.startDate, values.startDate)))
    .limit(1);
  if (!row) throw new Error('the data period was not written');
  return row;
}

/**
 * The company's periods (all, or one) with their uploads and the transactions their completed uploads hold: rows of
 * other uploads are not part of the company's data yet, or any more. An upload's `rows_imported` is the number of its
 * rows in `transactions` (a row another upload already stored was not stored again), so the count is a sum over a
 * few uploads instead of a count over a million rows. An upload whose file is still arriving (decision 023) is no
 * one's to see until its request ends, as in the company's list of uploads, so it is not counted here either.
 */
export async function listDataPeriodSummaries(
  db: Db,
  companyId: string,
  dataPeriodId?: string,
): Promise<DataPeriodSummary[]> {
  const periods = await db
    .select()
    .from(dataPeriods)
    .where(and(eq(dataPeriods.companyId, companyId), dataPeriodId ? eq(dataPeriods.id, dataPeriodId) : undefined))
    .orderBy(asc(dataPeriods.startDate));
  if (periods.length === 0) return [];
  const uploads = (await db.execute(sql`
    select u.data_period_id as "periodId", count(*)::int as "uploadCount",
      count(*) filter (where u.status in ('queued', 'processing', 'validating'))::int as "activeUploadCount",
      (array_agg(u.status order by u.created_at desc, u.sequence desc))[1] as "latestStatus",
      coalesce(sum(u.rows_imported) filter (where u.status = 'completed'), 0)::int as "transactionCount"
    from transaction_uploads u
    where u.company_id = ${companyId} and u.data_period_id is not null and u.received_at is not null
    group by u.data_period_id`)) as unknown as Rows<{
    periodId: string;
    uploadCount: number;
    activeUploadCount: number;
    latestStatus: string;
    transactionCount: number;
  }>;
  const uploadsByPeriod = new Map(uploads.rows.map((row) => [row.periodId, row]));
  return periods.map((period) => {
    const ofPeriod = uploadsByPeriod.get(period.id);
    return {
      ...period,
      uploadCount: Number(ofPeriod?.uploadCount ?? 0),
      activeUploadCount: Number(ofPeriod?.activeUploadCount ?? 0),
      latestUploadStatus: ofPeriod?.latestStatus ?? null,
      transactionCount: Number(ofPeriod?.transactionCount ?? 0),
    };
  });
}

/**
 * The company's period, locked until the transaction ends with `lock`:
 * - 'update', to delete it: an upload being written into it holds the row's key (its foreign key's check), so the lock
 *   waits for that upload's transaction, and what is read after it sees the upload;
 * - 'key share', the lock the upload's foreign key takes, to write an upload into it: a delete under way is waited for
 *   and the period then found gone (a 404, not the foreign key's error), and it cannot be deleted before the upload is
 *   written.
 */
export async function findDataPeriod(
  db: Db,
  companyId: string,
  dataPeriodId: string,
  options: { lock?: 'update' | 'key share' } = {},
): Promise<DataPeriodRecord | undefined> {
  if (!isUuid(dataPeriodId)) return undefined;
  const query = db
    .select()
    .from(dataPeriods)
    .where(and(eq(dataPeriods.companyId, companyId), eq(dataPeriods.id, dataPeriodId)))
    .limit(1);
  const [row] = await (options.lock ? query.for(options.lock) : query);
  return row;
}

export async function countUploadsOfPeriod(db: Db, dataPeriodId: string): Promise<number> {
  const [row] = await db
    .select({ value: sql<number>`count(*)::int` })
    .from(transactionUploads)
    .where(eq(transactionUploads.dataPeriodId, dataPeriodId));
  return Number(row?.value ?? 0);
}

export async function deleteDataPeriodRow(db: Db, dataPeriodId: string): Promise<void> {
  await db.delete(dataPeriods).where(eq(dataPeriods.id, dataPeriodId));
}
