import { fetchCompanyDetails, fetchCurrentUser } from '../../../lib/auth/auth-api';
import { useAuthStore } from '../../../lib/auth/auth-store';
import type { HttpClient } from '../../../lib/http/http-client';

/**
 * The route guard reads the company from the auth store (Me's summary for the terms, the details for the
 * address). After an onboarding save both are reloaded so the guard's next-step rule sees the new state.
 */
export async function refreshCompanyState(http: HttpClient, companyId: string): Promise<void> {
  const [user, details] = await Promise.all([fetchCurrentUser(http), fetchCompanyDetails(http, companyId)]);
  const store = useAuthStore.getState();
  store.setUser(user);
  if (store.selectedCompanyId === companyId) store.setCompanyDetails(details);
}
