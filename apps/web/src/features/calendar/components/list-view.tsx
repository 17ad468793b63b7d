import type { Filing } from '@vatlas/contract';
import { filingAmountKind } from '@vatlas/domain';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ScrollTable } from '../../../components/ui/scroll-region';
import { Skeleton } from '../../../components/ui/skeleton';
import { cn } from '../../../lib/cn';
import { useFormatters } from '../../../lib/format/format';
import { useCountryName } from '../../../lib/format/use-country-name';
import { groupByMonth } from '../calendar-dates';
import type { SortOrder } from '../hooks/use-calendar-params';
import { FilingStatusBadge } from './filing-status';
import { useMonthName } from './month-view';
import { useFilingTitle, usePeriodText } from './use-filing-text';

const focusRing = 'focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-primary';
const cellClass = 'px-3 py-2 text-left align-top';

/** Under an amount that is not VAT to pay with the filing: what it is instead (a balance, a net value listed). */
function AmountKindNote({ filing }: { filing: Filing }) {
  const { t } = useTranslation();
  const kind = filingAmountKind(filing.filingType);
  if (kind === 'vat-payable') return null;
  return (
    <span className="block text-xs text-fg-secondary">
      {t(kind === 'balance' ? 'calendar.list.balance' : 'calendar.list.netListed')}
    </span>
  );
}

/** The filings grouped by the month they are due in, one table per month, sorted by due date either way. */
export function ListView({
  filings,
  sort,
  onSortChange,
  onSelect,
}: {
  filings: readonly Filing[];
  sort: SortOrder;
  onSortChange: (sort: SortOrder) => void;
  onSelect: (filing: Filing) => void;
}) {
  const { t } = useTranslation();
  const format = useFormatters();
  const countryName = useCountryName();
  const monthName = useMonthName();
  const periodText = usePeriodText();
  const filingTitle = useFilingTitle();
  const groups = useMemo(() => {
    const sorted = [...filings].sort((a, b) => {
      const order = a.dueDate.localeCompare(b.dueDate) || a.jurisdiction.localeCompare(b.jurisdiction);
      return sort === 'asc' ? order : -order;
    });
    return groupByMonth(sorted, (filing) => filing.dueDate);
  }, [filings, sort]);
  const nextSort: SortOrder = sort === 'asc' ? 'desc' : 'asc';

  return (
    <div className="flex flex-col gap-6">
      {groups.map((group) => (
        <section key={group.month} aria-labelledby={`calendar-month-${group.month}`} className="flex flex-col gap-2">
          <h2 id={`calendar-month-${group.month}`} className="text-lg font-semibold text-fg">
            {monthName(group.month)}
          </h2>
          {/* relative: the visually hidden texts inside are positioned, and must scroll with the table rather than
              widen the page on a phone. */}
          <ScrollTable
            caption={t('calendar.list.caption', { month: monthName(group.month) })}
            scrollClassName="relative rounded-xl border border-border bg-surface"
            className="w-full min-w-[48rem] table-fixed border-collapse text-sm"
          >
            {/* Fixed widths, so the columns of every month's table line up. */}
            <colgroup>
              <col className="w-[16%]" />
              <col className="w-[14%]" />
              <col className="w-[21%]" />
              <col className="w-[16%]" />
              <col className="w-[13%]" />
              <col className="w-[12%]" />
              <col className="w-[8%]" />
            </colgroup>
            <thead className="bg-light text-xs text-fg-secondary">
              <tr>
                <th scope="col" className={cellClass} aria-sort={sort === 'asc' ? 'ascending' : 'descending'}>
                  <button
                    type="button"
                    onClick={() => onSortChange(nextSort)}
                    className={cn('inline-flex items-center gap-1 font-semibold', focusRing)}
                    title={t(nextSort === 'asc' ? 'calendar.list.sortAscending' : 'calendar.list.sortDescending')}
                  >
                    {t('calendar.list.dueDate')}
                    <span aria-hidden="true">{sort === 'asc' ? '▲' : '▼'}</span>
                  </button>
                </th>
                <th scope="col" className={cellClass}>
                  {t('calendar.list.jurisdiction')}
                </th>
                <th scope="col" className={cellClass}>
                  {t('calendar.list.type')}
                </th>
                <th scope="col" className={cellClass}>
                  {t('calendar.list.period')}
                </th>
                <th scope="col" className={cn(cellClass, 'text-right')}>
                  {t('calendar.list.amount')}
                </th>
                <th scope="col" className={cellClass}>
                  {t('calendar.list.status')}
                </th>
                <th scope="col" className={cellClass}>
                  <span className="sr-only">{t('calendar.list.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {group.items.map((filing) => (
                <tr key={filing.id} className="border-t border-border">
                  <th scope="row" className={cn(cellClass, 'whitespace-nowrap font-medium text-fg')}>
                    {format.date(filing.dueDate)}
                    {filing.paymentDue ? (
                      <span className="block text-xs font-normal text-fg-secondary">
                        {filing.paidOn
                          ? t('calendar.list.paidOn', { date: format.date(filing.paidOn) })
                          : t('calendar.list.payBy', { date: format.date(filing.paymentDue.date) })}
                      </span>
                    ) : null}
                  </th>
                  <td className={cn(cellClass, 'text-fg')}>
                    <span className="font-semibold">{filing.jurisdiction}</span> {countryName(filing.jurisdiction)}
                  </td>
                  <td className={cn(cellClass, 'text-fg')}>{t(`calendar.types.${filing.filingType}`)}</td>
                  <td className={cn(cellClass, 'text-fg')}>{periodText(filing)}</td>
                  <td className={cn(cellClass, 'whitespace-nowrap text-right tabular-nums text-fg')}>
                    {format.money(filing.amountLocal, filing.currency)}
                    <AmountKindNote filing={filing} />
                  </td>
                  <td className={cellClass}>
                    <FilingStatusBadge status={filing.status} />
                  </td>
                  <td className={cellClass}>
                    <button
                      type="button"
                      onClick={() => onSelect(filing)}
                      aria-label={t('calendar.list.openFiling', { title: filingTitle(filing) })}
                      className={cn(
                        'font-semibold text-primary-strong underline underline-offset-2 hover:no-underline',
                        focusRing,
                      )}
                    >
                      {t('calendar.list.open')}
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </ScrollTable>
        </section>
      ))}
    </div>
  );
}

/** The list's shape while it loads. */
export function ListViewSkeleton() {
  return (
    <div className="flex flex-col gap-2" aria-hidden="true">
      <Skeleton className="h-6 w-40" />
      <div className="flex flex-col gap-2 rounded-xl border border-border bg-surface p-3">
        {Array.from({ length: 6 }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders without identity
          <Skeleton key={index} className="h-7 w-full" />
        ))}
      </div>
    </div>
  );
}
