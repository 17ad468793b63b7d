import { defaultStoredSteps } from '@vatlas/domain';
import { and, eq, notInArray } from 'drizzle-orm';
import { lockUntilCommit } from '../../db/advisory-locks';
import type { Db } from '../../db/client';
import { companies, companyJurisdictions, onboardingStates } from '../../db/schema';

export type QuestionnaireRecord = {
  questionnaire: Record<string, unknown> | null;
  assessment: Record<string, unknown> | null;
  assessedAt: Date | null;
};

export async function findQuestionnaire(db: Db, companyId: string): Promise<QuestionnaireRecord | undefined> {
  const [row] = await db
    .select({
      questionnaire: onboardingStates.questionnaire,
      assessment: onboardingStates.assessment,
      assessedAt: onboardingStates.assessedAt,
    })
    .from(onboardingStates)
    .where(eq(onboardingStates.companyId, companyId))
    .limit(1);
  return row;
}

/** Answers and their assessment are written together: a stored assessment always belongs to the stored answers. */
export async function saveQuestionnaire(
  db: Db,
  companyId: string,
  values: { questionnaire: Record<string, unknown>; assessment: Record<string, unknown>; assessedAt: Date },
): Promise<void> {
  await db
    .insert(onboardingStates)
    // A company created before onboarding existed has no row yet; it starts with the default steps of spec §3.
    .values({ companyId, steps: defaultStoredSteps(), ...values })
    .onConflictDoUpdate({ target: onboardingStates.companyId, set: { ...values, updatedAt: new Date() } });
}

export type JurisdictionRecord = typeof companyJurisdictions.$inferSelect;

export async function listJurisdictions(db: Db, companyId: string): Promise<JurisdictionRecord[]> {
  return db.select().from(companyJurisdictions).where(eq(companyJurisdictions.companyId, companyId));
}

export type JurisdictionSelection = { countryCode: string; source: 'assessment' | 'user'; reasons: unknown[] };

/**
 * Makes the stored set equal to `selection`: removes the others, inserts new ones, and keeps what a registration
 * already gathered (status, VAT number, frequency) on the ones that stay. Call inside a transaction: it holds the
 * company's lock on its selection until the end, so of two selections saved at once (two tabs) the second replaces
 * the first; each would otherwise miss the other's uncommitted countries and leave both sets together.
 */
export async function replaceJurisdictions(
  db: Db,
  companyId: string,
  selection: readonly JurisdictionSelection[],
): Promise<void> {
  await lockJurisdictionSelection(db, companyId);
  const codes = selection.map((item) => item.countryCode);
  await db
    .delete(companyJurisdictions)
    .where(and(eq(companyJurisdictions.companyId, companyId), notInArray(companyJurisdictions.countryCode, codes)));
  for (const item of selection) {
    await db
      .insert(companyJurisdictions)
      .values({ companyId, ...item })
      .onConflictDoUpdate({
        target: [companyJurisdictions.companyId, companyJurisdictions.countryCode],
        set: { source: item.source, reasons: item.reasons, updatedAt: new Date() },
      });
  }
}

export async function findEstablishmentCountryCode(db: Db, companyId: string): Promise<string | null> {
  const [row] = await db
    .select({ code: companies.establishmentCountryCode })
    .from(companies)
    .where(eq(companies.id, companyId))
    .limit(1);
  return row?.code?.trim().toUpperCase() || null;
}

/** Holds the company's jurisdiction selection until the calling transaction ends (see `replaceJurisdictions`). */
export async function lockJurisdictionSelection(db: Db, companyId: string): Promise<void> {
  await lockUntilCommit(db, 'jurisdictionSelection', companyId);
}
