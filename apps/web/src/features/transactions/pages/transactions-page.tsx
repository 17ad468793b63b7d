import type { TransactionSummary } from '@vatlas/contract';
import { type ReactNode, useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { PageHeader, WorkspacePage } from '../../../components/ui/page-header';
import { Skeleton } from '../../../components/ui/skeleton';
import { paths } from '../../../config/paths';
import { useTransactionCount } from '../api/count-transactions';
import { useTransactionPages } from '../api/list-transactions';
import { ColumnChooser } from '../components/column-chooser';
import { CrossCheckSection } from '../components/cross-check-section';
import { ExportButton } from '../components/export-button';
import { LoadError } from '../components/load-error';
import { TransactionDetailDialog } from '../components/transaction-detail-dialog';
import { TransactionFilters } from '../components/transaction-filters';
import { TransactionsTable, TransactionsTableSkeleton } from '../components/transactions-table';
import { useColumnVisibility } from '../hooks/use-column-visibility';
import { useTransactionFilters } from '../hooks/use-transaction-filters';
import { visibleColumns } from '../lib/columns';
import { hasActiveFilters } from '../lib/filters';

/** The screen's two views, chosen by the URL's `view`: the list of every transaction, or the cross-check. */
const CROSS_CHECK_VIEW = 'cross-check';

/** The links between the two views; the month chosen in one is kept in the other. */
function ViewLinks({ isCrossCheck, month }: { isCrossCheck: boolean; month: string | undefined }) {
  const { t } = useTranslation();
  const hrefOf = (view: string | undefined) => {
    const params = new URLSearchParams();
    if (view) params.set('view', view);
    if (month) params.set('month', month);
    const query = params.toString();
    return `${paths.transactions.getHref()}${query ? `?${query}` : ''}`;
  };
  return (
    <nav aria-label={t('transactions.views.label')} className="flex flex-wrap gap-2">
      {[
        { href: hrefOf(undefined), label: t('transactions.views.list'), isCurrent: !isCrossCheck },
        { href: hrefOf(CROSS_CHECK_VIEW), label: t('transactions.views.crossCheck'), isCurrent: isCrossCheck },
      ].map((view) => (
        <Link
          key={view.href}
          to={view.href}
          aria-current={view.isCurrent ? 'page' : undefined}
          className={`rounded-full border px-4 py-1.5 text-sm font-medium focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-primary ${
            view.isCurrent
              ? 'border-primary-strong bg-primary-strong text-on-primary'
              : 'border-border bg-surface text-fg hover:border-primary-strong'
          }`}
        >
          {view.label}
        </Link>
      ))}
    </nav>
  );
}

export function TransactionsPage({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const urlFilters = useTransactionFilters();
  const { filters, setFilter } = urlFilters;
  const isCrossCheck = searchParams.get('view') === CROSS_CHECK_VIEW;
  const views = <ViewLinks isCrossCheck={isCrossCheck} month={filters.month} />;

  if (isCrossCheck) {
    return (
      <WorkspacePage wide>
        <PageHeader title={t(titleKey)} description={t('transactions.description')} />
        {views}
        <CrossCheckSection month={filters.month} setMonth={(month) => setFilter('month', month)} />
      </WorkspacePage>
    );
  }
  return <TransactionList title={t(titleKey)} views={views} urlFilters={urlFilters} />;
}

/** The list view: the filters of the URL (`useTransactionFilters`, read once by the page), the table and its count. */
function TransactionList({
  title,
  views,
  urlFilters,
}: {
  title: string;
  views: ReactNode;
  urlFilters: ReturnType<typeof useTransactionFilters>;
}) {
  const { t } = useTranslation();
  const { filters, setFilter, setSort, clearFilters, clearPeriod } = urlFilters;
  const { visibility, setColumn } = useColumnVisibility();
  const columns = useMemo(() => visibleColumns(visibility), [visibility]);
  const pagesQuery = useTransactionPages(filters);
  const countQuery = useTransactionCount(filters);
  const [openRow, setOpenRow] = useState<{ id: string; element: HTMLElement } | null>(null);

  const onOpen = useCallback(
    (row: TransactionSummary, element: HTMLElement) => setOpenRow({ id: row.id, element }),
    [],
  );
  const { fetchNextPage, fetchPreviousPage } = pagesQuery;
  const next = useCallback(() => void fetchNextPage(), [fetchNextPage]);
  const previous = useCallback(() => void fetchPreviousPage(), [fetchPreviousPage]);

  const count = countQuery.data;
  const countText = count
    ? count.isExact
      ? t('transactions.count.exact', { count: count.count })
      : t('transactions.count.moreThan', { count: count.count })
    : null;
  const pages = pagesQuery.data?.pages ?? [];
  const isEmpty = pagesQuery.isSuccess && pages.length > 0 && pages.every((page) => page.items.length === 0);
  const sortLabel =
    filters.sort === 'date-asc' ? t('transactions.filters.sortAsc') : t('transactions.filters.sortDesc');

  return (
    <WorkspacePage wide>
      <PageHeader
        title={title}
        description={t('transactions.description')}
        actions={
          <>
            <ColumnChooser visibility={visibility} setColumn={setColumn} />
            <ExportButton filters={filters} />
          </>
        }
      />
      {views}
      <TransactionFilters
        filters={filters}
        setFilter={setFilter}
        setSort={setSort}
        clearFilters={clearFilters}
        clearPeriod={clearPeriod}
      />
      <div className="flex min-h-6 items-center justify-between gap-4 text-sm text-fg-secondary">
        <p aria-live="polite" data-testid="transactions-count" className="font-medium text-fg">
          {countText ?? (
            <>
              <span className="sr-only">{t('transactions.count.loading')}</span>
              <Skeleton className="h-4 w-40" />
            </>
          )}
        </p>
        <p aria-live="polite" className="text-xs">
          {pagesQuery.isFetchingNextPage || pagesQuery.isFetchingPreviousPage
            ? t('transactions.table.loadingMore')
            : ''}
        </p>
      </div>
      {pagesQuery.isError ? (
        <LoadError message={t('transactions.table.error')} onRetry={() => void pagesQuery.refetch()} />
      ) : isEmpty ? (
        hasActiveFilters(filters) ? (
          <EmptyState
            title={t('transactions.empty.noMatchTitle')}
            text={t(filters.search ? 'transactions.empty.noMatchSearchText' : 'transactions.empty.noMatchText')}
            action={<Button onClick={clearFilters}>{t('transactions.filters.clear')}</Button>}
          />
        ) : (
          <EmptyState
            title={t('transactions.empty.noDataTitle')}
            text={t('transactions.empty.noDataText')}
            action={
              <Link
                to={paths.dataUpload.getHref()}
                className="inline-flex items-center rounded-md bg-primary-strong px-4 py-2.5 text-sm font-semibold text-on-primary hover:brightness-90 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-primary"
              >
                {t('transactions.empty.noDataAction')}
              </Link>
            }
          />
        )
      ) : pagesQuery.isPending ? (
        <div aria-busy="true">
          <TransactionsTableSkeleton columns={columns} />
        </div>
      ) : (
        <TransactionsTable
          pages={pages}
          columns={columns}
          totalRows={count?.isExact ? count.count : undefined}
          hasNextPage={pagesQuery.hasNextPage}
          hasPreviousPage={pagesQuery.hasPreviousPage}
          isFetchingNextPage={pagesQuery.isFetchingNextPage}
          isFetchingPreviousPage={pagesQuery.isFetchingPreviousPage}
          fetchNextPage={next}
          fetchPreviousPage={previous}
          sortLabel={sortLabel}
          onOpen={onOpen}
        />
      )}
      <TransactionDetailDialog
        transactionId={openRow?.id ?? null}
        returnFocusTo={openRow?.element ?? null}
        onClose={() => setOpenRow(null)}
      />
    </WorkspacePage>
  );
}
