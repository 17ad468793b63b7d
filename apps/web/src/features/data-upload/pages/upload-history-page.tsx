import type { TransactionUpload } from '@vatlas/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/ui/empty-state';
import { PageHeader, WorkspacePage } from '../../../components/ui/page-header';
import { ScrollTable } from '../../../components/ui/scroll-region';
import { Skeleton } from '../../../components/ui/skeleton';
import { paths } from '../../../config/paths';
import { useAuthStore } from '../../../lib/auth/auth-store';
import { useFormatters } from '../../../lib/format/format';
import { useDownloadProblems } from '../api/download-problems';
import { useDataPeriods } from '../api/list-data-periods';
import { useUploads } from '../api/list-uploads';
import { type UploadAction, useUploadAction } from '../api/upload-actions';
import { StatusBadge } from '../components/status-badge';
import { canCancel, canDelete, canRerun } from '../upload-flow';
import { actionErrorText } from '../upload-messages';

const linkButton =
  'inline-flex items-center justify-center gap-2 rounded-md px-4 py-2.5 text-sm font-semibold transition focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-primary';
export const primaryLink = `${linkButton} bg-primary-strong text-on-primary hover:brightness-90`;
export const secondaryLink = `${linkButton} bg-surface text-fg border border-border hover:bg-gray-100`;
const smallAction =
  'rounded-md px-2 py-1 text-sm font-medium text-primary-strong underline-offset-2 hover:underline focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-primary disabled:opacity-60';

export function UploadHistoryPage({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation();
  const uploads = useUploads();
  return (
    <WorkspacePage>
      <PageHeader
        title={t(titleKey)}
        description={t('dataUpload.history.description')}
        actions={
          <Link to={`${paths.dataUpload.getHref()}/new`} className={primaryLink}>
            {t('dataUpload.history.newUpload')}
          </Link>
        }
      />
      <section aria-labelledby="upload-history-title" aria-busy={uploads.isPending} className="flex flex-col gap-3">
        <h2 id="upload-history-title" className="text-lg font-semibold text-fg">
          {t('dataUpload.history.title')}
        </h2>
        {uploads.isPending ? (
          <div className="flex flex-col gap-2">
            {[0, 1, 2, 3].map((row) => (
              <Skeleton key={row} className="h-12 w-full" />
            ))}
          </div>
        ) : uploads.isError ? (
          <p role="alert" className="text-sm text-danger">
            {t('dataUpload.errors.load')}
          </p>
        ) : uploads.data.length === 0 ? (
          <EmptyState
            title={t('dataUpload.history.emptyTitle')}
            text={t('dataUpload.history.emptyText')}
            action={
              <Link to={`${paths.dataUpload.getHref()}/new`} className={primaryLink}>
                {t('dataUpload.history.newUpload')}
              </Link>
            }
          />
        ) : (
          <HistoryTable uploads={uploads.data} />
        )}
      </section>
    </WorkspacePage>
  );
}

function HistoryTable({ uploads }: { uploads: TransactionUpload[] }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const companyId = useAuthStore((state) => state.selectedCompanyId);
  const periods = useDataPeriods();
  const action = useUploadAction();
  const download = useDownloadProblems();
  const [confirmingDelete, setConfirmingDelete] = useState<string | null>(null);
  const [message, setMessage] = useState('');
  const monthOf = new Map((periods.data ?? []).map((period) => [period.id, period.month]));

  const run = (upload: TransactionUpload, kind: UploadAction) => {
    setConfirmingDelete(null);
    action.mutate(
      { uploadId: upload.id, action: kind },
      {
        onSuccess: () => setMessage(t(`dataUpload.history.done.${kind}`, { file: upload.fileName })),
        onError: (error) => setMessage(actionErrorText(t, error)),
      },
    );
  };

  const monthLabel = (upload: TransactionUpload) => {
    const month = upload.dataPeriodId ? monthOf.get(upload.dataPeriodId) : undefined;
    return month ? format.month(month) : '—';
  };
  const rowCount = (upload: TransactionUpload) =>
    format.number(upload.status === 'completed' ? upload.rowsImported : upload.rowsRead);

  const problemsOf = (upload: TransactionUpload) =>
    upload.problemCount > 0 ? (
      <button
        type="button"
        className={smallAction}
        onClick={() => companyId && void download(companyId, upload).catch(() => undefined)}
        aria-label={t('dataUpload.history.downloadProblemsOf', {
          count: upload.problemCount,
          file: upload.fileName,
        })}
      >
        {format.number(upload.problemCount)}
      </button>
    ) : (
      format.number(0)
    );

  const actionsOf = (upload: TransactionUpload) =>
    confirmingDelete === upload.id ? (
      <fieldset className="flex flex-wrap items-center gap-1">
        <legend className="sr-only">{t('dataUpload.history.confirmDelete', { file: upload.fileName })}</legend>
        <span className="text-fg">{t('dataUpload.history.confirmDeleteShort')}</span>
        <button type="button" className={smallAction} onClick={() => run(upload, 'delete')}>
          {t('dataUpload.history.yesDelete')}
        </button>
        <button type="button" className={smallAction} onClick={() => setConfirmingDelete(null)}>
          {t('dataUpload.history.keep')}
        </button>
      </fieldset>
    ) : (
      <div className="flex flex-wrap gap-1">
        {canCancel(upload) ? (
          <button
            type="button"
            className={smallAction}
            disabled={action.isPending}
            onClick={() => run(upload, 'cancel')}
            aria-label={t('dataUpload.history.cancelOf', { file: upload.fileName })}
          >
            {t('dataUpload.actions.cancel')}
          </button>
        ) : null}
        {canRerun(upload) ? (
          <button
            type="button"
            className={smallAction}
            disabled={action.isPending}
            onClick={() => run(upload, 'rerun')}
            aria-label={t('dataUpload.history.rerunOf', { file: upload.fileName })}
          >
            {t('dataUpload.actions.rerun')}
          </button>
        ) : null}
        {canDelete(upload) ? (
          <button
            type="button"
            className={smallAction}
            disabled={action.isPending}
            onClick={() => setConfirmingDelete(upload.id)}
            aria-label={t('dataUpload.history.deleteOf', { file: upload.fileName })}
          >
            {t('dataUpload.actions.delete')}
          </button>
        ) : null}
      </div>
    );

  const fileLink = (upload: TransactionUpload) => (
    <Link
      to={`${paths.dataUpload.getHref()}/${upload.id}`}
      className="break-words text-primary-strong underline-offset-2 hover:underline focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-primary"
    >
      {upload.fileName}
    </Link>
  );

  return (
    <>
      <p aria-live="polite" className="text-sm text-fg-secondary empty:hidden">
        {message}
      </p>
      {/* Phones: one card per upload; wider screens: the table. */}
      <ul className="flex flex-col gap-3 md:hidden" aria-label={t('dataUpload.history.caption')}>
        {uploads.map((upload) => (
          <li key={upload.id} className="flex flex-col gap-2 rounded-lg border border-border bg-surface p-4 text-sm">
            <div className="flex items-start justify-between gap-2">
              <span className="min-w-0 font-medium">{fileLink(upload)}</span>
              <StatusBadge status={upload.status} />
            </div>
            <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-fg">
              <dt className="text-fg-secondary">{t('dataUpload.history.columns.format')}</dt>
              <dd>{t(`dataUpload.sources.${upload.format}.short`)}</dd>
              <dt className="text-fg-secondary">{t('dataUpload.history.columns.period')}</dt>
              <dd>{monthLabel(upload)}</dd>
              <dt className="text-fg-secondary">{t('dataUpload.history.columns.rows')}</dt>
              <dd className="tabular-nums">{rowCount(upload)}</dd>
              <dt className="text-fg-secondary">{t('dataUpload.history.columns.problems')}</dt>
              <dd className="tabular-nums">{problemsOf(upload)}</dd>
              <dt className="text-fg-secondary">{t('dataUpload.history.columns.uploaded')}</dt>
              <dd>{format.date(upload.createdAt.slice(0, 10))}</dd>
            </dl>
            {actionsOf(upload)}
          </li>
        ))}
      </ul>
      <ScrollTable
        caption={t('dataUpload.history.caption')}
        scrollClassName="hidden rounded-lg border border-border bg-surface md:block"
        className="w-full text-left text-sm"
      >
        <thead className="bg-light text-fg-secondary">
          <tr>
            {(['file', 'status', 'format', 'period', 'rows', 'problems', 'uploaded', 'actions'] as const).map(
              (column) => (
                <th key={column} scope="col" className="px-3 py-2 font-semibold">
                  {t(`dataUpload.history.columns.${column}`)}
                </th>
              ),
            )}
          </tr>
        </thead>
        <tbody>
          {uploads.map((upload) => (
            <tr key={upload.id} className="border-t border-border align-top">
              <th scope="row" className="max-w-[16rem] px-3 py-2 font-medium text-fg">
                {fileLink(upload)}
                <span className="block text-xs font-normal text-fg-secondary">{format.bytes(upload.bytesTotal)}</span>
              </th>
              <td className="px-3 py-2">
                <StatusBadge status={upload.status} />
              </td>
              <td className="px-3 py-2 text-fg">{t(`dataUpload.sources.${upload.format}.short`)}</td>
              <td className="px-3 py-2 text-fg">{monthLabel(upload)}</td>
              <td className="px-3 py-2 tabular-nums text-fg">{rowCount(upload)}</td>
              <td className="px-3 py-2 tabular-nums text-fg">{problemsOf(upload)}</td>
              <td className="px-3 py-2 whitespace-nowrap text-fg">{format.date(upload.createdAt.slice(0, 10))}</td>
              <td className="px-3 py-2">{actionsOf(upload)}</td>
            </tr>
          ))}
        </tbody>
      </ScrollTable>
    </>
  );
}
