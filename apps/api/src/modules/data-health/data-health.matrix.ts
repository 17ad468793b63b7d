import { apiPaths } from '@vatlas/contract';
import { expectCompanyScoped, type MatrixEntry, withToken } from '../../test/authorization-matrix';

export const matrixEntries: MatrixEntry[] = [
  {
    route: 'GET /api/v1/Liabilities/:companyId/DataHealth',
    scope: 'company',
    build: (context) => withToken(context, { method: 'GET', url: apiPaths.dataHealth(context.companyId, 2023) }),
    expected: expectCompanyScoped(200),
  },
];
