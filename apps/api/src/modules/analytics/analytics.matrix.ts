import { apiPaths } from '@vatlas/contract';
import { expectCompanyScoped, type MatrixEntry, withToken } from '../../test/authorization-matrix';

export const matrixEntries: MatrixEntry[] = [
  {
    route: 'GET /api/v1/Analytics/:companyId',
    scope: 'company',
    build: (context) =>
      withToken(context, {
        method: 'GET',
        url: apiPaths.analytics(context.companyId, { from: '2023-01', to: '2023-12' }),
      }),
    expected: expectCompanyScoped(200),
  },
  {
    route: 'GET /api/v1/Analytics/:companyId/Export',
    scope: 'company',
    build: (context) =>
      withToken(context, {
        method: 'GET',
        url: apiPaths.analyticsExport(context.companyId, { format: 'csv', from: '2023-01', to: '2023-12' }),
      }),
    expected: expectCompanyScoped(200),
  },
];
