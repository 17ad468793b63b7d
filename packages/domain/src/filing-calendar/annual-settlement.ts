/**
 * What an annual return pays (decision 045): it declares the year's VAT, and what the year's periodic VAT returns
 * declared is credited against it, so only the balance is paid, or refunded when it is negative. With every periodic
 * return filed as the data now stands the balance is 0.00; data that came after a return was filed shows in it.
 */
import { addMoney, formatMoneyFixed2, money, subtractMoney, sumToFixed2 } from '../money/money';

/** A filing's amounts: decimal strings with two places. */
export type FilingAmounts = { amountEur: string; amountLocal: string };

/** A filing of the company as the settlement reads it (stored rows carry the type as text). */
export type SettledFiling = FilingAmounts & { jurisdiction: string; filingType: string; periodStart: string };

export type AnnualSettlement = {
  vatForYearEur: string;
  vatForYearLocal: string;
  declaredEur: string;
  declaredLocal: string;
};

type AnnualPeriod = { jurisdiction: string; periodStart: string; periodEnd: string };

/** What the periodic VAT returns of the annual return's country and year declared, among `filings`. */
export function declaredByPeriodicReturns(annual: AnnualPeriod, filings: readonly SettledFiling[]): FilingAmounts {
  const periodic = filings.filter(
    (filing) =>
      filing.filingType === 'vat-return' &&
      filing.jurisdiction === annual.jurisdiction &&
      filing.periodStart >= annual.periodStart &&
      filing.periodStart <= annual.periodEnd,
  );
  return {
    amountEur: sumToFixed2(periodic.map((filing) => filing.amountEur)),
    amountLocal: sumToFixed2(periodic.map((filing) => filing.amountLocal)),
  };
}

/** The annual return's amount: the year's VAT less what its periodic returns declared (`declaredByPeriodicReturns`). */
export function annualBalance(vatForYear: FilingAmounts, declared: FilingAmounts): FilingAmounts {
  return {
    amountEur: formatMoneyFixed2(subtractMoney(money(vatForYear.amountEur), money(declared.amountEur))),
    amountLocal: formatMoneyFixed2(subtractMoney(money(vatForYear.amountLocal), money(declared.amountLocal))),
  };
}

/** How an annual return's balance follows, from the balance and the company's filings it was computed with. */
export function annualSettlementOf(
  annual: AnnualPeriod & FilingAmounts,
  filings: readonly SettledFiling[],
): AnnualSettlement {
  const declared = declaredByPeriodicReturns(annual, filings);
  return {
    vatForYearEur: formatMoneyFixed2(addMoney(money(annual.amountEur), money(declared.amountEur))),
    vatForYearLocal: formatMoneyFixed2(addMoney(money(annual.amountLocal), money(declared.amountLocal))),
    declaredEur: declared.amountEur,
    declaredLocal: declared.amountLocal,
  };
}
