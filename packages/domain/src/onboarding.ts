import { isPlaceholderCity, isPlaceholderZip } from './company';

export const ONBOARDING_STEP_IDS = [
  'account-creation',
  'tax-assessment',
  'business-details',
  'jurisdictions',
  'document-center',
] as const;
export type OnboardingStepId = (typeof ONBOARDING_STEP_IDS)[number];
export type OnboardingStepStatus = 'completed' | 'active' | 'pending' | 'locked';

export type OnboardingStep = {
  id: OnboardingStepId;
  order: number;
  status: OnboardingStepStatus;
  route: string;
  isRequired: boolean;
  estimatedTime: number;
};

/** Spec §3 "Default steps": order, estimated minutes and initial status are exact. */
export const DEFAULT_ONBOARDING_STEPS: readonly OnboardingStep[] = [
  {
    id: 'account-creation',
    order: 1,
    estimatedTime: 3,
    status: 'completed',
    route: '/onboarding/account-creation',
    isRequired: true,
  },
  {
    id: 'tax-assessment',
    order: 2,
    estimatedTime: 10,
    status: 'completed',
    route: '/onboarding/tax-assessment',
    isRequired: true,
  },
  {
    id: 'business-details',
    order: 3,
    estimatedTime: 5,
    status: 'active',
    route: '/onboarding/business-profile',
    isRequired: true,
  },
  {
    id: 'jurisdictions',
    order: 4,
    estimatedTime: 7,
    status: 'pending',
    route: '/onboarding/jurisdictions',
    isRequired: true,
  },
  {
    id: 'document-center',
    order: 5,
    estimatedTime: 8,
    status: 'pending',
    route: '/onboarding/document-center',
    isRequired: true,
  },
];

/** What the next-step rule needs to know of a company (spec §3 company details and summary). */
export type CompanyOnboardingFacts = {
  legalNameOfBusiness?: string | null;
  establishmentCountryCode?: string | null;
  street?: string | null;
  city?: string | null;
  zipCode?: string | null;
  termsAndConditionsAccepted: boolean;
};

const isBlank = (value: string | null | undefined): boolean => !value || value.trim().length === 0;

/** Spec §4: business-details is complete only when all of these hold. */
export function isBusinessDetailsComplete(company: CompanyOnboardingFacts): boolean {
  return (
    !isBlank(company.legalNameOfBusiness) &&
    !isBlank(company.street) &&
    !isBlank(company.establishmentCountryCode) &&
    !isBlank(company.city) &&
    !isPlaceholderCity(company.city) &&
    !isBlank(company.zipCode) &&
    !isPlaceholderZip(company.zipCode) &&
    company.termsAndConditionsAccepted
  );
}

const ALWAYS_COMPLETED: ReadonlySet<OnboardingStepId> = new Set(['account-creation', 'tax-assessment']);

/** The step as the rules see it: account-creation and tax-assessment always count as completed. */
export function isStepCompleted(step: Pick<OnboardingStep, 'id' | 'status'>, company: CompanyOnboardingFacts): boolean {
  if (ALWAYS_COMPLETED.has(step.id)) return true;
  if (step.id === 'business-details') return isBusinessDetailsComplete(company);
  return step.status === 'completed';
}

/** Spec §4: complete when terms are accepted and every required step is completed. */
export function isOnboardingComplete(steps: readonly OnboardingStep[], company: CompanyOnboardingFacts): boolean {
  return (
    company.termsAndConditionsAccepted && steps.every((step) => !step.isRequired || isStepCompleted(step, company))
  );
}

/**
 * Spec §4 "Next-step rule", as an ordered chain of early returns. Returns the path of the next
 * onboarding page, or undefined when onboarding is complete.
 */
export function findNextOnboardingPath(
  steps: readonly OnboardingStep[],
  company: CompanyOnboardingFacts,
): string | undefined {
  if (!company.termsAndConditionsAccepted) return '/onboarding/business-type';
  if (
    isBlank(company.legalNameOfBusiness) ||
    isBlank(company.establishmentCountryCode) ||
    isBlank(company.street) ||
    isPlaceholderCity(company.city) ||
    isPlaceholderZip(company.zipCode)
  ) {
    return '/onboarding/business-type';
  }
  if (isBlank(company.street) || isBlank(company.city) || isBlank(company.zipCode))
    return '/onboarding/business-address';
  const next = [...steps]
    .sort((a, b) => a.order - b.order)
    .find((step) => step.id !== 'account-creation' && step.isRequired && !isStepCompleted(step, company));
  return next?.route;
}

/** The state the API stores per step (spec §3 status); rules derived from company facts win over it. */
export type StoredStepState = { id: string; status: string };

export type StepMachineErrorCode = 'step_not_found' | 'step_locked' | 'current_step_not_found';

/** Spec §8 step errors; the message texts are exact. */
export class StepMachineError extends Error {
  readonly code: StepMachineErrorCode;
  constructor(code: StepMachineErrorCode, message: string) {
    super(message);
    this.name = 'StepMachineError';
    this.code = code;
  }
}

const STATUSES: ReadonlySet<string> = new Set<OnboardingStepStatus>(['completed', 'active', 'pending', 'locked']);
const isOnboardingStepId = (id: string): id is OnboardingStepId =>
  (ONBOARDING_STEP_IDS as readonly string[]).includes(id);

/** The default steps as stored: what a new company starts with. */
export function defaultStoredSteps(): StoredStepState[] {
  return DEFAULT_ONBOARDING_STEPS.map((step) => ({ id: step.id, status: step.status }));
}

/** The five steps of spec §3 with the stored statuses laid over the defaults (unknown entries ignored). */
export function restoreSteps(stored: readonly StoredStepState[] | null | undefined): OnboardingStep[] {
  const byId = new Map((stored ?? []).filter((s) => STATUSES.has(s.status)).map((s) => [s.id, s.status]));
  return DEFAULT_ONBOARDING_STEPS.map((step) => ({
    ...step,
    status: (byId.get(step.id) as OnboardingStepStatus | undefined) ?? step.status,
  }));
}

const byOrder = (a: OnboardingStep, b: OnboardingStep) => a.order - b.order;

/** Spec §8 'Current step not found' when no step is active. */
export function findCurrentStep(steps: readonly OnboardingStep[]): OnboardingStep {
  const current = steps.find((step) => step.status === 'active');
  if (!current) throw new StepMachineError('current_step_not_found', 'Current step not found');
  return current;
}

function findStep(steps: readonly OnboardingStep[], stepId: string): OnboardingStep {
  const step = isOnboardingStepId(stepId) ? steps.find((candidate) => candidate.id === stepId) : undefined;
  if (!step) throw new StepMachineError('step_not_found', `Step ${stepId} not found`);
  return step;
}

/**
 * Spec §4: completing a step marks it completed and makes the next non-completed step (by order)
 * active. Unknown → 'Step {id} not found'; a locked step cannot be completed either ('Step {id} is locked').
 */
export function completeStep(steps: readonly OnboardingStep[], stepId: string): OnboardingStep[] {
  const target = findStep(steps, stepId);
  if (target.status === 'locked') throw new StepMachineError('step_locked', `Step ${stepId} is locked`);
  const updated = steps.map((step) => (step.id === target.id ? { ...step, status: 'completed' as const } : step));
  const hasActive = updated.some((step) => step.status === 'active');
  if (hasActive) return updated;
  const open = [...updated].sort(byOrder).filter((step) => step.status !== 'completed' && step.status !== 'locked');
  const next = open.find((step) => step.order > target.order) ?? open[0];
  return updated.map((step) => (next && step.id === next.id ? { ...step, status: 'active' as const } : step));
}

/**
 * Spec §4: navigating to a step makes it active and turns the previously active step into pending.
 * Unknown → 'Step {id} not found'; locked → 'Step {id} is locked'.
 */
export function navigateToStep(steps: readonly OnboardingStep[], stepId: string): OnboardingStep[] {
  const target = findStep(steps, stepId);
  if (target.status === 'locked') throw new StepMachineError('step_locked', `Step ${stepId} is locked`);
  return steps.map((step) => {
    if (step.id === target.id) return { ...step, status: 'active' as const };
    if (step.status === 'active') return { ...step, status: 'pending' as const };
    return step;
  });
}

/**
 * The steps as the user sees them: derived completion (spec §4 rules) wins over the stored status, and
 * exactly one not-completed step is active (the stored active one if still open, else the first by order).
 */
export function deriveStepStatuses(
  steps: readonly OnboardingStep[],
  company: CompanyOnboardingFacts,
): OnboardingStep[] {
  const withCompletion = steps.map((step): OnboardingStep => {
    if (isStepCompleted(step, company)) return { ...step, status: 'completed' };
    // A stored "completed" the rules do not confirm (business-details without its facts) is open again.
    if (step.status === 'completed') return { ...step, status: 'pending' };
    return { ...step };
  });
  const open = [...withCompletion]
    .sort(byOrder)
    .filter((step) => step.status !== 'completed' && step.status !== 'locked');
  const active = open.find((step) => step.status === 'active') ?? open[0];
  return withCompletion.map((step) => {
    if (step.status === 'completed' || step.status === 'locked') return step;
    return { ...step, status: step.id === active?.id ? 'active' : 'pending' };
  });
}

export type OnboardingProgressSummary = { completedSteps: number; totalSteps: number; completionPercentage: number };

/** Spec §3 Progress, counting steps the way the rules do (account-creation and tax-assessment always done). */
export function computeProgress(
  steps: readonly OnboardingStep[],
  company: CompanyOnboardingFacts,
): OnboardingProgressSummary {
  const completedSteps = steps.filter((step) => isStepCompleted(step, company)).length;
  const totalSteps = steps.length;
  const completionPercentage = totalSteps === 0 ? 0 : Math.round((completedSteps / totalSteps) * 100);
  return { completedSteps, totalSteps, completionPercentage };
}

/** Minutes still ahead: the estimatedTime of every step not completed. */
export function estimateMinutesLeft(steps: readonly OnboardingStep[], company: CompanyOnboardingFacts): number {
  return steps.filter((step) => !isStepCompleted(step, company)).reduce((sum, step) => sum + step.estimatedTime, 0);
}

/** The order of a step (spec §3), for "is this page ahead of the next incomplete step". */
export function stepOrderOf(stepId: OnboardingStepId): number {
  return DEFAULT_ONBOARDING_STEPS.find((step) => step.id === stepId)?.order ?? 0;
}
