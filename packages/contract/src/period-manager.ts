import { z } from 'zod';

/** PeriodManager (spec: `dataPeriodId`): the calendar months of sales data a company keeps. */

export const dataPeriodStatusSchema = z
  .enum(['empty', 'importing', 'imported', 'failed'])
  .describe(
    '`importing` while an upload of the month is queued, being imported or being validated; else `failed` when its ' +
      'latest upload failed; else `imported` when it holds transactions of completed uploads; else `empty`.',
  );
export type DataPeriodStatus = z.infer<typeof dataPeriodStatusSchema>;

export const createDataPeriodRequestSchema = z.object({
  month: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'a month as YYYY-MM'),
});
export type CreateDataPeriodRequest = z.infer<typeof createDataPeriodRequestSchema>;

export const dataPeriodSchema = z.object({
  id: z.string(),
  month: z.string().describe('YYYY-MM'),
  startDate: z.string().describe('ISO date, first day of the month'),
  endDate: z.string().describe('ISO date, last day of the month'),
  status: dataPeriodStatusSchema,
  /** Uploads that named this period (once their file is whole). */
  uploadCount: z.number().int().nonnegative(),
  /** Transactions stored by this period's completed uploads. */
  transactionCount: z.number().int().nonnegative(),
  createdAt: z.string().describe('ISO 8601, UTC'),
});
export type DataPeriod = z.infer<typeof dataPeriodSchema>;
export const dataPeriodListSchema = z.array(dataPeriodSchema);
