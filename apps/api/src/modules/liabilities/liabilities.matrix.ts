import { apiPaths } from '@vatlas/contract';
import { expectCompanyScoped, type MatrixEntry, withToken } from '../../test/authorization-matrix';

export const matrixEntries: MatrixEntry[] = [
  {
    route: 'GET /api/v1/Liabilities/:companyId/Summary',
    scope: 'company',
    build: (context) => withToken(context, { method: 'GET', url: apiPaths.liabilitySummary(context.companyId, 2023) }),
    expected: expectCompanyScoped(200),
  },
  {
    route: 'GET /api/v1/Liabilities/:companyId/OssLines',
    scope: 'company',
    build: (context) => withToken(context, { method: 'GET', url: apiPaths.ossLines(context.companyId, '2023-Q1') }),
    expected: expectCompanyScoped(200),
  },
  {
    route: 'GET /api/v1/Liabilities/:companyId/EcSalesList',
    scope: 'company',
    build: (context) => withToken(context, { method: 'GET', url: apiPaths.ecSalesList(context.companyId, '2023-03') }),
    expected: expectCompanyScoped(200),
  },
  {
    route: 'GET /api/v1/Liabilities/:companyId/Threshold',
    scope: 'company',
    build: (context) => withToken(context, { method: 'GET', url: apiPaths.ossThreshold(context.companyId, 2023) }),
    expected: expectCompanyScoped(200),
  },
  {
    route: 'GET /api/v1/Liabilities/:companyId/CrossCheck',
    scope: 'company',
    build: (context) => withToken(context, { method: 'GET', url: apiPaths.crossCheck(context.companyId) }),
    expected: expectCompanyScoped(200),
  },
];
