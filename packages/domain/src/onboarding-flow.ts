import type { OnboardingStepId } from './onboarding';

/** One onboarding page in the order the user walks through them, and the step it counts towards. */
export type OnboardingFlowPage = {
  path: string;
  step: OnboardingStepId;
};

/**
 * The order of the onboarding pages. The spec fixes the five steps (§3) but not the pages inside
 * them; this table is the single place that decides Back/Next, so pages never hard-code neighbours.
 */
export const ONBOARDING_FLOW: readonly OnboardingFlowPage[] = [
  { path: '/onboarding/welcome', step: 'account-creation' },
  { path: '/onboarding/business-type', step: 'business-details' },
  { path: '/onboarding/business-address', step: 'business-details' },
  { path: '/onboarding/product-type', step: 'business-details' },
  { path: '/onboarding/tax-assessment', step: 'tax-assessment' },
  { path: '/onboarding/jurisdictions', step: 'jurisdictions' },
  { path: '/onboarding/jurisdictions-selection', step: 'jurisdictions' },
  { path: '/onboarding/jurisdiction-info', step: 'jurisdictions' },
  { path: '/onboarding/business-profile/legal-representative', step: 'business-details' },
  { path: '/onboarding/business-profile/business-details', step: 'business-details' },
  { path: '/onboarding/business-profile/banking', step: 'business-details' },
  { path: '/onboarding/documents', step: 'document-center' },
  { path: '/onboarding/signing', step: 'document-center' },
  { path: '/onboarding/integrations', step: 'document-center' },
];

/** Where the flow ends once the last onboarding page is done. */
export const ONBOARDING_FLOW_END = '/dashboard';

/**
 * Routes that exist outside the linear flow (index pages and the guard-named step routes of spec §2)
 * and the flow page they stand for, so Back/Next and step lookups work from them too.
 */
const FLOW_ALIASES: Readonly<Record<string, string>> = {
  '/onboarding': '/onboarding/business-type',
  '/onboarding/account-creation': '/onboarding/welcome',
  '/onboarding/business-profile': '/onboarding/business-profile/legal-representative',
  '/onboarding/document-center': '/onboarding/documents',
};

const normalise = (path: string): string => {
  const withoutQuery = path.split(/[?#]/)[0] ?? path;
  const trimmed = withoutQuery.length > 1 ? withoutQuery.replace(/\/+$/, '') : withoutQuery;
  return FLOW_ALIASES[trimmed] ?? trimmed;
};

/** Index of a path in ONBOARDING_FLOW (aliases resolved), or -1 when it is not an onboarding page. */
export function flowIndexOf(path: string): number {
  const target = normalise(path);
  return ONBOARDING_FLOW.findIndex((page) => page.path === target);
}

/** The page after `path`; the dashboard after the last page; undefined for a non-onboarding path. */
export function nextPageOf(path: string): string | undefined {
  const index = flowIndexOf(path);
  if (index < 0) return undefined;
  return ONBOARDING_FLOW[index + 1]?.path ?? ONBOARDING_FLOW_END;
}

/** The page before `path`; undefined on the first page or a non-onboarding path. */
export function previousPageOf(path: string): string | undefined {
  const index = flowIndexOf(path);
  if (index <= 0) return undefined;
  return ONBOARDING_FLOW[index - 1]?.path;
}

/** The step a page belongs to; undefined for a non-onboarding path. */
export function stepOfPage(path: string): OnboardingStepId | undefined {
  const index = flowIndexOf(path);
  return index < 0 ? undefined : ONBOARDING_FLOW[index]?.step;
}
