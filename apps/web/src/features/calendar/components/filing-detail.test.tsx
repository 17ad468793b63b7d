import { describe, expect, it } from 'vitest';
import { filingTransactionsHref } from './filing-detail';

describe('filingTransactionsHref', () => {
  it("opens a VAT return's local lines of its country, a month as the month and a quarter as its days", () => {
    const monthly = {
      filingType: 'vat-return',
      jurisdiction: 'FR',
      periodStart: '2026-03-01',
      periodEnd: '2026-03-31',
    };
    expect(filingTransactionsHref(monthly as never)).toBe('/transactions?taxedIn=FR&scheme=local&month=2026-03');
    const quarterly = { ...monthly, periodStart: '2026-07-01', periodEnd: '2026-09-30' };
    expect(filingTransactionsHref(quarterly as never)).toBe(
      '/transactions?taxedIn=FR&scheme=local&from=2026-07-01&to=2026-09-30',
    );
  });

  it("opens an OSS or IOSS return's lines of every country, and what an EC Sales List lists", () => {
    const oss = { filingType: 'oss-return', jurisdiction: 'DE', periodStart: '2026-04-01', periodEnd: '2026-06-30' };
    expect(filingTransactionsHref(oss as never)).toBe('/transactions?scheme=oss&from=2026-04-01&to=2026-06-30');
    const ioss = { ...oss, filingType: 'ioss-return', periodStart: '2026-05-01', periodEnd: '2026-05-31' };
    expect(filingTransactionsHref(ioss as never)).toBe('/transactions?scheme=ioss&month=2026-05');
    expect(filingTransactionsHref({ ...oss, filingType: 'ec-sales-list', periodEnd: '2026-04-30' } as never)).toBe(
      '/transactions?ecSalesList=DE&month=2026-04',
    );
  });
});
