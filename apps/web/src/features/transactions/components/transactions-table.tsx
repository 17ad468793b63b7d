import { useVirtualizer } from '@tanstack/react-virtual';
import type { TransactionSummary } from '@vatlas/contract';
import { explanationLanguageOf } from '@vatlas/domain';
import { type KeyboardEvent, memo, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Skeleton } from '../../../components/ui/skeleton';
import { useFormatters } from '../../../lib/format/format';
import { type IndexedPage, PAGE_SIZE } from '../api/list-transactions';
import type { TransactionColumn } from '../lib/columns';
import { type CellContext, COLUMN_DEFINITIONS } from './column-cells';

export const ROW_HEIGHT = 44;
const HEADER_HEIGHT = 44;
/** Placeholder rows after the last loaded one while more exist: scrolling into them asks for the next page. */
const PLACEHOLDER_ROWS = 40;
/** Ask for the next (previous) page when the visible rows come this close to the loaded end (start). */
const PREFETCH_DISTANCE = 150;

export type TransactionsTableProps = {
  pages: readonly IndexedPage[];
  columns: readonly TransactionColumn[];
  /** Rows matching the filters when known exactly (aria-rowcount); undefined when only "more than" is known. */
  totalRows: number | undefined;
  hasNextPage: boolean;
  hasPreviousPage: boolean;
  isFetchingNextPage: boolean;
  isFetchingPreviousPage: boolean;
  fetchNextPage: () => void;
  fetchPreviousPage: () => void;
  sortLabel: string;
  onOpen: (row: TransactionSummary, rowElement: HTMLElement) => void;
};

/**
 * The transactions as a real table (caption, column headers, aria-rowcount/aria-rowindex) of which only the rows in
 * view are rendered (@tanstack/react-virtual). Row positions are absolute (page index × page size + offset), so a
 * page dropped from memory leaves placeholder rows in its place and the scroll position never jumps. Spacer rows
 * above and below the rendered ones give the scroll height. Rows are one tab stop (roving tabindex): the arrow keys,
 * Page Up/Down, Home and End move between loaded rows; Enter or Space opens one.
 */
export function TransactionsTable(props: TransactionsTableProps) {
  const { pages, columns, hasNextPage, hasPreviousPage, isFetchingNextPage, isFetchingPreviousPage } = props;
  const { t, i18n } = useTranslation();
  const format = useFormatters();
  const scrollRef = useRef<HTMLDivElement>(null);
  const [activeIndex, setActiveIndex] = useState(0);
  /**
   * The row the keyboard moved to, until it is rendered and focused. The index itself, not a flag beside
   * `activeIndex`: an effect of an earlier render can still be pending when the key is pressed (React runs it before
   * the key's render), and with a flag it would focus the row of its own, older `activeIndex` and clear the flag.
   */
  const focusTarget = useRef<number | undefined>(undefined);

  const rowsByPage = useMemo(() => new Map(pages.map((page) => [page.index, page.items])), [pages]);
  const firstPage = pages[0];
  const lastPage = pages.at(-1);
  const firstLoaded = firstPage ? firstPage.index * PAGE_SIZE : 0;
  const loadedEnd = lastPage ? lastPage.index * PAGE_SIZE + lastPage.items.length : 0;
  const rowCount = loadedEnd + (hasNextPage ? PLACEHOLDER_ROWS : 0);

  const rowAt = useCallback(
    (index: number): TransactionSummary | undefined =>
      rowsByPage.get(Math.floor(index / PAGE_SIZE))?.[index % PAGE_SIZE],
    [rowsByPage],
  );

  const virtualizer = useVirtualizer({
    count: rowCount,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 12,
    scrollPaddingStart: HEADER_HEIGHT,
    // Scroll updates render in React's normal batching instead of one synchronous render per scroll event.
    useFlushSync: false,
  });
  const items = virtualizer.getVirtualItems();
  const firstVisible = items[0]?.index ?? 0;
  const lastVisible = items.at(-1)?.index ?? 0;

  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage && lastVisible >= loadedEnd - PREFETCH_DISTANCE) props.fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, lastVisible, loadedEnd, props.fetchNextPage]);
  useEffect(() => {
    if (hasPreviousPage && !isFetchingPreviousPage && firstVisible < firstLoaded + PREFETCH_DISTANCE)
      props.fetchPreviousPage();
  }, [hasPreviousPage, isFetchingPreviousPage, firstVisible, firstLoaded, props.fetchPreviousPage]);

  // The one tab stop: the active row when it is rendered and loaded, else the first loaded row in view.
  const isRenderedLoaded = (index: number) =>
    index >= firstVisible && index <= lastVisible && index >= firstLoaded && index < loadedEnd;
  const tabStop = isRenderedLoaded(activeIndex)
    ? activeIndex
    : (items.find((item) => isRenderedLoaded(item.index))?.index ?? -1);

  useEffect(() => {
    if (focusTarget.current === undefined) return;
    const row = scrollRef.current?.querySelector<HTMLElement>(`[data-row-index="${focusTarget.current}"]`);
    if (row) {
      focusTarget.current = undefined;
      row.focus({ preventScroll: true });
    }
  });

  const moveTo = (index: number) => {
    const target = Math.max(firstLoaded, Math.min(loadedEnd - 1, index));
    focusTarget.current = target;
    setActiveIndex(target);
    virtualizer.scrollToIndex(target, { align: 'auto' });
  };

  const visibleRows = Math.max(1, Math.floor(((scrollRef.current?.clientHeight ?? 440) - HEADER_HEIGHT) / ROW_HEIGHT));
  const onKeyDown = (event: KeyboardEvent<HTMLTableSectionElement>) => {
    const index = Number((event.target as HTMLElement).dataset.rowIndex);
    if (Number.isNaN(index)) return;
    const moves: Record<string, number> = {
      ArrowDown: index + 1,
      ArrowUp: index - 1,
      PageDown: index + visibleRows,
      PageUp: index - visibleRows,
      Home: firstLoaded,
      End: loadedEnd - 1,
    };
    const target = moves[event.key];
    if (target !== undefined) {
      event.preventDefault();
      moveTo(target);
      return;
    }
    if (event.key === 'Enter' || event.key === ' ') {
      const row = rowAt(index);
      if (row) {
        event.preventDefault();
        props.onOpen(row, event.target as HTMLElement);
      }
    }
  };

  const language = explanationLanguageOf(i18n.language);
  const context = useMemo<CellContext>(() => ({ t, format, language }), [t, format, language]);
  const onOpen = props.onOpen;
  const width = columns.reduce((sum, column) => sum + COLUMN_DEFINITIONS[column].width, 0);

  return (
    <div
      ref={scrollRef}
      // contain: strict — the scroller has its own size, so what happens inside never lays out the page around it.
      className="relative h-[min(70vh,44rem)] min-h-80 overflow-auto overscroll-contain rounded-xl border border-border bg-surface [contain:strict]"
      data-testid="transactions-scroll"
    >
      {/*
        A real table whose rows are placed by transform (display: block/flex instead of table layout): a scroll step
        moves a few rows instead of laying out the whole table again. Semantics stay those of the elements.
      */}
      <table
        className="block text-sm text-fg"
        style={{ width, minWidth: '100%' }}
        aria-rowcount={props.totalRows === undefined ? -1 : props.totalRows + 1}
      >
        <caption className="sr-only">{t('transactions.table.caption', { sort: props.sortLabel })}</caption>
        <thead className="sticky top-0 z-10 block border-b border-border bg-light">
          <tr aria-rowindex={1} className="flex h-11">
            {columns.map((column) => (
              <th
                key={column}
                scope="col"
                style={cellStyle(column)}
                className={`block truncate px-3 text-left text-xs leading-11 font-semibold uppercase tracking-wide text-fg-secondary ${
                  COLUMN_DEFINITIONS[column].isNumeric ? 'text-right' : ''
                }`}
              >
                {t(`transactions.columns.${column}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody onKeyDown={onKeyDown} className="relative block" style={{ height: virtualizer.getTotalSize() }}>
          {items.map((item) => {
            const row = rowAt(item.index);
            if (!row) {
              return (
                // biome-ignore lint/a11y/noAriaHiddenOnFocusable: a placeholder row while its page loads, not focusable.
                <tr
                  key={`placeholder-${item.index}`}
                  aria-hidden="true"
                  className="absolute top-0 left-0 flex w-full border-b border-border"
                  style={{ height: ROW_HEIGHT, transform: `translateY(${item.start}px)` }}
                >
                  {columns.map((column) => (
                    <td key={column} style={cellStyle(column)} className="flex items-center px-3">
                      {/* Still, not pulsing: dozens of animated blocks would repaint every frame while scrolling. */}
                      <Skeleton className="h-3.5 w-3/4 animate-none" />
                    </td>
                  ))}
                </tr>
              );
            }
            return (
              <TransactionRow
                key={row.id}
                row={row}
                index={item.index}
                start={item.start}
                columns={columns}
                context={context}
                isTabStop={item.index === tabStop}
                onOpen={onOpen}
                onActivate={setActiveIndex}
              />
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/** A column's fixed share of the row; wider screens grow every column alike, so headers and cells stay aligned. */
const cellStyle = (column: TransactionColumn) => ({ flex: `1 0 ${COLUMN_DEFINITIONS[column].width}px`, minWidth: 0 });

/**
 * One loaded row. Memoised: while the table scrolls only the rows that come into view render; the ones already on
 * screen keep their cells (the formatting of amounts and dates is the costly part of a row).
 */
const TransactionRow = memo(function TransactionRow({
  row,
  index,
  start,
  columns,
  context,
  isTabStop,
  onOpen,
  onActivate,
}: {
  row: TransactionSummary;
  index: number;
  start: number;
  columns: readonly TransactionColumn[];
  context: CellContext;
  isTabStop: boolean;
  onOpen: TransactionsTableProps['onOpen'];
  onActivate: (index: number) => void;
}) {
  return (
    <tr
      data-row-index={index}
      aria-rowindex={index + 2}
      tabIndex={isTabStop ? 0 : -1}
      onClick={(event) => {
        onActivate(index);
        onOpen(row, event.currentTarget);
      }}
      onFocus={() => onActivate(index)}
      style={{ height: ROW_HEIGHT, transform: `translateY(${start}px)` }}
      className="absolute top-0 left-0 flex w-full cursor-pointer border-b border-border hover:bg-light focus-visible:bg-light focus-visible:outline-3 focus-visible:-outline-offset-3 focus-visible:outline-primary"
    >
      {columns.map((column) => (
        <td
          key={column}
          style={cellStyle(column)}
          className={`block truncate px-3 leading-[43px] ${
            COLUMN_DEFINITIONS[column].isNumeric ? 'text-right tabular-nums' : ''
          }`}
        >
          {COLUMN_DEFINITIONS[column].render(row, context)}
        </td>
      ))}
    </tr>
  );
});

/** The table's shape while the first page loads: the header and skeleton rows, no layout jump when data arrives. */
export function TransactionsTableSkeleton({ columns }: { columns: readonly TransactionColumn[] }) {
  const { t } = useTranslation();
  const width = columns.reduce((sum, column) => sum + COLUMN_DEFINITIONS[column].width, 0);
  return (
    <div className="h-[min(70vh,44rem)] min-h-80 overflow-hidden rounded-xl border border-border bg-surface">
      <table className="table-fixed border-separate border-spacing-0 text-sm" style={{ width, minWidth: '100%' }}>
        <thead>
          <tr>
            {columns.map((column) => (
              <th
                key={column}
                scope="col"
                className="h-11 truncate border-b border-border bg-light px-3 text-left text-xs font-semibold uppercase tracking-wide text-fg-secondary"
                style={{ width: COLUMN_DEFINITIONS[column].width }}
              >
                {t(`transactions.columns.${column}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody aria-hidden="true">
          {Array.from({ length: 12 }, (_, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: static placeholder rows.
            <tr key={index} style={{ height: ROW_HEIGHT }}>
              {columns.map((column) => (
                <td key={column} className="border-b border-border px-3">
                  <Skeleton className="h-3.5 w-3/4" />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
