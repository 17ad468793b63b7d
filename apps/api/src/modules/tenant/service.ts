import type { TenantSummary } from '@vatlas/contract';
import type { TenantRecord } from './repository';

export function toTenantSummary(tenant: TenantRecord): TenantSummary {
  return { id: tenant.id, slug: tenant.slug, name: tenant.name };
}
