import { type AdminJobQueue, UPLOAD_STATUSES } from '@vatlas/contract';
import { useTranslation } from 'react-i18next';
import { PageHeader, WorkspacePage } from '../../../components/ui/page-header';
import { useFormatters } from '../../../lib/format/format';
import { useAdminUploads } from '../api/list-admin-uploads';
import { AdminTable, cellClass, Pager } from '../components/admin-table';
import { SelectField } from '../components/select-field';
import { useDateTime } from '../hooks/use-date-time';
import { ADMIN_PAGE_SIZE, toQuery, useTableParams } from '../hooks/use-table-params';

export function JobQueueSummary({ queue }: { queue: AdminJobQueue }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const dateTime = useDateTime();
  const figures = [
    { label: t('adminArea.uploads.queued'), value: queue.queued },
    { label: t('adminArea.uploads.running'), value: queue.running },
    { label: t('adminArea.uploads.stale'), value: queue.stale, help: t('adminArea.uploads.staleHelp') },
  ];
  return (
    <section aria-labelledby="admin-queue-title" className="rounded-xl border border-border bg-surface p-4">
      <h2 id="admin-queue-title" className="text-base font-semibold text-fg">
        {t('adminArea.uploads.queueTitle')}
      </h2>
      <dl className="mt-3 flex flex-wrap gap-6">
        {figures.map((figure) => (
          <div key={figure.label} title={figure.help}>
            <dt className="text-sm text-fg-secondary">{figure.label}</dt>
            <dd className={`text-2xl font-semibold ${figure.value > 0 && figure.help ? 'text-danger' : 'text-fg'}`}>
              {format.number(figure.value)}
            </dd>
          </div>
        ))}
      </dl>
      {queue.oldestQueuedAt ? (
        <p className="mt-2 text-sm text-fg-secondary">
          {t('adminArea.overview.oldestQueued', { time: dateTime(queue.oldestQueuedAt) })}
        </p>
      ) : null}
    </section>
  );
}

export function UploadsPage() {
  const { t } = useTranslation();
  const format = useFormatters();
  const dateTime = useDateTime();
  const { offset, filters, setFilter, setOffset } = useTableParams(['status']);
  const query = useAdminUploads(toQuery({ status: filters.status, offset, limit: ADMIN_PAGE_SIZE }));
  const items = query.data?.items ?? [];
  const none = t('adminArea.common.none');
  return (
    <WorkspacePage wide>
      <PageHeader title={t('adminArea.uploads.title')} description={t('adminArea.uploads.description')} />
      {query.data ? <JobQueueSummary queue={query.data.queue} /> : null}
      <div className="flex flex-wrap items-end gap-3">
        <SelectField
          label={t('adminArea.uploads.statusFilter')}
          value={filters.status}
          onChange={(value) => setFilter('status', value)}
          options={[
            { value: '', label: t('adminArea.common.all') },
            ...UPLOAD_STATUSES.map((status) => ({ value: status, label: t(`adminArea.uploads.statuses.${status}`) })),
          ]}
        />
      </div>
      <AdminTable
        caption={t('adminArea.uploads.caption')}
        columns={['company', 'file', 'status', 'rows', 'started', 'finished', 'failure'].map((key) =>
          t(`adminArea.uploads.${key}`),
        )}
        query={query}
        isEmpty={items.length === 0}
        empty={
          filters.status
            ? { title: t('adminArea.uploads.empty'), text: t('adminArea.uploads.emptyText') }
            : { title: t('adminArea.uploads.emptyAll'), text: t('adminArea.uploads.emptyAllText') }
        }
      >
        {items.map((upload) => (
          <tr key={upload.id}>
            <td className={`${cellClass} font-medium text-fg`}>{upload.companyName}</td>
            <td className={`${cellClass} wrap-anywhere`}>{upload.fileName}</td>
            <td className={cellClass}>
              <span className={upload.status === 'failed' ? 'font-semibold text-danger' : 'text-fg'}>
                {t(`adminArea.uploads.statuses.${upload.status}`)}
              </span>
            </td>
            <td className={cellClass}>
              {t('adminArea.uploads.rowsText', {
                imported: format.number(upload.rowsImported),
                read: format.number(upload.rowsRead),
              })}
            </td>
            <td className={cellClass}>{dateTime(upload.startedAt) ?? none}</td>
            <td className={cellClass}>{dateTime(upload.finishedAt) ?? none}</td>
            <td className={`${cellClass} font-mono`}>{upload.errorCode ?? none}</td>
          </tr>
        ))}
      </AdminTable>
      {query.data ? (
        <Pager offset={offset} limit={ADMIN_PAGE_SIZE} total={query.data.total} onChange={setOffset} />
      ) : null}
    </WorkspacePage>
  );
}
