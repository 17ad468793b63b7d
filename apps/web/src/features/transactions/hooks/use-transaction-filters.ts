import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import {
  type FilterKey,
  filtersFromSearchParams,
  filtersToSearchParams,
  type TransactionFilters,
} from '../lib/filters';

/** The filters and sort, read from and written to the URL query (the one source of truth). */
export function useTransactionFilters() {
  const [searchParams, setSearchParams] = useSearchParams();
  const key = searchParams.toString();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the query string is the identity of the filters.
  const filters = useMemo(() => filtersFromSearchParams(searchParams), [key]);

  const update = useCallback(
    (next: (current: TransactionFilters) => TransactionFilters, options?: { replace?: boolean }) => {
      setSearchParams((current) => filtersToSearchParams(next(filtersFromSearchParams(current)), current), {
        replace: options?.replace ?? false,
      });
    },
    [setSearchParams],
  );

  const setFilter = useCallback(
    (name: FilterKey, value: string | undefined, options?: { replace?: boolean }) =>
      update((current) => ({ ...current, [name]: value === '' ? undefined : value }), options),
    [update],
  );
  const setSort = useCallback(
    (sort: TransactionFilters['sort']) => update((current) => ({ ...current, sort })),
    [update],
  );
  const clearFilters = useCallback(() => update((current) => ({ sort: current.sort })), [update]);
  /** Drops a filing's period (`from`, `to`) in one change of the URL. */
  const clearPeriod = useCallback(
    () => update((current) => ({ ...current, from: undefined, to: undefined })),
    [update],
  );

  return { filters, setFilter, setSort, clearFilters, clearPeriod };
}
