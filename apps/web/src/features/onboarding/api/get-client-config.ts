import { queryOptions, useQuery } from '@tanstack/react-query';
import { loadClientConfig } from '../../../lib/config/client-config';

/**
 * /config.json again, through the query cache: start-up reads it before React exists and hands it only to the
 * auth runtime, and a page that needs one flag should not widen that contract. Served from memory after the first read.
 */
export const clientConfigQueryOptions = () =>
  queryOptions({ queryKey: ['client-config'], queryFn: () => loadClientConfig(), staleTime: Number.POSITIVE_INFINITY });

export const useClientConfig = () => useQuery(clientConfigQueryOptions());
