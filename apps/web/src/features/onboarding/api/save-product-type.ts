import { apiPaths, type ProductTypeRequest, productTypeRequestSchema } from '@vatlas/contract';
import type { HttpClient } from '../../../lib/http/http-client';
import { putOnboardingPage, useSaveOnboardingPage } from './save-onboarding-page';

export { productTypeRequestSchema };

export const saveProductType = (http: HttpClient, companyId: string, body: ProductTypeRequest) =>
  putOnboardingPage(http, apiPaths.productType(companyId), body);

export const useSaveProductType = () => useSaveOnboardingPage(saveProductType);
