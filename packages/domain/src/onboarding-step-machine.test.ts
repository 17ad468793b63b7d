import { describe, expect, it } from 'vitest';
import {
  type CompanyOnboardingFacts,
  completeStep,
  computeProgress,
  DEFAULT_ONBOARDING_STEPS,
  deriveStepStatuses,
  estimateMinutesLeft,
  findCurrentStep,
  navigateToStep,
  type OnboardingStep,
  type OnboardingStepStatus,
  restoreSteps,
  StepMachineError,
} from './onboarding';

const statuses = (steps: readonly OnboardingStep[]) => steps.map((step) => step.status);
const withStatuses = (...list: OnboardingStepStatus[]): OnboardingStep[] =>
  DEFAULT_ONBOARDING_STEPS.map((step, index) => ({ ...step, status: list[index] ?? step.status }));

const placeholderCompany: CompanyOnboardingFacts = {
  legalNameOfBusiness: 'Neu GmbH',
  establishmentCountryCode: null,
  street: null,
  city: 'TBD',
  zipCode: '00000',
  termsAndConditionsAccepted: false,
};
const completeCompany: CompanyOnboardingFacts = {
  legalNameOfBusiness: 'Nordlicht GmbH',
  establishmentCountryCode: 'DE',
  street: 'Invalidenstraße',
  city: 'Berlin',
  zipCode: '10115',
  termsAndConditionsAccepted: true,
};

describe('completeStep (spec §4: the next non-completed step becomes active)', () => {
  it.each([
    {
      name: 'completing the active step activates the next open one',
      before: withStatuses('completed', 'completed', 'active', 'pending', 'pending'),
      stepId: 'business-details',
      after: ['completed', 'completed', 'completed', 'active', 'pending'],
    },
    {
      name: 'completing a pending step keeps the active one',
      before: withStatuses('completed', 'completed', 'active', 'pending', 'pending'),
      stepId: 'document-center',
      after: ['completed', 'completed', 'active', 'pending', 'completed'],
    },
    {
      name: 'the next open step after it wins over an earlier open one',
      before: withStatuses('completed', 'completed', 'pending', 'active', 'pending'),
      stepId: 'jurisdictions',
      after: ['completed', 'completed', 'pending', 'completed', 'active'],
    },
    {
      name: 'with no open step after it, the first open one becomes active',
      before: withStatuses('completed', 'completed', 'pending', 'completed', 'active'),
      stepId: 'document-center',
      after: ['completed', 'completed', 'active', 'completed', 'completed'],
    },
    {
      name: 'completing the last open step leaves none active',
      before: withStatuses('completed', 'completed', 'completed', 'completed', 'active'),
      stepId: 'document-center',
      after: ['completed', 'completed', 'completed', 'completed', 'completed'],
    },
  ])('$name', ({ before, stepId, after }) => {
    expect(statuses(completeStep(before, stepId))).toEqual(after);
  });
});

describe('navigateToStep (spec §4: target active, previous active pending)', () => {
  it.each([
    {
      before: withStatuses('completed', 'completed', 'active', 'pending', 'pending'),
      stepId: 'jurisdictions',
      after: ['completed', 'completed', 'pending', 'active', 'pending'],
    },
    {
      before: withStatuses('completed', 'completed', 'completed', 'active', 'pending'),
      stepId: 'business-details',
      after: ['completed', 'completed', 'active', 'pending', 'pending'],
    },
  ])('to $stepId', ({ before, stepId, after }) => {
    expect(statuses(navigateToStep(before, stepId))).toEqual(after);
  });
});

describe('step errors of spec §8, exact texts', () => {
  const locked = withStatuses('completed', 'completed', 'active', 'pending', 'locked');
  it.each([
    [
      'navigate to an unknown step',
      () => navigateToStep(locked, 'payment'),
      'step_not_found',
      'Step payment not found',
    ],
    ['complete an unknown step', () => completeStep(locked, 'payment'), 'step_not_found', 'Step payment not found'],
    [
      'navigate to a locked step',
      () => navigateToStep(locked, 'document-center'),
      'step_locked',
      'Step document-center is locked',
    ],
    [
      'complete a locked step',
      () => completeStep(locked, 'document-center'),
      'step_locked',
      'Step document-center is locked',
    ],
    [
      'no active step',
      () => findCurrentStep(withStatuses('completed', 'completed', 'completed', 'pending', 'pending')),
      'current_step_not_found',
      'Current step not found',
    ],
  ])('%s', (_name, run, code, text) => {
    expect(run).toThrow(StepMachineError);
    expect(run).toThrow(text);
    try {
      run();
    } catch (error) {
      expect((error as StepMachineError).code).toBe(code);
      expect((error as StepMachineError).message).toBe(text);
    }
  });
});

describe('deriveStepStatuses, computeProgress, estimateMinutesLeft', () => {
  it.each([
    {
      name: 'a fresh company: 2 of 5 (always-completed steps), 20 minutes left',
      stored: withStatuses('pending', 'pending', 'active', 'pending', 'pending'),
      company: placeholderCompany,
      derived: ['completed', 'completed', 'active', 'pending', 'pending'],
      progress: { completedSteps: 2, totalSteps: 5, completionPercentage: 40 },
      minutes: 20,
    },
    {
      name: 'a stored "completed" business-details the rules do not confirm is open again and active',
      stored: withStatuses('completed', 'completed', 'completed', 'active', 'pending'),
      company: { ...completeCompany, termsAndConditionsAccepted: false },
      derived: ['completed', 'completed', 'pending', 'active', 'pending'],
      progress: { completedSteps: 2, totalSteps: 5, completionPercentage: 40 },
      minutes: 20,
    },
    {
      name: 'complete business details: the first open step becomes active',
      stored: withStatuses('completed', 'completed', 'active', 'pending', 'pending'),
      company: completeCompany,
      derived: ['completed', 'completed', 'completed', 'active', 'pending'],
      progress: { completedSteps: 3, totalSteps: 5, completionPercentage: 60 },
      minutes: 15,
    },
    {
      name: 'everything completed',
      stored: withStatuses('completed', 'completed', 'completed', 'completed', 'completed'),
      company: completeCompany,
      derived: ['completed', 'completed', 'completed', 'completed', 'completed'],
      progress: { completedSteps: 5, totalSteps: 5, completionPercentage: 100 },
      minutes: 0,
    },
  ])('$name', ({ stored, company, derived, progress, minutes }) => {
    expect(statuses(deriveStepStatuses(stored, company))).toEqual(derived);
    expect(computeProgress(stored, company)).toEqual(progress);
    expect(estimateMinutesLeft(stored, company)).toBe(minutes);
  });

  it('restoreSteps lays stored statuses over the defaults and ignores unknown entries', () => {
    const steps = restoreSteps([
      { id: 'jurisdictions', status: 'completed' },
      { id: 'nonsense', status: 'completed' },
      { id: 'document-center', status: 'exploded' },
    ]);
    expect(steps.map((step) => step.id)).toEqual(DEFAULT_ONBOARDING_STEPS.map((step) => step.id));
    expect(statuses(steps)).toEqual(['completed', 'completed', 'active', 'completed', 'pending']);
  });
});
