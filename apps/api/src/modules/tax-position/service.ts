import {
  addIsoDays,
  type CompanyTaxProfile,
  createEcSalesListBuilder,
  createExchangeRateTable,
  createReturnsBuilder,
  type EcSalesListBuilder,
  mergeProblems,
  OSS_RATE_LOOKAHEAD_DAYS,
  type ReturnsBuilder,
  type TaxPositionProblem,
  type TransactionDaySum,
  yearOf,
} from '@vatlas/domain';
import type { Db } from '../../db/client';
import { loadExchangeRateTable } from '../exchange-rates/repository';
import { groupBy, refreshFilings } from '../filings/service';
import { loadCompanyTaxProfile } from '../tax-schemes/repository';
import {
  clearTaxPosition,
  forEachEcSalesListMonth,
  forEachReturnsDaySums,
  insertEcSalesListLines,
  insertRateDays,
  insertTaxPosition,
  insertTaxPositionProblems,
  isComputedWithProfile,
  lockTaxPosition,
  selectDistanceSaleDaySums,
  selectTaxPointSpan,
  selectYearsWithMissingRates,
  storeComputedProfile,
  type TaxYears,
} from './repository';

/**
 * Days before the first tax point the rate table reaches back: a local return converts at the rate of the tax-point
 * day or of the previous publication day, and the ECB never goes more than four days without one.
 */
const RATE_LOOKBACK_DAYS = 10;

/**
 * The rates window the sums need: from a little before the first tax point (previous publication day) to the end of
 * the quarter of the last one plus the OSS look-ahead (the rate of the period's last day or the next publication).
 */
function rateWindowOf({ first, last }: { first: string; last: string }): { from: string; to: string } {
  const quarterEndMonth = Math.ceil(Number(last.slice(5, 7)) / 3) * 3;
  const quarterEnd = addIsoDays(`${last.slice(0, 4)}-${String(quarterEndMonth).padStart(2, '0')}-01`, 31);
  return { from: addIsoDays(first, -RATE_LOOKBACK_DAYS), to: addIsoDays(quarterEnd, OSS_RATE_LOOKAHEAD_DAYS) };
}

/**
 * What changed since the stored position was computed: the calendar years of the tax points an upload added or took
 * away (`selectTaxYearsOfUpload`). Without a scope every year is recomputed (a change of schemes touches them all).
 */
export type TaxPositionScope = { changedYears: readonly number[] };

/** `years` and, for each, the year `offset` away from it, ascending. */
function withYearsAt(years: readonly number[], offset: 1 | -1): number[] {
  return [...new Set(years.flatMap((year) => [year, year + offset]))].sort((a, b) => a - b);
}

/**
 * Recomputes everything the company's transactions imply — liabilities, OSS return lines, EC Sales List lines, the
 * OSS threshold per year, the problems of the computation, the rate days of the cross-check — for the years `scope`
 * can alter, or every year, and then its filings, replacing what was stored. Runs after an upload completes (inside
 * the transaction that completes it, so totals change together with the rows' visibility), after an upload is
 * deleted and after the company's schemes change, one at a time per company (`lockTaxPosition`). Idempotent, and a
 * scoped recompute stores what a whole one would (`yearsToRecompute`): the same transactions, profile and rates give
 * the same stored position.
 */
export async function recomputeTaxPosition(db: Db, companyId: string, scope?: TaxPositionScope): Promise<void> {
  await db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    await lockTaxPosition(t, companyId);
    // Read once this is the company's only recompute: a change of schemes that committed meanwhile is computed with.
    const profile = await loadCompanyTaxProfile(t, companyId);
    if (!profile) return;
    const years = await yearsToRecompute(t, companyId, profile, scope);
    // A year's threshold reads the year before (`exceededPreviousYear`): its distance sales are read (and converted),
    // its lines stay as stored.
    const readYears = years && withYearsAt(years, -1);
    // Everything below reads the day sums stored with each upload, never the rows, and holds a fetch of them at a
    // time: a large seller has tens of thousands at the returns' grain, and more per business customer.
    const span = await selectTaxPointSpan(t, companyId, readYears);
    const rates = span ? await loadExchangeRateTable(t, rateWindowOf(span)) : createExchangeRateTable([]);
    const distanceSales = byYearOf(await selectDistanceSaleDaySums(t, companyId, readYears));
    // One builder per year, fed that year's sums and the distance sales of that year and the one before: what a year
    // stores, its problems included, then depends on those two years only, which is what makes scoping exact.
    const returnsByYear = new Map<number, ReturnsBuilder>();
    const returnsOf = (year: number) => {
      const found = returnsByYear.get(year);
      if (found) return found;
      const created = createReturnsBuilder({
        profile,
        rates,
        distanceSales: [...(distanceSales.get(year - 1) ?? []), ...(distanceSales.get(year) ?? [])],
      });
      returnsByYear.set(year, created);
      return created;
    };
    await forEachReturnsDaySums(t, companyId, years, async (sums) => {
      for (const [year, ofYear] of byYearOf(sums)) returnsOf(year).add(ofYear);
    });
    await clearTaxPosition(t, companyId, years);
    const eslProblems = await insertEcSalesList(t, companyId, years, { profile, rates });
    const problemsByYear = new Map(eslProblems);
    for (const [year, builder] of returnsByYear) {
      const returns = builder.finish();
      const ossThresholds = returns.ossThresholds.filter((threshold) => threshold.year === year);
      await insertTaxPosition(t, companyId, { ...returns, ossThresholds });
      problemsByYear.set(year, mergeProblems(returns.problems, eslProblems.get(year) ?? []));
    }
    await insertTaxPositionProblems(t, companyId, problemsByYear);
    await insertRateDays(t, companyId, years);
    await storeComputedProfile(t, companyId, profile);
    await refreshFilings(t, companyId, { profile });
  });
}

/**
 * The years a recompute replaces (`undefined`: every year). A change alters its years and each following one, since a
 * year's €10,000 OSS threshold decides where the next year's distance sales are taxed (`exceededPreviousYear`); nothing
 * else crosses a calendar year: every return period, EC Sales List month and threshold lies inside one. What else a
 * stored year depends on is covered too: years with a missing exchange rate are recomputed (the rate may have come
 * since), and every year is when the company's tax profile is not the one the stored position was computed with.
 */
async function yearsToRecompute(
  db: Db,
  companyId: string,
  profile: CompanyTaxProfile,
  scope: TaxPositionScope | undefined,
): Promise<TaxYears> {
  if (!scope || !(await isComputedWithProfile(db, companyId, profile))) return undefined;
  return withYearsAt([...scope.changedYears, ...(await selectYearsWithMissingRates(db, companyId))], 1);
}

/**
 * Builds and inserts the EC Sales List of `years` a month at a time: its sums carry the buyer VAT number, so there are
 * as many as business customers per day; a few months of sums and lines are all that is held at once. Answers the
 * problems met, per year.
 */
async function insertEcSalesList(
  db: Db,
  companyId: string,
  years: TaxYears,
  input: Parameters<typeof createEcSalesListBuilder>[0],
): Promise<Map<number, TaxPositionProblem[]>> {
  const problems = new Map<number, TaxPositionProblem[]>();
  let current: { year: number; builder: EcSalesListBuilder } | undefined;
  const finishYear = async () => {
    if (!current) return;
    const { lines, problems: met } = current.builder.finish();
    await insertEcSalesListLines(db, companyId, lines);
    problems.set(current.year, met);
  };
  // The months arrive in order, so a year's builder is finished once a later year's sums arrive.
  await forEachEcSalesListMonth(db, companyId, years, async (monthSums) => {
    for (const [year, sums] of byYearOf(monthSums)) {
      if (current?.year !== year) {
        await finishYear();
        current = { year, builder: createEcSalesListBuilder(input) };
      }
      current.builder.add(sums);
      await insertEcSalesListLines(db, companyId, current.builder.drain());
    }
  });
  await finishYear();
  return problems;
}

/** Day sums by the calendar year of their tax point. */
const byYearOf = (sums: readonly TransactionDaySum[]) => groupBy(sums, (sum) => yearOf(sum.date));
