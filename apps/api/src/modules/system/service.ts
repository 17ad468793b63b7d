import type { ClientConfig, HealthResponse } from '@vatlas/contract';
import type { AppConfig } from '../../config';
import type { Database } from '../../db/client';
import { countAppliedMigrations } from '../../db/migrate';

export async function checkHealth(database: Database): Promise<HealthResponse> {
  try {
    const latencyMs = await database.ping();
    const migrations = await countAppliedMigrations(database.db);
    return { status: 'ok', database: { kind: database.kind, status: 'up', latencyMs, migrations } };
  } catch {
    return { status: 'degraded', database: { kind: database.kind, status: 'down' } };
  }
}

/** The explicit allow-list of configuration the browser may see. */
export function buildClientConfig(config: AppConfig): ClientConfig {
  const { auth } = config;
  return {
    environment: config.appEnvironment,
    auth: {
      provider: auth.provider,
      authority: auth.authority,
      clientId: auth.clientId,
      scope: auth.scope,
      redirectPath: auth.redirectPath,
      postLogoutRedirectPath: auth.postLogoutRedirectPath,
      extraQueryParams: auth.extraQueryParams,
    },
    features: {
      useB2CAuth: auth.provider === 'b2c',
      questionnaireV2: true,
      // Only whether it is there: the key itself stays on the server, which calls the places service.
      addressSuggestions: config.mapsApiKey !== null,
    },
  };
}
