import { describe, expect, it } from 'vitest';
import { annualBalance, annualSettlementOf, declaredByPeriodicReturns, type SettledFiling } from './annual-settlement';

const annual = { jurisdiction: 'DE', periodStart: '2026-01-01', periodEnd: '2026-12-31' };

const filing = (filingType: string, jurisdiction: string, periodStart: string, amount: string): SettledFiling => ({
  filingType,
  jurisdiction,
  periodStart,
  amountEur: amount,
  amountLocal: amount,
});

const filings: SettledFiling[] = [
  filing('vat-return', 'DE', '2026-01-01', '100.10'),
  filing('vat-return', 'DE', '2026-02-01', '-20.05'),
  filing('vat-return', 'DE', '2026-12-01', '0.01'),
  // Not the year's periodic German returns: another year, another country, other filing types.
  filing('vat-return', 'DE', '2025-12-01', '999.00'),
  filing('vat-return', 'DE', '2027-01-01', '999.00'),
  filing('vat-return', 'AT', '2026-03-01', '999.00'),
  filing('oss-return', 'DE', '2026-01-01', '999.00'),
  filing('ec-sales-list', 'DE', '2026-01-01', '999.00'),
  filing('annual-return', 'DE', '2026-01-01', '999.00'),
];

describe('the annual settlement (decision 045)', () => {
  it("adds what the year's periodic VAT returns of the country declared, to the cent", () => {
    expect(declaredByPeriodicReturns(annual, filings)).toEqual({ amountEur: '80.06', amountLocal: '80.06' });
    expect(declaredByPeriodicReturns({ ...annual, jurisdiction: 'IT' }, filings)).toEqual({
      amountEur: '0.00',
      amountLocal: '0.00',
    });
  });

  it('pays the balance, and refunds it when the periodic returns declared more than the year owes', () => {
    const declared = { amountEur: '80.06', amountLocal: '80.06' };
    expect(annualBalance({ amountEur: '100.00', amountLocal: '100.00' }, declared)).toEqual({
      amountEur: '19.94',
      amountLocal: '19.94',
    });
    expect(annualBalance({ amountEur: '80.06', amountLocal: '80.06' }, declared)).toEqual({
      amountEur: '0.00',
      amountLocal: '0.00',
    });
    expect(annualBalance({ amountEur: '0.10', amountLocal: '0.10' }, declared)).toEqual({
      amountEur: '-79.96',
      amountLocal: '-79.96',
    });
  });

  it("gives back the year's VAT from the balance and the filings it was computed with", () => {
    const vatForYear = { amountEur: '100.00', amountLocal: '100.00' };
    const balance = annualBalance(vatForYear, declaredByPeriodicReturns(annual, filings));
    expect(annualSettlementOf({ ...annual, ...balance }, filings)).toEqual({
      vatForYearEur: '100.00',
      vatForYearLocal: '100.00',
      declaredEur: '80.06',
      declaredLocal: '80.06',
    });
  });
});
