import { describe, expect, it } from 'vitest';
import {
  type CompanyOnboardingFacts,
  DEFAULT_ONBOARDING_STEPS,
  findNextOnboardingPath,
  isBusinessDetailsComplete,
  isOnboardingComplete,
  isStepCompleted,
  type OnboardingStep,
} from './onboarding';

const complete: CompanyOnboardingFacts = {
  legalNameOfBusiness: 'Nordlicht Trading GmbH',
  establishmentCountryCode: 'DE',
  street: 'Friedrichstraße 12',
  city: 'Berlin',
  zipCode: '10115',
  termsAndConditionsAccepted: true,
};

const withStatuses = (statuses: Partial<Record<OnboardingStep['id'], OnboardingStep['status']>>) =>
  DEFAULT_ONBOARDING_STEPS.map((step) => ({ ...step, status: statuses[step.id] ?? step.status }));

describe('default onboarding steps (spec §3)', () => {
  it('has the five steps in order with their minutes and initial status', () => {
    expect(DEFAULT_ONBOARDING_STEPS.map((step) => [step.order, step.id, step.estimatedTime, step.status])).toEqual([
      [1, 'account-creation', 3, 'completed'],
      [2, 'tax-assessment', 10, 'completed'],
      [3, 'business-details', 5, 'active'],
      [4, 'jurisdictions', 7, 'pending'],
      [5, 'document-center', 8, 'pending'],
    ]);
  });
});

describe('isBusinessDetailsComplete (spec §4)', () => {
  it('is complete with every field and terms accepted', () => {
    expect(isBusinessDetailsComplete(complete)).toBe(true);
  });

  it.each([
    ['legal name missing', { legalNameOfBusiness: '' }],
    ['street missing', { street: null }],
    ['country code missing', { establishmentCountryCode: undefined }],
    ['city is the placeholder TBD', { city: 'TBD' }],
    ['zip is the placeholder 00000', { zipCode: '00000' }],
    ['city blank', { city: '  ' }],
    ['terms not accepted', { termsAndConditionsAccepted: false }],
  ])('is incomplete when %s', (_label, change) => {
    expect(isBusinessDetailsComplete({ ...complete, ...change })).toBe(false);
  });
});

describe('isStepCompleted', () => {
  it('always counts account-creation and tax-assessment as completed', () => {
    const incomplete = { ...complete, termsAndConditionsAccepted: false };
    expect(isStepCompleted({ id: 'account-creation', status: 'pending' }, incomplete)).toBe(true);
    expect(isStepCompleted({ id: 'tax-assessment', status: 'locked' }, incomplete)).toBe(true);
  });

  it('derives business-details from the company, not from its stored status', () => {
    expect(isStepCompleted({ id: 'business-details', status: 'completed' }, { ...complete, city: 'TBD' })).toBe(false);
    expect(isStepCompleted({ id: 'business-details', status: 'pending' }, complete)).toBe(true);
  });
});

describe('findNextOnboardingPath (spec §4 next-step rule)', () => {
  it('1. terms not accepted → business-type', () => {
    expect(findNextOnboardingPath(DEFAULT_ONBOARDING_STEPS, { ...complete, termsAndConditionsAccepted: false })).toBe(
      '/onboarding/business-type',
    );
  });

  it.each([
    ['name missing', { legalNameOfBusiness: null }],
    ['country missing', { establishmentCountryCode: '' }],
    ['street missing', { street: '' }],
    ['city placeholder', { city: 'TBD' }],
    ['zip placeholder', { zipCode: '00000' }],
  ])('2. %s → business-type', (_label, change) => {
    expect(findNextOnboardingPath(DEFAULT_ONBOARDING_STEPS, { ...complete, ...change })).toBe(
      '/onboarding/business-type',
    );
  });

  it.each([
    ['city missing', { city: '' }],
    ['zip missing', { zipCode: null }],
  ])('3. %s → business-address', (_label, change) => {
    expect(findNextOnboardingPath(DEFAULT_ONBOARDING_STEPS, { ...complete, ...change })).toBe(
      '/onboarding/business-address',
    );
  });

  it('4. otherwise the first required, non-completed step other than account-creation', () => {
    expect(findNextOnboardingPath(DEFAULT_ONBOARDING_STEPS, complete)).toBe('/onboarding/jurisdictions');
    expect(findNextOnboardingPath(withStatuses({ jurisdictions: 'completed' }), complete)).toBe(
      '/onboarding/document-center',
    );
  });

  it('ignores account-creation even when its stored status is not completed', () => {
    const steps = withStatuses({
      'account-creation': 'pending',
      jurisdictions: 'completed',
      'document-center': 'completed',
    });
    expect(findNextOnboardingPath(steps, complete)).toBeUndefined();
  });

  it('skips steps that are not required', () => {
    const steps = withStatuses({ jurisdictions: 'completed' }).map((step) =>
      step.id === 'document-center' ? { ...step, isRequired: false } : step,
    );
    expect(findNextOnboardingPath(steps, complete)).toBeUndefined();
  });
});

describe('isOnboardingComplete (spec §4)', () => {
  const allDone = withStatuses({ jurisdictions: 'completed', 'document-center': 'completed' });

  it('is complete when terms are accepted and every required step is completed', () => {
    expect(isOnboardingComplete(allDone, complete)).toBe(true);
  });

  it('is incomplete without accepted terms', () => {
    expect(isOnboardingComplete(allDone, { ...complete, termsAndConditionsAccepted: false })).toBe(false);
  });

  it('is incomplete with a required step pending', () => {
    expect(isOnboardingComplete(withStatuses({ jurisdictions: 'completed' }), complete)).toBe(false);
  });
});
