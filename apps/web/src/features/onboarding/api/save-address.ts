import { type AddressRequest, addressRequestSchema, apiPaths } from '@vatlas/contract';
import type { HttpClient } from '../../../lib/http/http-client';
import { putOnboardingPage, useSaveOnboardingPage } from './save-onboarding-page';

export { addressRequestSchema };

export const saveAddress = (http: HttpClient, companyId: string, body: AddressRequest) =>
  putOnboardingPage(http, apiPaths.companyAddress(companyId), body);

export const useSaveAddress = () => useSaveOnboardingPage(saveAddress);
