import type { LiabilitySummary } from '@vatlas/contract';
import { describe, expect, it } from 'vitest';
import {
  chartSegmentsOf,
  defaultYear,
  localCurrencyOptions,
  segmentAmount,
  segmentHrefOf,
  shapeLiabilityChart,
  toChartRows,
  transactionsHrefOf,
} from './liability-chart-data';

const month = (start: string, vatEur: string, vatLocal: string, isIncomplete = false) => ({
  periodStart: `${start}-01`,
  periodEnd: `${start}-28`,
  netEur: '0.00',
  vatEur,
  netLocal: '0.00',
  vatLocal,
  zeroRatedNetEur: '0.00',
  acquisitionNetEur: '0.00',
  transactionCount: 1,
  isIncomplete,
});

const totals = (vatEur: string, vatLocal: string) => ({
  netEur: '0.00',
  vatEur,
  netLocal: '0.00',
  vatLocal,
  transactionCount: 2,
});

const summary: LiabilitySummary = {
  year: 2026,
  jurisdictions: [
    {
      jurisdiction: 'PL',
      scheme: 'local',
      currency: 'PLN',
      months: [month('2026-02', '10.10', '43.01')],
      totals: totals('10.10', '43.01'),
    },
    {
      jurisdiction: 'FR',
      scheme: 'oss',
      currency: 'EUR',
      months: [month('2026-01', '0.10', '0.10'), month('2026-03', '0.20', '0.20', true)],
      totals: totals('0.30', '0.30'),
    },
    {
      jurisdiction: 'PL',
      scheme: 'oss',
      currency: 'EUR',
      months: [month('2026-02', '1.00', '1.00')],
      totals: totals('1.00', '1.00'),
    },
    {
      jurisdiction: 'DE',
      scheme: 'local',
      currency: 'EUR',
      months: [month('2026-01', '0.20', '0.20'), month('2026-02', '-5.00', '-5.00')],
      totals: totals('-4.80', '-4.80'),
    },
  ],
  totals: { netEur: '0.00', vatEur: '6.60' },
  threshold: null,
  problems: [],
};

describe('shapeLiabilityChart', () => {
  it('makes one series per jurisdiction and scheme, in a stable order, with the API totals', () => {
    const data = shapeLiabilityChart(summary, { kind: 'eur' });
    expect(data.series.map((series) => series.key)).toEqual(['DE-local', 'FR-oss', 'PL-local', 'PL-oss']);
    expect(data.series.map((series) => series.colorIndex)).toEqual([0, 1, 2, 3]);
    expect(data.series.map((series) => series.total)).toEqual(['-4.80', '0.30', '10.10', '1.00']);
    expect(data.currency).toBe('EUR');
    expect(data.total).toBe('6.60');
    expect(data.hasData).toBe(true);
  });

  it('keeps twelve months and sums each month exactly, without binary floats', () => {
    const data = shapeLiabilityChart(summary, { kind: 'eur' });
    expect(data.months.map((entry) => entry.month)).toHaveLength(12);
    // 0.1 + 0.2 is 0.30000000000000004 as floats.
    expect(data.months[0]).toEqual({
      month: '2026-01',
      values: { 'DE-local': '0.20', 'FR-oss': '0.10' },
      total: '0.30',
      isIncomplete: false,
    });
    expect(data.months[1]?.total).toBe('6.10');
    expect(data.months[2]?.isIncomplete).toBe(true);
    expect(data.months[11]).toEqual({ month: '2026-12', values: {}, total: '0.00', isIncomplete: false });
  });

  it('shows one jurisdiction in its own currency and names what is declared in another', () => {
    const data = shapeLiabilityChart(summary, { kind: 'local', jurisdiction: 'PL' });
    expect(data.currency).toBe('PLN');
    expect(data.series.map((series) => series.key)).toEqual(['PL-local']);
    expect(data.series[0]?.colorIndex).toBe(2);
    expect(data.excluded.map((series) => series.key)).toEqual(['PL-oss']);
    expect(data.months[1]?.values).toEqual({ 'PL-local': '43.01' });
    expect(data.total).toBe('43.01');
  });

  it('has no data for an empty year', () => {
    const data = shapeLiabilityChart(
      { ...summary, jurisdictions: [], totals: { netEur: '0', vatEur: '0.00' } },
      {
        kind: 'eur',
      },
    );
    expect(data.hasData).toBe(false);
    expect(data.months).toHaveLength(12);
  });
});

describe('helpers', () => {
  it('offers each jurisdiction once with the currency of its local return', () => {
    expect(localCurrencyOptions(summary)).toEqual([
      { jurisdiction: 'DE', currency: 'EUR' },
      { jurisdiction: 'FR', currency: 'EUR' },
      { jurisdiction: 'PL', currency: 'PLN' },
    ]);
  });

  it('gives recharts numbers only for bar heights, zero where a series has no amount', () => {
    const data = shapeLiabilityChart(summary, { kind: 'eur' });
    const rows = toChartRows(data, chartSegmentsOf(data));
    expect(rows[1]).toEqual({ month: '2026-02', 'DE-local': -5, 'FR-oss': 0, 'PL-local': 10.1, 'PL-oss': 1 });
  });

  it('links a segment to the transactions of its jurisdiction and month', () => {
    expect(transactionsHrefOf('FR', 'oss', '2026-03')).toBe('/transactions?taxedIn=FR&scheme=oss&month=2026-03');
  });

  it('picks the latest year with data', () => {
    expect(
      defaultYear([
        { year: 2027, hasData: false },
        { year: 2026, hasData: true },
      ]),
    ).toBe(2026);
    expect(defaultYear([{ year: 2027, hasData: false }])).toBe(2027);
    expect(
      defaultYear([
        { year: 2027, hasData: undefined },
        { year: 2026, hasData: true },
      ]),
    ).toBeUndefined();
  });
});

describe('chart segments', () => {
  const many: LiabilitySummary = {
    ...summary,
    jurisdictions: ['AT', 'BE', 'CZ', 'DE', 'DK', 'ES', 'FI', 'FR', 'IT', 'NL'].map((country, index) => ({
      jurisdiction: country,
      scheme: 'oss' as const,
      currency: 'EUR',
      months: [month('2026-01', `${index + 1}.10`, `${index + 1}.10`)],
      totals: totals(`${index + 1}.10`, `${index + 1}.10`),
    })),
  };

  it('keeps one segment per series while they fit the eight colours', () => {
    const data = shapeLiabilityChart(summary, { kind: 'eur' });
    expect(chartSegmentsOf(data).map((segment) => segment.key)).toEqual(['DE-local', 'FR-oss', 'PL-local', 'PL-oss']);
  });

  it('keeps the seven largest and adds the rest up as "other", each with its own colour', () => {
    const data = shapeLiabilityChart(many, { kind: 'eur' });
    const segments = chartSegmentsOf(data);
    expect(segments.map((segment) => segment.key)).toEqual([
      'DE-oss',
      'DK-oss',
      'ES-oss',
      'FI-oss',
      'FR-oss',
      'IT-oss',
      'NL-oss',
      'other',
    ]);
    expect(segments.map((segment) => segment.colorIndex)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    const other = segments[7];
    expect(other?.members.map((series) => series.key)).toEqual(['AT-oss', 'BE-oss', 'CZ-oss']);
    // 1.10 + 2.10 + 3.10, exactly.
    expect(other?.total).toBe('6.30');
    expect(other && segmentAmount(other, data.months[0] as never)).toBe('6.30');
    expect(other && segmentHrefOf(other, '2026-01')).toBe('/transactions?month=2026-01');
    expect(segmentHrefOf(segments[0] as never, '2026-01')).toBe('/transactions?taxedIn=DE&scheme=oss&month=2026-01');
  });
});
