import type { AdminFiling } from '@vatlas/contract';
import { useTranslation } from 'react-i18next';
import { PageHeader, WorkspacePage } from '../../../components/ui/page-header';
import { useFormatters } from '../../../lib/format/format';
import { useCountryName } from '../../../lib/format/use-country-name';
import { useAdminFilingsDue } from '../api/list-admin-filings-due';
import { AdminTable, cellClass, Pager } from '../components/admin-table';
import { SelectField } from '../components/select-field';
import { ADMIN_PAGE_SIZE, toQuery, useTableParams } from '../hooks/use-table-params';

const WINDOWS = ['7', '14', '30', '60', '90'];
const DEFAULT_WINDOW = '30';

export function FilingRow({ filing }: { filing: AdminFiling }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const countryName = useCountryName();
  return (
    <tr>
      <td className={`${cellClass} font-medium text-fg`}>{filing.companyName}</td>
      <td className={cellClass}>{countryName(filing.jurisdiction)}</td>
      <td className={cellClass}>{t(`adminArea.filings.types.${filing.filingType}`)}</td>
      <td className={cellClass}>
        {format.date(filing.periodStart)} – {format.date(filing.periodEnd)}
      </td>
      <td className={cellClass}>{format.date(filing.dueDate)}</td>
      <td className={cellClass}>
        <span className={filing.status === 'overdue' ? 'font-semibold text-danger' : 'text-fg'}>
          {t(`adminArea.filings.statuses.${filing.status}`)}
        </span>
      </td>
      <td className={`${cellClass} text-right tabular-nums`}>{format.money(filing.amountLocal, filing.currency)}</td>
    </tr>
  );
}

export const filingColumns = ['company', 'jurisdiction', 'type', 'period', 'dueDate', 'status', 'amount'];

export function FilingsPage() {
  const { t } = useTranslation();
  const format = useFormatters();
  const { offset, filters, setFilter, setOffset } = useTableParams(['withinDays']);
  const withinDays = filters.withinDays || DEFAULT_WINDOW;
  const query = useAdminFilingsDue(toQuery({ withinDays, offset, limit: ADMIN_PAGE_SIZE }));
  const items = query.data?.items ?? [];
  const until = query.data
    ? format.date(
        new Date(Date.parse(`${query.data.today}T12:00:00Z`) + Number(withinDays) * 86_400_000)
          .toISOString()
          .slice(0, 10),
      )
    : '';
  return (
    <WorkspacePage wide>
      <PageHeader title={t('adminArea.filings.title')} description={t('adminArea.filings.description')} />
      <div className="flex flex-wrap items-end gap-3">
        <SelectField
          label={t('adminArea.filings.withinDays')}
          value={withinDays}
          onChange={(value) => setFilter('withinDays', value === DEFAULT_WINDOW ? '' : value)}
          options={WINDOWS.map((days) => ({
            value: days,
            label: t('adminArea.filings.days', { count: Number(days) }),
          }))}
        />
      </div>
      <AdminTable
        caption={t('adminArea.filings.caption', { date: until })}
        columns={filingColumns.map((key) => t(`adminArea.filings.${key}`))}
        query={query}
        isEmpty={items.length === 0}
        empty={{ title: t('adminArea.filings.empty'), text: t('adminArea.filings.emptyText', { date: until }) }}
      >
        {items.map((filing) => (
          <FilingRow key={filing.id} filing={filing} />
        ))}
      </AdminTable>
      {query.data ? (
        <Pager offset={offset} limit={ADMIN_PAGE_SIZE} total={query.data.total} onChange={setOffset} />
      ) : null}
    </WorkspacePage>
  );
}
