import { apiPaths } from '@vatlas/contract';
import type { Db } from '../../db/client';
import { dataPeriods } from '../../db/schema';
import { expectCompanyScoped, type MatrixEntry, withToken } from '../../test/authorization-matrix';

let monthCounter = 0;

/** A period of its own per request (a month far from real data), so a delete never meets an upload. */
async function createPeriod(db: Db, companyId: string): Promise<string> {
  monthCounter += 1;
  const year = 1900 + Math.floor(monthCounter / 12);
  const month = String((monthCounter % 12) + 1).padStart(2, '0');
  const [row] = await db
    .insert(dataPeriods)
    .values({ companyId, startDate: `${year}-${month}-01`, endDate: `${year}-${month}-28` })
    .returning();
  if (!row) throw new Error('no data period');
  return row.id;
}

export const matrixEntries: MatrixEntry[] = [
  {
    route: 'GET /api/v1/PeriodManager/:companyId/DataPeriods',
    scope: 'company',
    build: (context) => withToken(context, { method: 'GET', url: apiPaths.dataPeriods(context.companyId) }),
    expected: expectCompanyScoped(200),
  },
  {
    route: 'POST /api/v1/PeriodManager/:companyId/DataPeriods',
    scope: 'company',
    build: (context) =>
      withToken(context, {
        method: 'POST',
        url: apiPaths.dataPeriods(context.companyId),
        payload: { month: '2025-01' },
      }),
    expected: expectCompanyScoped(200),
  },
  {
    route: 'GET /api/v1/PeriodManager/:companyId/DataPeriods/:dataPeriodId',
    scope: 'company',
    build: async (context) => {
      const id = await createPeriod(context.db, context.companyId);
      return withToken(context, { method: 'GET', url: apiPaths.dataPeriod(context.companyId, id) });
    },
    expected: expectCompanyScoped(200),
  },
  {
    route: 'DELETE /api/v1/PeriodManager/:companyId/DataPeriods/:dataPeriodId',
    scope: 'company',
    build: async (context) => {
      const id = await createPeriod(context.db, context.companyId);
      return withToken(context, { method: 'DELETE', url: apiPaths.dataPeriod(context.companyId, id) });
    },
    expected: expectCompanyScoped(204),
  },
];
