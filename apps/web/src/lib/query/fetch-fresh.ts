import { type FetchQueryOptions, type QueryKey, useQueryClient } from '@tanstack/react-query';

/**
 * A function that fetches a query again whatever the cache holds, keeps the answer in the cache and resolves with it:
 * what a form refused for an edit conflict (decision 052) is refilled from.
 */
export function useFetchFresh<T, K extends QueryKey>(options: FetchQueryOptions<T, Error, T, K>): () => Promise<T> {
  const queryClient = useQueryClient();
  return () => queryClient.fetchQuery({ ...options, staleTime: 0 });
}
