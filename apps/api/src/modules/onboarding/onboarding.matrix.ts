import { apiPaths } from '@vatlas/contract';
import { eq } from 'drizzle-orm';
import { companies } from '../../db/schema';
import {
  expectCompanyScoped,
  expectGuarded,
  type MatrixEntry,
  type RequestContext,
  withToken,
} from '../../test/authorization-matrix';

/** The address check needs the establishment country; set it here so the entry does not rely on the table order. */
async function ensureGermanCompany(context: RequestContext): Promise<void> {
  await context.db.update(companies).set({ establishmentCountryCode: 'DE' }).where(eq(companies.id, context.companyId));
}

export const matrixEntries: MatrixEntry[] = [
  {
    route: `POST ${apiPaths.createCompany}`,
    scope: 'self',
    build: (context) =>
      withToken(context, {
        method: 'POST',
        url: apiPaths.createCompany,
        payload: { legalNameOfBusiness: `Matrix ${context.caller} GmbH` },
      }),
    expected: expectGuarded(201),
  },
  {
    route: 'GET /api/v1/Company/:companyId/Onboarding',
    scope: 'company',
    build: (context) => withToken(context, { method: 'GET', url: apiPaths.onboarding(context.companyId) }),
    expected: expectCompanyScoped(200),
  },
  {
    route: 'PUT /api/v1/Company/:companyId/BusinessType',
    scope: 'company',
    build: (context) =>
      withToken(context, {
        method: 'PUT',
        url: apiPaths.businessType(context.companyId),
        payload: {
          legalNameOfBusiness: 'Matrix Member Co',
          establishmentCountryCode: 'DE',
          companyType: 'corporation',
          legalForm: 'gmbh',
          termsAndConditionsAccepted: true,
        },
      }),
    expected: expectCompanyScoped(200),
  },
  {
    route: 'PUT /api/v1/Company/:companyId/Address',
    scope: 'company',
    build: async (context) => {
      await ensureGermanCompany(context);
      return withToken(context, {
        method: 'PUT',
        url: apiPaths.companyAddress(context.companyId),
        payload: { street: 'Invalidenstraße', houseNumber: '117', zipCode: '10115', city: 'Berlin' },
      });
    },
    expected: expectCompanyScoped(200),
  },
  {
    route: 'PUT /api/v1/Company/:companyId/ProductType',
    scope: 'company',
    build: (context) =>
      withToken(context, {
        method: 'PUT',
        url: apiPaths.productType(context.companyId),
        payload: { productTypes: ['physical-goods'], salesChannels: ['own-webshop'], marketplaces: [] },
      }),
    expected: expectCompanyScoped(200),
  },
  {
    route: 'POST /api/v1/Company/:companyId/Onboarding/Steps/:stepId/Navigate',
    scope: 'company',
    build: (context) =>
      withToken(context, {
        method: 'POST',
        url: apiPaths.navigateOnboardingStep(context.companyId, 'business-details'),
      }),
    expected: expectCompanyScoped(200),
  },
  {
    route: 'POST /api/v1/Company/:companyId/Onboarding/Steps/:stepId/Complete',
    scope: 'company',
    build: (context) =>
      withToken(context, {
        method: 'POST',
        url: apiPaths.completeOnboardingStep(context.companyId, 'tax-assessment'),
      }),
    expected: expectCompanyScoped(200),
  },
];
