import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { companies, onboardingStates } from '../../db/schema';
import { isUuid } from '../company/repository';

export type OnboardingStateRecord = typeof onboardingStates.$inferSelect;
export type OnboardingStateUpdate = Partial<
  Pick<OnboardingStateRecord, 'steps' | 'productTypes' | 'salesChannels' | 'marketplaces'>
>;

export async function findOnboardingState(db: Db, companyId: string): Promise<OnboardingStateRecord | undefined> {
  if (!isUuid(companyId)) return undefined;
  const [row] = await db.select().from(onboardingStates).where(eq(onboardingStates.companyId, companyId)).limit(1);
  return row;
}

/**
 * Locks the row for a read-modify-write of its steps (inside a transaction), so two concurrent step
 * changes cannot overwrite each other.
 */
export async function findOnboardingStateForUpdate(
  db: Db,
  companyId: string,
): Promise<OnboardingStateRecord | undefined> {
  const [row] = await db
    .select()
    .from(onboardingStates)
    .where(eq(onboardingStates.companyId, companyId))
    .limit(1)
    .for('update');
  return row;
}

/** Creates the row when missing (companies created before onboarding existed have none), else updates it. */
export async function saveOnboardingState(
  db: Db,
  companyId: string,
  values: OnboardingStateUpdate & { steps: OnboardingStateRecord['steps'] },
): Promise<void> {
  await db
    .insert(onboardingStates)
    .values({ companyId, ...values })
    .onConflictDoUpdate({ target: onboardingStates.companyId, set: { ...values, updatedAt: new Date() } });
}

export type CompanyUpdate = Partial<
  Pick<
    typeof companies.$inferInsert,
    | 'legalNameOfBusiness'
    | 'establishmentCountryCode'
    | 'establishmentCountryId'
    | 'companyType'
    | 'legalStatus'
    | 'legalStatusId'
    | 'termsAccepted'
    | 'termsAcceptedAt'
    | 'street'
    | 'houseNumber'
    | 'zipCode'
    | 'city'
    | 'state'
  >
>;

export async function updateCompany(db: Db, companyId: string, values: CompanyUpdate): Promise<void> {
  await db
    .update(companies)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(companies.id, companyId));
}
