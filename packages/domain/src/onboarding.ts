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
