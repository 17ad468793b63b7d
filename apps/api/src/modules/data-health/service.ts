import type { DataHealth, DataHealthAlert } from '@vatlas/contract';
import { monthsBetween, type TaxPositionProblem, todayIsoDate } from '@vatlas/domain';
import type { Db } from '../../db/client';
import { listFilings } from '../filings/service';
import { listRateCombinations, listTaxPositionProblems } from '../liabilities/repository';
import { checkRateCombination } from '../liabilities/service';
import { getTaxRegistrations } from '../tax-schemes/service';
import {
  countCrossCheckRows,
  countEcSalesLinesWithoutVatNumber,
  countStockMovementsWithoutValue,
  listMonthsWithData,
  type MonthCount,
} from './repository';

const sorted = (values: Iterable<string>) => [...new Set(values)].sort();
const total = (counts: readonly MonthCount[]) => counts.reduce((sum, row) => sum + row.count, 0);

/**
 * The dashboard's data-health alerts for a year. Every source is an aggregate the recompute stores or an index-backed
 * count, so a company with a million rows answers in about a tenth of a second on PostgreSQL (0.15 s on PGlite), half
 * of it the filings' refresh (bench/RESULTS.md, session 36); an alert with nothing to report is left out.
 */
export async function getDataHealth(db: Db, companyId: string, year: number): Promise<DataHealth> {
  const window = { from: `${year}-01-01`, to: `${year}-12-31` };
  const alerts: DataHealthAlert[] = [];

  const problems = await listTaxPositionProblems(db, companyId);
  const missingRates = problems.filter(
    (problem): problem is Extract<TaxPositionProblem, { date: string }> =>
      (problem.kind === 'missing-rate' || problem.kind === 'missing-currency') && problem.date.startsWith(String(year)),
  );
  if (missingRates.length > 0) {
    alerts.push({
      code: 'missing-exchange-rate',
      severity: 'error',
      count: missingRates.length,
      periods: sorted(missingRates.map((problem) => problem.date.slice(0, 7))),
      details: sorted(missingRates.flatMap((problem) => (problem.kind === 'missing-rate' ? [problem.currency] : []))),
    });
  }

  // Decision 039: the recompute names each month and country whose VAT it computed from the price.
  const fromPrice = problems.filter(
    (problem): problem is Extract<TaxPositionProblem, { kind: 'vat-from-price' }> =>
      problem.kind === 'vat-from-price' && problem.periodStart.startsWith(String(year)),
  );
  if (fromPrice.length > 0) {
    alerts.push({
      code: 'vat-computed-from-price',
      severity: 'warning',
      count: fromPrice.reduce((sum, problem) => sum + problem.transactionCount, 0),
      periods: sorted(fromPrice.map((problem) => problem.periodStart.slice(0, 7))),
      details: sorted(fromPrice.map((problem) => problem.jurisdiction)),
    });
  }

  // Registration relevance: VAT declared where no return can carry it, from the first month on.
  const unregistered = (await getTaxRegistrations(db, companyId)).missingRegistrations.filter(
    (row) => row.since <= window.to,
  );
  if (unregistered.length > 0) {
    alerts.push({
      code: 'registration-missing',
      severity: 'error',
      count: unregistered.reduce((sum, row) => sum + row.transactionCount, 0),
      periods: sorted(unregistered.map((row) => row.since.slice(0, 7))),
      details: sorted(unregistered.map((row) => row.countryCode)),
    });
  }

  const withoutVatNumber = await countEcSalesLinesWithoutVatNumber(db, companyId, window);
  if (withoutVatNumber.length > 0) {
    alerts.push({
      code: 'b2b-without-vat-number',
      severity: 'warning',
      count: total(withoutVatNumber),
      periods: sorted(withoutVatNumber.map((row) => row.month)),
      details: sorted(withoutVatNumber.map((row) => row.country)),
    });
  }

  const withoutValue = await countStockMovementsWithoutValue(db, companyId, window);
  if (withoutValue.length > 0) {
    alerts.push({
      code: 'stock-movement-without-cost-price',
      severity: 'warning',
      count: total(withoutValue),
      periods: sorted(withoutValue.map((row) => row.month)),
    });
  }

  // Filings due soon or overdue (whatever the year: they are what is due now) whose months have no data.
  const filings = await listFilings(db, companyId, {});
  const monthsWithData = await listMonthsWithData(db, companyId);
  const pressing = filings.items.filter((filing) => filing.status === 'overdue' || filing.status === 'due-soon');
  const missing = pressing.flatMap((filing) =>
    monthsBetween(filing.periodStart.slice(0, 7), filing.periodEnd.slice(0, 7))
      .filter((month) => !monthsWithData.has(month))
      .map((month) => ({ month, filing })),
  );
  if (missing.length > 0) {
    alerts.push({
      code: 'period-without-data',
      severity: missing.some((entry) => entry.filing.status === 'overdue') ? 'error' : 'warning',
      count: new Set(missing.map((entry) => entry.month)).size,
      periods: sorted(missing.map((entry) => entry.month)),
      details: sorted(missing.map((entry) => entry.filing.jurisdiction)),
    });
  }

  const invalidRates = (await listRateCombinations(db, companyId, window)).filter(
    (combination) => !checkRateCombination(combination).isValid,
  );
  const differences = await countCrossCheckRows(db, companyId, window, invalidRates);
  if (differences.length > 0) {
    alerts.push({
      code: 'amazon-vat-difference',
      severity: 'info',
      count: total(differences),
      periods: sorted(differences.map((row) => row.month)),
    });
  }

  return { year, today: filings.today ?? todayIsoDate(), alerts };
}
