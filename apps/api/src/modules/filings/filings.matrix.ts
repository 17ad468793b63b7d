import { apiPaths } from '@vatlas/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { companies, filings } from '../../db/schema';
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

/**
 * A Portuguese quarterly return of the member's company, whose VAT is paid apart from it (decision 050), marked paid
 * on `paidOn` or not. The company is given an establishment country, which makes its tax profile, so the payment day
 * is known.
 */
async function insertPortugueseReturn(db: Db, companyId: string, paidOn: string | null): Promise<string> {
  await db.update(companies).set({ establishmentCountryCode: 'DE' }).where(eq(companies.id, companyId));
  const [row] = await db
    .insert(filings)
    .values({
      companyId,
      jurisdiction: 'PT',
      filingType: 'vat-return',
      frequency: 'quarterly',
      periodStart: '2023-01-01',
      periodEnd: '2023-03-31',
      dueDate: '2023-05-22',
      currency: 'EUR',
      amountEur: '0.00',
      amountLocal: '0.00',
      paidOn,
    })
    .onConflictDoUpdate({
      target: [filings.companyId, filings.jurisdiction, filings.filingType, filings.periodStart],
      set: { paidOn },
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
  {
    route: 'POST /api/v1/Filings/:companyId/:filingId/MarkPaid',
    scope: 'company',
    build: async (context) =>
      withToken(context, {
        method: 'POST',
        url: apiPaths.markFilingPaid(
          context.companyId,
          await insertPortugueseReturn(context.db, context.companyId, null),
        ),
        payload: { paidOn: '2023-05-24' },
      }),
    expected: expectCompanyScoped(200),
  },
  {
    route: 'POST /api/v1/Filings/:companyId/:filingId/MarkUnpaid',
    scope: 'company',
    build: async (context) =>
      withToken(context, {
        method: 'POST',
        url: apiPaths.markFilingUnpaid(
          context.companyId,
          await insertPortugueseReturn(context.db, context.companyId, '2023-05-24'),
        ),
      }),
    expected: expectCompanyScoped(200),
  },
];
