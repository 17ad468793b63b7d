import { describe, expect, it } from 'vitest';
import { hasNoData, horizontalChartHeight, toChartRows, UNKNOWN_KEY } from './chart-rows';

const line = (key: string | null, netEur: string, vatEur: string) => ({
  key,
  netEur,
  vatEur,
  grossEur: '0.00',
  transactionCount: 2,
  unconvertedCount: 0,
});

describe('chart rows', () => {
  it('keeps the exact decimal strings beside the numbers the bars need, and labels a missing key', () => {
    const rows = toChartRows(
      [line('DE', '1234567.89', '-19.01'), line(null, '0.10', '0.02')],
      (key) => `[${key}]`,
      '—',
    );
    expect(rows).toEqual([
      {
        key: 'DE',
        label: '[DE]',
        net: 1234567.89,
        vat: -19.01,
        netEur: '1234567.89',
        vatEur: '-19.01',
        grossEur: '0.00',
        transactionCount: 2,
      },
      expect.objectContaining({ key: UNKNOWN_KEY, label: '—', netEur: '0.10' }),
    ]);
  });

  it('has no data only when no transaction is in the period (a refund month that sums to zero is data)', () => {
    expect(hasNoData({ transactionCount: 0 })).toBe(true);
    expect(hasNoData({ transactionCount: 1 })).toBe(false);
  });

  it('gives a horizontal chart room for each bar', () => {
    expect(horizontalChartHeight(1)).toBe(160);
    expect(horizontalChartHeight(10)).toBe(488);
  });
});
