import { apiPaths } from '@vatlas/contract';
import { expectCompanyScoped, type MatrixEntry, withToken } from '../../test/authorization-matrix';

export const matrixEntries: MatrixEntry[] = [
  {
    route: 'GET /api/v1/Company/:companyId/Integrations',
    scope: 'company',
    build: (context) => withToken(context, { method: 'GET', url: apiPaths.integrations(context.companyId) }),
    expected: expectCompanyScoped(200),
  },
  {
    route: 'PUT /api/v1/Company/:companyId/Integrations/:provider',
    scope: 'company',
    build: (context) =>
      withToken(context, {
        method: 'PUT',
        url: apiPaths.integration(context.companyId, 'amazon'),
        payload: { status: 'file-upload' },
      }),
    expected: expectCompanyScoped(200),
  },
];
