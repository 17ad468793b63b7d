import type { DataPeriod, DataPeriodStatus } from '@vatlas/contract';
import { returnPeriodOf } from '@vatlas/domain';
import type { Db } from '../../db/client';
import { HttpError } from '../../plugins/errors';
import {
  countUploadsOfPeriod,
  type DataPeriodSummary,
  deleteDataPeriodRow,
  ensureDataPeriod,
  findDataPeriod,
  listDataPeriodSummaries,
} from './repository';

/** The first and last day of a `YYYY-MM` month. */
export function monthBounds(month: string): { startDate: string; endDate: string } {
  const { start, end } = returnPeriodOf('monthly', `${month}-01`);
  return { startDate: start, endDate: end };
}

export function deriveDataPeriodStatus(
  summary: Pick<DataPeriodSummary, 'activeUploadCount' | 'latestUploadStatus' | 'transactionCount'>,
): DataPeriodStatus {
  if (summary.activeUploadCount > 0) return 'importing';
  if (summary.latestUploadStatus === 'failed') return 'failed';
  if (summary.transactionCount > 0 || summary.latestUploadStatus === 'completed') return 'imported';
  return 'empty';
}

function toDataPeriodAnswer(summary: DataPeriodSummary): DataPeriod {
  return {
    id: summary.id,
    month: summary.startDate.slice(0, 7),
    startDate: summary.startDate,
    endDate: summary.endDate,
    status: deriveDataPeriodStatus(summary),
    uploadCount: summary.uploadCount,
    transactionCount: summary.transactionCount,
    createdAt: summary.createdAt.toISOString(),
  };
}

export const dataPeriodNotFound = () =>
  new HttpError(404, 'data_period_not_found', 'There is no such data period in this company.');

export async function listDataPeriods(db: Db, companyId: string): Promise<DataPeriod[]> {
  return (await listDataPeriodSummaries(db, companyId)).map(toDataPeriodAnswer);
}

export async function getDataPeriod(db: Db, companyId: string, dataPeriodId: string): Promise<DataPeriod> {
  if (!(await findDataPeriod(db, companyId, dataPeriodId))) throw dataPeriodNotFound();
  const [summary] = await listDataPeriodSummaries(db, companyId, dataPeriodId);
  if (!summary) throw dataPeriodNotFound();
  return toDataPeriodAnswer(summary);
}

export async function createDataPeriod(db: Db, companyId: string, month: string): Promise<DataPeriod> {
  const period = await ensureDataPeriod(db, { companyId, ...monthBounds(month) });
  return getDataPeriod(db, companyId, period.id);
}

/**
 * Deletes a month that has no uploads. It is counted under the period's lock, which waits for an upload being written
 * into it: that upload is then counted and the delete refused, instead of the upload losing its period to the foreign
 * key's `set null`.
 */
export async function deleteDataPeriod(db: Db, companyId: string, dataPeriodId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const txDb = tx as unknown as Db;
    const period = await findDataPeriod(txDb, companyId, dataPeriodId, { lock: 'update' });
    if (!period) throw dataPeriodNotFound();
    if ((await countUploadsOfPeriod(txDb, period.id)) > 0) {
      throw new HttpError(409, 'data_period_has_uploads', 'Delete the uploads of this period first.');
    }
    await deleteDataPeriodRow(txDb, period.id);
  });
}
