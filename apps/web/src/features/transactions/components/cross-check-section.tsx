import { money } from '@vatlas/domain';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { MonthSelect } from '../../../components/ui/month-select';
import { Skeleton } from '../../../components/ui/skeleton';
import { paths } from '../../../config/paths';
import { type Formatters, useFormatters } from '../../../lib/format/format';
import { useCrossCheck } from '../api/cross-check';
import { amountIn } from './column-cells';
import { LoadError } from './load-error';
import { TransactionDetailDialog } from './transaction-detail-dialog';

const fieldClass =
  'h-10 w-full rounded-md border border-border bg-surface px-3 text-sm text-fg focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-primary';
const cellClass = 'px-3 py-2 align-top';
const headerCellClass = 'px-3 py-2 text-left text-xs font-semibold uppercase tracking-wide text-fg-secondary';
const numericClass = 'text-right tabular-nums';

/** The table's columns: the list's names where the list has the column, the cross-check's own otherwise. */
const HEADERS: readonly { key: string; isNumeric?: boolean }[] = [
  { key: 'transactions.columns.taxPointDate' },
  { key: 'transactions.columns.type' },
  { key: 'transactions.columns.eventId' },
  { key: 'transactions.columns.taxableJurisdiction' },
  { key: 'transactions.columns.netAmount', isNumeric: true },
  { key: 'transactions.columns.vatRate', isNumeric: true },
  { key: 'transactions.crossCheck.fileVat', isNumeric: true },
  { key: 'transactions.crossCheck.computedVat', isNumeric: true },
  { key: 'transactions.crossCheck.validRates' },
  { key: 'transactions.crossCheck.differences' },
];

/** The rates valid that day are percentages ("19"); the formatter takes fractions. */
const percent = (rate: string, format: Formatters) => format.percentOfFraction(money(rate).div(100).toFixed());

/**
 * The cross-check of the file's VAT (issue 5): every visible row whose VAT differs from net × rate, or whose rate is
 * not one in force in its jurisdiction that day (`Liabilities/{companyId}/CrossCheck`), for one month or all of them,
 * a page of 100 at a time. A row's event id opens its detail, which says what the treatment and the differences are.
 */
export function CrossCheckSection({
  month,
  setMonth,
}: {
  month: string | undefined;
  setMonth: (month: string | undefined) => void;
}) {
  const { t } = useTranslation();
  const format = useFormatters();
  const id = useId();
  const query = useCrossCheck(month);
  const [openRow, setOpenRow] = useState<{ id: string; element: HTMLElement } | null>(null);
  const rows = query.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <section aria-labelledby={`${id}-heading`} className="flex flex-col gap-4">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="min-w-0 max-w-prose">
          <h2 id={`${id}-heading`} className="text-lg font-semibold text-fg">
            {t('transactions.crossCheck.title')}
          </h2>
          <p className="mt-1 text-sm text-fg-secondary">{t('transactions.crossCheck.description')}</p>
        </div>
        <div className="flex w-48 flex-col gap-1 text-xs font-medium text-fg-secondary">
          <label htmlFor={`${id}-month`}>{t('transactions.filters.month')}</label>
          <MonthSelect
            id={`${id}-month`}
            className={fieldClass}
            value={month ?? ''}
            emptyLabel={t('transactions.filters.any')}
            onChange={(value) => setMonth(value || undefined)}
          />
        </div>
      </div>
      <p aria-live="polite" className="min-h-6 text-sm font-medium text-fg" data-testid="cross-check-count">
        {query.isPending ? (
          <>
            <span className="sr-only">{t('transactions.crossCheck.loading')}</span>
            <Skeleton className="h-4 w-48" />
          </>
        ) : query.isSuccess && rows.length > 0 ? (
          query.hasNextPage ? (
            t('transactions.crossCheck.countSoFar', { count: rows.length })
          ) : (
            t('transactions.crossCheck.count', { count: rows.length })
          )
        ) : (
          ''
        )}
      </p>
      {query.isError ? (
        <LoadError message={t('transactions.crossCheck.error')} onRetry={() => void query.refetch()} />
      ) : query.isPending ? (
        <div aria-busy="true" className="flex flex-col gap-2">
          {[0, 1, 2].map((index) => (
            <Skeleton key={index} className="h-9 w-full" />
          ))}
        </div>
      ) : rows.length === 0 ? (
        <EmptyState
          title={t('transactions.crossCheck.emptyTitle')}
          text={
            month === undefined
              ? t('transactions.crossCheck.emptyText')
              : t('transactions.crossCheck.emptyMonthText', { month: format.month(month) })
          }
          action={
            <Link
              to={paths.dataUpload.getHref()}
              className="inline-flex items-center rounded-md border border-border bg-surface px-4 py-2.5 text-sm font-semibold text-fg hover:bg-gray-100 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-primary"
            >
              {t('transactions.crossCheck.emptyAction')}
            </Link>
          }
        />
      ) : (
        <>
          <div className="overflow-x-auto rounded-xl border border-border bg-surface">
            <table className="w-full min-w-[64rem] text-sm text-fg">
              <caption className="sr-only">{t('transactions.crossCheck.caption')}</caption>
              <thead className="border-b border-border">
                <tr>
                  {HEADERS.map((header) => (
                    <th
                      key={header.key}
                      scope="col"
                      className={header.isNumeric ? `${headerCellClass} text-right` : headerCellClass}
                    >
                      {t(header.key)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr key={row.transactionId} className="border-b border-border last:border-b-0">
                    <td className={`${cellClass} whitespace-nowrap`}>{format.date(row.taxPointDate)}</td>
                    <td className={cellClass}>
                      {t(`transactions.types.${row.transactionType}`, { defaultValue: row.transactionType })}
                    </td>
                    <td className={cellClass}>
                      <button
                        type="button"
                        className="whitespace-nowrap font-mono text-xs text-primary-strong underline underline-offset-2 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-primary"
                        aria-label={t('transactions.crossCheck.open', { eventId: row.eventId })}
                        onClick={(event) => setOpenRow({ id: row.transactionId, element: event.currentTarget })}
                      >
                        {row.eventId}
                      </button>
                    </td>
                    <td className={cellClass}>{row.taxableJurisdiction ?? ''}</td>
                    <td className={`${cellClass} ${numericClass}`}>{amountIn(format, row.netAmount, row.currency)}</td>
                    <td className={`${cellClass} ${numericClass}`}>
                      {row.vatRate === null ? '' : format.percentOfFraction(row.vatRate)}
                    </td>
                    <td className={`${cellClass} ${numericClass}`}>{amountIn(format, row.vatAmount, row.currency)}</td>
                    <td className={`${cellClass} ${numericClass}`}>
                      {amountIn(format, row.computedVatAmount, row.currency)}
                    </td>
                    <td className={cellClass}>
                      {row.validRates.length === 0
                        ? t('transactions.crossCheck.noValidRates')
                        : row.validRates.map((rate) => percent(rate, format)).join(', ')}
                    </td>
                    <td className={cellClass}>
                      <ul className="flex flex-col gap-0.5">
                        {row.differences.map((difference) => (
                          <li key={difference}>{t(`transactions.crossCheck.difference.${difference}`)}</li>
                        ))}
                      </ul>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {query.hasNextPage ? (
            <div>
              <Button
                variant="secondary"
                disabled={query.isFetchingNextPage}
                onClick={() => void query.fetchNextPage()}
              >
                {query.isFetchingNextPage
                  ? t('transactions.crossCheck.loadingMore')
                  : t('transactions.crossCheck.more')}
              </Button>
            </div>
          ) : null}
        </>
      )}
      <TransactionDetailDialog
        transactionId={openRow?.id ?? null}
        returnFocusTo={openRow?.element ?? null}
        onClose={() => setOpenRow(null)}
      />
    </section>
  );
}
