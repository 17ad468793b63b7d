/** The page order of onboarding lives once, in @vatlas/domain; the SPA re-exports it for its pages. */
export {
  flowIndexOf,
  nextPageOf,
  ONBOARDING_FLOW,
  ONBOARDING_FLOW_END,
  type OnboardingFlowPage,
  previousPageOf,
  stepOfPage,
} from '@vatlas/domain';
