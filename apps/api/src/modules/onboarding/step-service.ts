import {
  completeStep,
  defaultStoredSteps,
  navigateToStep,
  type OnboardingStep,
  type OnboardingStepId,
  restoreSteps,
  StepMachineError,
} from '@vatlas/domain';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { companyJurisdictions } from '../../db/schema';
import { HttpError } from '../../plugins/errors';
// A cycle by design (checklist completes document-center through this module); both only call at run time.
import { completeDocumentCenterIfReady } from '../documents/checklist';
import { findOnboardingStateForUpdate, saveOnboardingState } from './repository';

const toStored = (steps: readonly OnboardingStep[]) => steps.map((step) => ({ id: step.id, status: step.status }));

/** Spec §8 step errors as API answers: unknown step 404, locked 409, keeping the exact message. */
export function toHttpError(error: unknown): unknown {
  if (!(error instanceof StepMachineError)) return error;
  const status = error.code === 'step_locked' ? 409 : 404;
  return new HttpError(status, error.code, error.message);
}

/**
 * Applies one transition of the step machine (packages/domain) to the stored steps, under a row lock so
 * concurrent changes serialise. Works inside a caller's transaction too (drizzle nests it as a savepoint).
 */
async function transition(
  db: Db,
  companyId: string,
  apply: (steps: OnboardingStep[]) => OnboardingStep[],
): Promise<OnboardingStep[]> {
  try {
    return await db.transaction(async (tx) => {
      const txDb = tx as unknown as Db;
      const row = await findOnboardingStateForUpdate(txDb, companyId);
      const steps = apply(restoreSteps(row?.steps ?? defaultStoredSteps()));
      await saveOnboardingState(txDb, companyId, { steps: toStored(steps) });
      return steps;
    });
  } catch (error) {
    throw toHttpError(error);
  }
}

/**
 * Marks a step completed (spec §4: the next non-completed step becomes active). Slices call this when the
 * user finishes their part: 'jurisdictions' after the selection is saved, 'document-center' after signing.
 * Throws HttpError 404 step_not_found / 409 step_locked.
 */
export function markStepCompleted(
  db: Db,
  companyId: string,
  stepId: OnboardingStepId | string,
): Promise<OnboardingStep[]> {
  return transition(db, companyId, (steps) => completeStep(steps, stepId));
}

/** Makes a step active; the previously active one becomes pending (spec §4). */
export function markStepNavigated(
  db: Db,
  companyId: string,
  stepId: OnboardingStepId | string,
): Promise<OnboardingStep[]> {
  return transition(db, companyId, (steps) => navigateToStep(steps, stepId));
}

/**
 * POST …/Steps/{stepId}/Complete: a client may not declare a step done that the data does not bear out, or the
 * guard would let an unfinished onboarding through. Steps that rules derive (account-creation, tax-assessment,
 * business-details) keep their derived status; jurisdictions needs a selected jurisdiction; document-center needs
 * every required document and signature (checked by the documents module, which completes it when ready).
 */
export async function completeStepIfEarned(db: Db, companyId: string, stepId: string): Promise<void> {
  if (stepId === 'jurisdictions') {
    const [selected] = await db
      .select({ countryCode: companyJurisdictions.countryCode })
      .from(companyJurisdictions)
      .where(eq(companyJurisdictions.companyId, companyId))
      .limit(1);
    if (!selected) throw requirementsNotMet(stepId, 'Select at least one jurisdiction first.');
  }
  if (stepId === 'document-center') {
    if (!(await completeDocumentCenterIfReady(db, companyId))) {
      throw requirementsNotMet(stepId, 'Upload every required document and sign every power of attorney first.');
    }
    return;
  }
  await markStepCompleted(db, companyId, stepId);
}

function requirementsNotMet(stepId: string, detail: string): HttpError {
  return new HttpError(409, 'step_requirements_not_met', `Step ${stepId} cannot be completed yet. ${detail}`);
}
