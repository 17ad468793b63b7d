import { type InfiniteData, infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiPaths, type TransactionPage, transactionPageSchema } from '@vatlas/contract';
import { useAuthServices } from '../../../lib/auth/auth-services';
import { useAuthStore } from '../../../lib/auth/auth-store';
import type { HttpClient } from '../../../lib/http/http-client';
import { filtersToApiQuery, type TransactionFilters } from '../lib/filters';

/** Rows per request. */
export const PAGE_SIZE = 200;
/**
 * Pages kept in memory (5,000 rows). Scrolling further drops the farthest page; scrolling back fetches it again
 * through its cursor, so memory stays bounded however far the user scrolls through a million rows.
 */
export const MAX_PAGES = 25;

/** Where a page sits in the list (its absolute index) and the cursor that fetches it (none for the first). */
export type PageParam = { index: number; cursor: string | undefined };
export type IndexedPage = TransactionPage & { index: number };

/**
 * The API gives only a next cursor. To fetch a dropped page again, the cursor of every page seen is logged here per
 * list (company + filters): a few dozen bytes per page of 200 rows, so 5,000 entries at a million rows.
 */
const cursorLogs = new Map<string, (string | undefined)[]>();

export const transactionsQueryKey = (companyId: string, filters: TransactionFilters) =>
  ['transactions', companyId, filtersToApiQuery(filters)] as const;

export function listTransactions(
  http: HttpClient,
  companyId: string,
  filters: TransactionFilters,
  cursor: string | undefined,
): Promise<TransactionPage> {
  return http.request(apiPaths.transactions(companyId, { ...filtersToApiQuery(filters), cursor, limit: PAGE_SIZE }), {
    schema: transactionPageSchema,
  });
}

export function listTransactionsQueryOptions(http: HttpClient, companyId: string, filters: TransactionFilters) {
  const logKey = JSON.stringify([companyId, filtersToApiQuery(filters)]);
  const log = () => {
    let entries = cursorLogs.get(logKey);
    if (!entries) {
      entries = [undefined];
      cursorLogs.set(logKey, entries);
    }
    return entries;
  };
  return infiniteQueryOptions<
    IndexedPage,
    Error,
    InfiniteData<IndexedPage, PageParam>,
    ReturnType<typeof transactionsQueryKey>,
    PageParam
  >({
    queryKey: transactionsQueryKey(companyId, filters),
    queryFn: async ({ pageParam }) => {
      const page = await listTransactions(http, companyId, filters, pageParam.cursor);
      if (page.nextCursor !== null) log()[pageParam.index + 1] = page.nextCursor;
      return { ...page, index: pageParam.index };
    },
    initialPageParam: { index: 0, cursor: undefined },
    getNextPageParam: (lastPage) =>
      lastPage.nextCursor === null ? undefined : { index: lastPage.index + 1, cursor: lastPage.nextCursor },
    getPreviousPageParam: (firstPage) =>
      firstPage.index === 0 ? undefined : { index: firstPage.index - 1, cursor: log()[firstPage.index - 1] },
    maxPages: MAX_PAGES,
    // Pages are never edited in place: comparing up to 5,000 rows deeply on every page fetched is wasted main-thread
    // time while the user scrolls.
    structuralSharing: false,
    staleTime: 5 * 60_000,
    refetchOnWindowFocus: false,
  });
}

/** The selected company's transactions under the filters, a page of PAGE_SIZE at a time in both directions. */
export function useTransactionPages(filters: TransactionFilters) {
  const { http } = useAuthServices();
  const companyId = useAuthStore((state) => state.selectedCompanyId);
  return useInfiniteQuery({
    ...listTransactionsQueryOptions(http, companyId ?? '', filters),
    enabled: companyId !== null,
  });
}
