import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { companyIntegrations } from '../../db/schema';

export type IntegrationRecord = typeof companyIntegrations.$inferSelect;

export async function listIntegrationRows(db: Db, companyId: string): Promise<IntegrationRecord[]> {
  return db.select().from(companyIntegrations).where(eq(companyIntegrations.companyId, companyId));
}

export async function upsertIntegration(
  db: Db,
  values: { companyId: string; provider: string; status: string },
): Promise<IntegrationRecord> {
  const [row] = await db
    .insert(companyIntegrations)
    .values(values)
    .onConflictDoUpdate({
      target: [companyIntegrations.companyId, companyIntegrations.provider],
      set: { status: values.status, updatedAt: sql`now()` },
    })
    .returning();
  if (!row) throw new Error('the integration row was not written');
  return row;
}
