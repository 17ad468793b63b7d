import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

export const ADMIN_PAGE_SIZE = 25;

/**
 * The search text, filters and page of an admin table, kept in the URL query so Back, a reload and a shared link show
 * the same list. Changing a filter starts again at the first page.
 */
export function useTableParams<K extends string>(filterKeys: readonly K[]) {
  const [params, setParams] = useSearchParams();
  const offset = Math.max(0, Number.parseInt(params.get('offset') ?? '0', 10) || 0);
  const filters = Object.fromEntries(filterKeys.map((key) => [key, params.get(key) ?? ''])) as Record<K, string>;

  const setFilter = useCallback(
    (key: K, value: string) =>
      setParams((current) => {
        const next = new URLSearchParams(current);
        if (value) next.set(key, value);
        else next.delete(key);
        next.delete('offset');
        return next;
      }),
    [setParams],
  );
  const setOffset = useCallback(
    (value: number) =>
      setParams((current) => {
        const next = new URLSearchParams(current);
        if (value > 0) next.set('offset', String(value));
        else next.delete('offset');
        return next;
      }),
    [setParams],
  );
  return { offset, filters, setFilter, setOffset };
}

/** The filters as API query values: empty ones left out. */
export function toQuery(values: Record<string, string | number>): Record<string, string | number | undefined> {
  return Object.fromEntries(Object.entries(values).map(([key, value]) => [key, value === '' ? undefined : value]));
}
