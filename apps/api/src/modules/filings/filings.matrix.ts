import { apiPaths } from '@vatlas/contract';
import type { Db } from '../../db/client';
import { filings } from '../../db/schema';
import { expectCompanyScoped, type MatrixEntry, withToken } from '../../test/authorization-matrix';

/** A filing of the member's company straight in the table (the matrix company has no registrations to plan from). */
async function insertFiling(db: Db, companyId: string, filedOn: string | null): Promise<string> {
  const [row] = await db
    .insert(filings)
    .values({
      companyId,
      jurisdiction: 'DE',
      filingType: 'vat-return',
      frequency: 'monthly',
      periodStart: '2023-01-01',
      periodEnd: '2023-01-31',
      dueDate: '2023-02-10',
      currency: 'EUR',
      amountEur: '0.00',
      amountLocal: '0.00',
      filedOn,
      filingReference: filedOn === null ? null : 'ELSTER-1',
    })
    .onConflictDoUpdate({
      target: [filings.companyId, filings.jurisdiction, filings.filingType, filings.periodStart],
      set: { filedOn, filingReference: filedOn === null ? null : 'ELSTER-1' },
    })
    .returning({ id: filings.id });
  if (!row) throw new Error('the filing was not written');
  return row.id;
}

export const matrixEntries: MatrixEntry[] = [
  {
    route: 'GET /api/v1/Filings/:companyId',
    scope: 'company',
    build: (context) => withToken(context, { method: 'GET', url: apiPaths.filings(context.companyId) }),
    expected: expectCompanyScoped(200),
  },
  {
    route: 'POST /api/v1/Filings/:companyId/:filingId/MarkFiled',
    scope: 'company',
    build: async (context) =>
      withToken(context, {
        method: 'POST',
        url: apiPaths.markFilingFiled(context.companyId, await insertFiling(context.db, context.companyId, null)),
        payload: { filedOn: '2023-02-09', reference: 'ELSTER-1' },
      }),
    expected: expectCompanyScoped(200),
  },
  {
    route: 'POST /api/v1/Filings/:companyId/:filingId/Reopen',
    scope: 'company',
    build: async (context) =>
      withToken(context, {
        method: 'POST',
        url: apiPaths.reopenFiling(context.companyId, await insertFiling(context.db, context.companyId, '2023-02-09')),
      }),
    expected: expectCompanyScoped(200),
  },
];
