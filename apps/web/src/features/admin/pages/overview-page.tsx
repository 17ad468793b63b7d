import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader, WorkspacePage } from '../../../components/ui/page-header';
import { Skeleton } from '../../../components/ui/skeleton';
import { paths } from '../../../config/paths';
import { useFormatters } from '../../../lib/format/format';
import { useAdminOverview } from '../api/get-admin-overview';
import { AdminTable, cellClass } from '../components/admin-table';
import { useDateTime } from '../hooks/use-date-time';
import { ClientErrorRow } from './client-errors-page';
import { FilingRow, filingColumns } from './filings-page';
import { linkClass } from './tenants-page';
import { JobQueueSummary } from './uploads-page';

function UrgentSection({ title, href, children }: { title: string; href: string; children: ReactNode }) {
  const { t } = useTranslation();
  const id = `admin-urgent-${href.replaceAll('/', '-')}`;
  return (
    <section aria-labelledby={id} className="flex flex-col gap-3">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={id} className="text-lg font-semibold text-fg">
          {title}
        </h2>
        <Link to={href} className={linkClass}>
          {t('adminArea.overview.viewAll')}
          <span className="sr-only">: {title}</span>
        </Link>
      </div>
      {children}
    </section>
  );
}

export function OverviewPage() {
  const { t } = useTranslation();
  const format = useFormatters();
  const dateTime = useDateTime();
  const query = useAdminOverview();
  const data = query.data;
  const counts = data
    ? ([
        ['tenants', data.counts.tenants, paths.admin.tenants.getHref()],
        ['companies', data.counts.companies, paths.admin.companies.getHref()],
        ['users', data.counts.users, paths.admin.users.getHref()],
        ['administrators', data.counts.administrators, paths.admin.users.getHref()],
        ['disabledUsers', data.counts.disabledUsers, paths.admin.users.getHref()],
        ['failedUploads', data.counts.failedUploads, `${paths.admin.uploads.getHref()}?status=failed`],
        ['overdueFilings', data.counts.overdueFilings, paths.admin.filings.getHref()],
        ['clientErrors', data.counts.clientErrors, paths.admin.clientErrors.getHref()],
      ] as const)
    : [];
  return (
    <WorkspacePage wide>
      <PageHeader title={t('adminArea.overview.title')} description={t('adminArea.overview.description')} />
      {query.error ? (
        <AdminTable caption="" columns={[]} query={query} isEmpty={false} empty={{ title: '', text: '' }}>
          {null}
        </AdminTable>
      ) : !data ? (
        <div aria-busy="true" className="grid grid-cols-2 gap-3 md:grid-cols-4">
          <span role="status" className="sr-only">
            {t('adminArea.common.loading')}
          </span>
          {Array.from({ length: 8 }, (_, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders.
            <Skeleton key={index} className="h-20" />
          ))}
        </div>
      ) : (
        <>
          <section aria-labelledby="admin-counts-title">
            <h2 id="admin-counts-title" className="sr-only">
              {t('adminArea.overview.counts')}
            </h2>
            <ul className="grid grid-cols-2 gap-3 md:grid-cols-4">
              {counts.map(([key, value, href]) => {
                const isAlarm = (key === 'failedUploads' || key === 'overdueFilings') && value > 0;
                return (
                  <li key={key}>
                    <Link
                      to={href}
                      className="flex h-full flex-col rounded-xl border border-border bg-surface p-4 hover:bg-gray-100 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-primary"
                    >
                      <span className={`text-2xl font-semibold ${isAlarm ? 'text-danger' : 'text-fg'}`}>
                        {format.number(value)}
                      </span>
                      <span className="text-sm text-fg-secondary">{t(`adminArea.overview.${key}`)}</span>
                    </Link>
                  </li>
                );
              })}
            </ul>
          </section>
          <JobQueueSummary queue={data.queue} />
          <UrgentSection title={t('adminArea.overview.failedUploadsTitle')} href={paths.admin.uploads.getHref()}>
            <AdminTable
              query={query}
              caption={t('adminArea.overview.failedUploadsTitle')}
              columns={['company', 'file', 'failure', 'finished'].map((key) => t(`adminArea.uploads.${key}`))}
              isEmpty={data.failedUploads.length === 0}
              empty={{ title: t('adminArea.overview.noFailedUploads'), text: t('adminArea.uploads.emptyAllText') }}
            >
              {data.failedUploads.map((upload) => (
                <tr key={upload.id}>
                  <td className={`${cellClass} font-medium text-fg`}>{upload.companyName}</td>
                  <td className={`${cellClass} wrap-anywhere`}>{upload.fileName}</td>
                  <td className={`${cellClass} font-mono`}>{upload.errorCode ?? t('adminArea.common.none')}</td>
                  <td className={cellClass}>{dateTime(upload.finishedAt) ?? t('adminArea.common.none')}</td>
                </tr>
              ))}
            </AdminTable>
          </UrgentSection>
          <UrgentSection title={t('adminArea.overview.overdueFilingsTitle')} href={paths.admin.filings.getHref()}>
            <AdminTable
              query={query}
              caption={t('adminArea.overview.overdueFilingsTitle')}
              columns={filingColumns.map((key) => t(`adminArea.filings.${key}`))}
              isEmpty={data.overdueFilings.length === 0}
              empty={{ title: t('adminArea.overview.noOverdueFilings'), text: t('adminArea.filings.description') }}
            >
              {data.overdueFilings.map((filing) => (
                <FilingRow key={filing.id} filing={filing} />
              ))}
            </AdminTable>
          </UrgentSection>
          <UrgentSection title={t('adminArea.overview.clientErrorsTitle')} href={paths.admin.clientErrors.getHref()}>
            <AdminTable
              query={query}
              caption={t('adminArea.overview.clientErrorsTitle')}
              columns={['received', 'message', 'where', 'userAgent'].map((key) => t(`adminArea.clientErrors.${key}`))}
              isEmpty={data.recentClientErrors.length === 0}
              empty={{ title: t('adminArea.overview.noClientErrors'), text: t('adminArea.clientErrors.emptyText') }}
            >
              {data.recentClientErrors.map((error) => (
                <ClientErrorRow key={error.id} error={error} />
              ))}
            </AdminTable>
          </UrgentSection>
        </>
      )}
    </WorkspacePage>
  );
}
