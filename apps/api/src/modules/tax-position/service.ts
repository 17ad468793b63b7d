import {
  addIsoDays,
  createEcSalesListBuilder,
  createExchangeRateTable,
  createReturnsBuilder,
  mergeProblems,
  OSS_RATE_LOOKAHEAD_DAYS,
} from '@vatlas/domain';
import type { Db } from '../../db/client';
import { loadExchangeRateTable } from '../exchange-rates/repository';
import { refreshFilings } from '../filings/service';
import { loadCompanyTaxProfile } from '../tax-schemes/repository';
import {
  clearTaxPosition,
  forEachEcSalesListMonth,
  forEachReturnsDaySums,
  insertEcSalesListLines,
  insertTaxPosition,
  replaceRateDays,
  selectDistanceSaleDaySums,
  selectTaxPointSpan,
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
 * Recomputes everything the company's transactions imply — liabilities, OSS return lines, EC Sales List lines, the
 * OSS threshold per year, the problems of the computation — and then its filings, replacing what was stored. Runs
 * after an upload completes (inside the transaction that completes it, so totals change together with the rows'
 * visibility), after an upload is deleted and after the company's schemes change. Idempotent: the same transactions
 * give the same stored position.
 */
export async function recomputeTaxPosition(db: Db, companyId: string): Promise<void> {
  const profile = await loadCompanyTaxProfile(db, companyId);
  if (!profile) return;
  await db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    // Everything below reads the day sums stored with each upload, never the rows, and holds a fetch of them at a
    // time: a large seller has tens of thousands at the returns' grain, and more per business customer.
    const span = await selectTaxPointSpan(t, companyId);
    const rates = span ? await loadExchangeRateTable(t, rateWindowOf(span)) : createExchangeRateTable([]);
    const returnsBuilder = createReturnsBuilder({
      profile,
      rates,
      distanceSales: await selectDistanceSaleDaySums(t, companyId),
    });
    await forEachReturnsDaySums(t, companyId, async (sums) => returnsBuilder.add(sums));
    const returns = returnsBuilder.finish();
    await clearTaxPosition(t, companyId);
    // The EC sales list a month at a time: its sums carry the buyer VAT number, so there are as many as business
    // customers per day; a few months of sums and lines are all that is held at once.
    const ecSalesList = createEcSalesListBuilder({ profile, rates });
    await forEachEcSalesListMonth(t, companyId, async (monthSums) => {
      ecSalesList.add(monthSums);
      await insertEcSalesListLines(t, companyId, ecSalesList.drain());
    });
    const esl = ecSalesList.finish();
    await insertEcSalesListLines(t, companyId, esl.lines);
    await insertTaxPosition(t, companyId, { ...returns, problems: mergeProblems(returns.problems, esl.problems) });
    await replaceRateDays(t, companyId);
    await refreshFilings(t, companyId, { profile });
  });
}
