import { INTEGRATION_PROVIDERS, type Integration, type IntegrationProvider } from '@vatlas/contract';
import type { Db } from '../../db/client';
import { type IntegrationRecord, listIntegrationRows, upsertIntegration } from './repository';

function toAnswer(provider: IntegrationProvider, row: IntegrationRecord | undefined): Integration {
  // A stored status outside today's vocabulary (say, from a future connector) is shown as not connected, never as more.
  const status = row?.status === 'file-upload' ? 'file-upload' : 'not-connected';
  return { provider, status, updatedAt: row?.updatedAt.toISOString() ?? null };
}

/** All four providers, each with its true state: not connected unless the seller chose to upload files. */
export async function listIntegrations(db: Db, companyId: string): Promise<Integration[]> {
  const rows = await listIntegrationRows(db, companyId);
  return INTEGRATION_PROVIDERS.map((provider) =>
    toAnswer(
      provider,
      rows.find((row) => row.provider === provider),
    ),
  );
}

export async function updateIntegration(
  db: Db,
  input: { companyId: string; provider: IntegrationProvider; status: Integration['status'] },
): Promise<Integration> {
  return toAnswer(input.provider, await upsertIntegration(db, input));
}
