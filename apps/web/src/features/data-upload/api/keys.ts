/** Query keys of the data-upload feature, one place so mutations invalidate what they change. */
export const dataUploadKeys = {
  uploads: (companyId: string) => ['transaction-uploads', companyId] as const,
  upload: (companyId: string, uploadId: string) => ['transaction-uploads', companyId, uploadId] as const,
  problems: (companyId: string, uploadId: string, offset: number) =>
    ['transaction-uploads', companyId, uploadId, 'problems', offset] as const,
  periods: (companyId: string) => ['data-periods', companyId] as const,
  mappings: (companyId: string) => ['column-mappings', companyId] as const,
};

/** An upload that a worker still has to read or import: its answers are polled. */
export const ACTIVE_STATUSES: readonly string[] = ['queued', 'processing', 'validating'];
export const POLL_INTERVAL_MS = 1000;
