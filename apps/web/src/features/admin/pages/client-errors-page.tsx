import type { AdminClientError } from '@vatlas/contract';
import { useTranslation } from 'react-i18next';
import { PageHeader, WorkspacePage } from '../../../components/ui/page-header';
import { useAdminClientErrors } from '../api/list-admin-client-errors';
import { AdminTable, cellClass, Pager } from '../components/admin-table';
import { useDateTime } from '../hooks/use-date-time';
import { ADMIN_PAGE_SIZE, toQuery, useTableParams } from '../hooks/use-table-params';

export function ClientErrorRow({ error }: { error: AdminClientError }) {
  const { t } = useTranslation();
  const dateTime = useDateTime();
  const where = [error.component, error.action, error.url].filter(Boolean).join(' · ');
  return (
    <tr>
      <td className={`${cellClass} whitespace-nowrap`}>{dateTime(error.receivedAt)}</td>
      <td className={`${cellClass} text-fg`}>
        <p className="font-medium break-words">{error.message}</p>
        {error.stack ? (
          <details className="mt-1">
            <summary className="cursor-pointer text-fg-secondary">{t('adminArea.clientErrors.stack')}</summary>
            <pre className="mt-1 max-h-48 overflow-auto rounded bg-body p-2 text-xs whitespace-pre-wrap">
              {error.stack}
            </pre>
          </details>
        ) : null}
      </td>
      <td className={`${cellClass} wrap-anywhere`}>{where || t('adminArea.common.none')}</td>
      <td className={`${cellClass} text-xs break-words text-fg-secondary`}>
        {error.userAgent ?? t('adminArea.common.none')}
      </td>
    </tr>
  );
}

export function ClientErrorsPage() {
  const { t } = useTranslation();
  const { offset, setOffset } = useTableParams([]);
  const query = useAdminClientErrors(toQuery({ offset, limit: ADMIN_PAGE_SIZE }));
  const items = query.data?.items ?? [];
  return (
    <WorkspacePage wide>
      <PageHeader title={t('adminArea.clientErrors.title')} description={t('adminArea.clientErrors.description')} />
      <AdminTable
        caption={t('adminArea.clientErrors.caption')}
        columns={['received', 'message', 'where', 'userAgent'].map((key) => t(`adminArea.clientErrors.${key}`))}
        query={query}
        isEmpty={items.length === 0}
        empty={{ title: t('adminArea.clientErrors.empty'), text: t('adminArea.clientErrors.emptyText') }}
      >
        {items.map((error) => (
          <ClientErrorRow key={error.id} error={error} />
        ))}
      </AdminTable>
      {query.data ? (
        <Pager offset={offset} limit={ADMIN_PAGE_SIZE} total={query.data.total} onChange={setOffset} />
      ) : null}
    </WorkspacePage>
  );
}
