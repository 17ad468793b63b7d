import { apiPaths, type ClientConfig, clientConfigSchema } from '@vatlas/contract';

/** One build runs everywhere: what differs per environment arrives at start-up from the server. */
export async function loadClientConfig(
  fetchFn: typeof fetch = (input, init) => fetch(input, init),
): Promise<ClientConfig> {
  const response = await fetchFn(apiPaths.clientConfig, { headers: { Accept: 'application/json' } });
  if (!response.ok) throw new Error(`${apiPaths.clientConfig} answered ${response.status}`);
  return clientConfigSchema.parse(await response.json());
}
