import {
  type CompanyOnboardingFacts,
  DEFAULT_ONBOARDING_STEPS,
  findNextOnboardingPath,
  type NavigationInput,
} from '@vatlas/domain';
import type { AuthState } from '../../lib/auth/auth-store';

type GuardAuthState = Pick<AuthState, 'isAuthenticated' | 'user' | 'selectedCompanyId' | 'selectedCompanyDetails'>;

/** The selected company as the onboarding rules see it: details where loaded, else the summary. */
export function readCompanyFacts(state: GuardAuthState): CompanyOnboardingFacts | undefined {
  const { user, selectedCompanyId, selectedCompanyDetails: details } = state;
  if (!selectedCompanyId) return undefined;
  const summary = user?.companies.find((company) => company.id === selectedCompanyId) ?? user?.selectedCompany;
  return {
    legalNameOfBusiness: details?.legalNameOfBusiness ?? summary?.legalNameOfBusiness,
    establishmentCountryCode: details?.establishmentCountryCode ?? summary?.countryCodeOfEstablishment,
    street: details?.street,
    city: details?.city,
    zipCode: details?.zipCode,
    termsAndConditionsAccepted: summary?.termsAndConditionsAccepted ?? false,
  };
}

/** Maps the auth state and location onto the input of decideNavigation (the rules live in @vatlas/domain). */
export function buildNavigationInput(
  state: GuardAuthState,
  location: { pathname: string; search: string },
  hasPaymentOverlaySkipFlag: boolean,
  /**
   * The server's next-step answer (GET Company/{id}/Onboarding, the same domain rule over the STORED step
   * statuses): null when complete, undefined when not loaded. Only the server knows whether jurisdictions
   * and document-center are done, so its answer wins; the local rule covers the time before it arrives.
   */
  serverNextPath?: string | null,
): NavigationInput {
  const { user, selectedCompanyId } = state;
  const summary = user?.companies.find((company) => company.id === selectedCompanyId);
  const facts = readCompanyFacts(state);
  return {
    path: location.pathname,
    searchParams: new URLSearchParams(location.search),
    isAuthenticated: state.isAuthenticated,
    companyCount: user?.companies.length ?? 0,
    selectedCompanyId,
    hasSelectedCompanyDetails: state.selectedCompanyDetails !== null,
    subscriptionCountryCodes: summary?.subscriptionCountryCodes ?? [],
    hasPaymentOverlaySkipFlag,
    nextOnboardingPath:
      serverNextPath !== undefined
        ? (serverNextPath ?? undefined)
        : facts
          ? findNextOnboardingPath(DEFAULT_ONBOARDING_STEPS, facts)
          : undefined,
  };
}
