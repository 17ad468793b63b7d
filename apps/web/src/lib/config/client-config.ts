import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths, type ClientConfig, clientConfigSchema } from '@vatlas/contract';

/** One build runs everywhere: what differs per environment arrives at start-up from the server. */
export async function loadClientConfig(
  fetchFn: typeof fetch = (input, init) => fetch(input, init),
): Promise<ClientConfig> {
  const response = await fetchFn(apiPaths.clientConfig, { headers: { Accept: 'application/json' } });
  if (!response.ok) throw new Error(`${apiPaths.clientConfig} answered ${response.status}`);
  return clientConfigSchema.parse(await response.json());
}

/**
 * The configuration as a query: start-up loads it once and seeds this query with it (`main.tsx`), so a page that
 * needs a flag reads it from memory instead of asking the server again.
 */
export const clientConfigQueryOptions = () =>
  queryOptions({ queryKey: ['client-config'], queryFn: () => loadClientConfig(), staleTime: Number.POSITIVE_INFINITY });

export const useClientConfig = () => useQuery(clientConfigQueryOptions());
