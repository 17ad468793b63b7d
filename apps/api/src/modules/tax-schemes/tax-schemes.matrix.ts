import { apiPaths } from '@vatlas/contract';
import { expectCompanyScoped, type MatrixEntry, withToken } from '../../test/authorization-matrix';

export const matrixEntries: MatrixEntry[] = [
  {
    route: 'GET /api/v1/Company/:companyId/TaxSchemes',
    scope: 'company',
    build: (context) => withToken(context, { method: 'GET', url: apiPaths.taxSchemes(context.companyId) }),
    expected: expectCompanyScoped(200),
  },
  {
    route: 'PUT /api/v1/Company/:companyId/TaxSchemes',
    scope: 'company',
    build: (context) =>
      withToken(context, {
        method: 'PUT',
        url: apiPaths.taxSchemes(context.companyId),
        payload: { oss: null, ioss: null },
      }),
    expected: expectCompanyScoped(200),
  },
  {
    route: 'GET /api/v1/Company/:companyId/TaxRegistrations',
    scope: 'company',
    build: (context) => withToken(context, { method: 'GET', url: apiPaths.taxRegistrations(context.companyId) }),
    expected: expectCompanyScoped(200),
  },
  {
    route: 'PUT /api/v1/Company/:companyId/TaxRegistrations/:countryCode',
    scope: 'company',
    build: (context) =>
      withToken(context, {
        method: 'PUT',
        url: apiPaths.taxRegistration(context.companyId, 'FR'),
        payload: { registrationStatus: 'registration-requested', vatNumber: '', filingFrequency: null },
      }),
    expected: expectCompanyScoped(200),
  },
];
