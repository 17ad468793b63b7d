import { apiPaths } from '@vatlas/contract';
import { expectCompanyScoped, type MatrixEntry, withToken } from '../../test/authorization-matrix';
import { insertTransactions, insertUpload, transactionFixture } from '../tax-position/tax-position-test-kit';

export const matrixEntries: MatrixEntry[] = [
  {
    route: 'GET /api/v1/Transactions/:companyId',
    scope: 'company',
    build: (context) => withToken(context, { method: 'GET', url: apiPaths.transactions(context.companyId) }),
    expected: expectCompanyScoped(200),
  },
  {
    route: 'GET /api/v1/Transactions/:companyId/:transactionId',
    scope: 'company',
    build: async (context) => {
      const [transactionId] = await insertTransactions(context.db, {
        companyId: context.companyId,
        uploadId: await insertUpload(context.db, context.companyId),
        profile: { establishmentCountry: 'DE', ioss: null },
        rows: [transactionFixture()],
      });
      return withToken(context, {
        method: 'GET',
        url: apiPaths.transaction(context.companyId, transactionId ?? ''),
      });
    },
    expected: expectCompanyScoped(200),
  },
  {
    route: 'GET /api/v1/Transactions/:companyId/Count',
    scope: 'company',
    build: (context) => withToken(context, { method: 'GET', url: apiPaths.transactionsCount(context.companyId) }),
    expected: expectCompanyScoped(200),
  },
  {
    route: 'GET /api/v1/Transactions/:companyId/Export.csv',
    scope: 'company',
    build: (context) => withToken(context, { method: 'GET', url: apiPaths.transactionsExportCsv(context.companyId) }),
    expected: expectCompanyScoped(200),
  },
];
