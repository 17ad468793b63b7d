import { apiPaths, type BusinessTypeRequest, businessTypeRequestSchema } from '@vatlas/contract';
import type { HttpClient } from '../../../lib/http/http-client';
import { putOnboardingPage, useSaveOnboardingPage } from './save-onboarding-page';

export { businessTypeRequestSchema };

export const saveBusinessType = (http: HttpClient, companyId: string, body: BusinessTypeRequest) =>
  putOnboardingPage(http, apiPaths.businessType(companyId), body);

export const useSaveBusinessType = () => useSaveOnboardingPage(saveBusinessType);
