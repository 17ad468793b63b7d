import { apiPaths } from '@vatlas/contract';
import { expectCompanyScoped, type MatrixEntry, withToken } from '../../test/authorization-matrix';
import { uniqueEmail } from '../user/account-test-kit';

/** The company's details and the adding of its users. */
export const matrixEntries: MatrixEntry[] = [
  {
    route: 'POST /api/v2/Company/:companyId/AddUsers',
    scope: 'company',
    build: (context) =>
      withToken(context, {
        method: 'POST',
        url: apiPaths.addUsers(context.companyId),
        payload: [{ userCreationType: 2, email: uniqueEmail('matrix-add') }],
      }),
    expected: expectCompanyScoped(201),
  },
  {
    route: 'GET /api/v1/Company/:companyId',
    scope: 'company',
    build: (context) => withToken(context, { method: 'GET', url: apiPaths.companyDetails(context.companyId) }),
    expected: expectCompanyScoped(200),
  },
];
