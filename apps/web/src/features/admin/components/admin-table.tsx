import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { ScrollTable } from '../../../components/ui/scroll-region';
import { Skeleton } from '../../../components/ui/skeleton';

export const cellClass = 'px-3 py-2 text-left align-top';
export const headClass = 'px-3 py-2 text-left text-xs font-semibold tracking-wide text-fg-secondary uppercase';

/**
 * A table of an admin list with its three other states: loading (skeleton rows, announced), failed (what went wrong
 * and a retry) and empty (what it means and what to do next).
 */
export function AdminTable({
  caption,
  columns,
  query,
  isEmpty,
  empty,
  children,
}: {
  caption: string;
  columns: string[];
  /** The list's query: its loading and failed states, and retry by refetching. */
  query: { isPending: boolean; error: Error | null; refetch: () => unknown };
  isEmpty: boolean;
  empty: { title: string; text: string; action?: ReactNode };
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const { isPending, error } = query;
  if (error) {
    return (
      <div role="alert" className="flex flex-col items-start gap-3 rounded-xl border border-danger bg-surface p-4">
        <p className="text-sm text-danger">{t('adminArea.common.loadError', { message: error.message })}</p>
        <Button variant="secondary" onClick={() => void query.refetch()}>
          {t('adminArea.common.retry')}
        </Button>
      </div>
    );
  }
  if (isPending) {
    return (
      <div aria-busy="true" className="flex flex-col gap-2">
        <span role="status" className="sr-only">
          {t('adminArea.common.loading')}
        </span>
        {Array.from({ length: 6 }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders.
          <Skeleton key={index} className="h-9 w-full" />
        ))}
      </div>
    );
  }
  if (isEmpty) return <EmptyState title={empty.title} text={empty.text} action={empty.action} />;
  // Wide enough that an e-mail address is not broken letter by letter on a phone: the table scrolls instead.
  return (
    <ScrollTable
      caption={caption}
      scrollClassName="relative rounded-xl border border-border bg-surface"
      className="w-full min-w-[40rem] border-collapse text-sm"
    >
      <thead className="border-b border-border bg-body">
        <tr>
          {columns.map((column) => (
            <th key={column} scope="col" className={headClass}>
              {column}
            </th>
          ))}
        </tr>
      </thead>
      <tbody className="divide-y divide-border">{children}</tbody>
    </ScrollTable>
  );
}

/** "Showing 1–25 of 80" with previous/next; hidden when everything fits on one page. */
export function Pager({
  offset,
  limit,
  total,
  onChange,
}: {
  offset: number;
  limit: number;
  total: number;
  onChange: (offset: number) => void;
}) {
  const { t } = useTranslation();
  if (total === 0) return null;
  const to = Math.min(offset + limit, total);
  return (
    <nav aria-label={t('adminArea.common.pagination')} className="flex flex-wrap items-center justify-between gap-3">
      <p className="text-sm text-fg-secondary" aria-live="polite">
        {t('adminArea.common.showing', { from: offset + 1, to, total })}
      </p>
      {total > limit ? (
        <div className="flex gap-2">
          <Button variant="secondary" disabled={offset === 0} onClick={() => onChange(Math.max(0, offset - limit))}>
            {t('adminArea.common.previous')}
          </Button>
          <Button variant="secondary" disabled={to >= total} onClick={() => onChange(offset + limit)}>
            {t('adminArea.common.next')}
          </Button>
        </div>
      ) : null}
    </nav>
  );
}
