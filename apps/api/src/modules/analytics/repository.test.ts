import { describe, expect, it } from 'vitest';
import { monthsOfSpan } from './repository';

describe('monthsOfSpan', () => {
  it('gives each month of the span its first and last day, across a year and a leap February', () => {
    expect(monthsOfSpan('2023-11-01', '2024-03-31')).toEqual([
      { from: '2023-11-01', to: '2023-11-30' },
      { from: '2023-12-01', to: '2023-12-31' },
      { from: '2024-01-01', to: '2024-01-31' },
      { from: '2024-02-01', to: '2024-02-29' },
      { from: '2024-03-01', to: '2024-03-31' },
    ]);
  });

  it('cuts the first and last month to the span', () => {
    expect(monthsOfSpan('2023-02-15', '2023-03-10')).toEqual([
      { from: '2023-02-15', to: '2023-02-28' },
      { from: '2023-03-01', to: '2023-03-10' },
    ]);
    expect(monthsOfSpan('2023-05-07', '2023-05-07')).toEqual([{ from: '2023-05-07', to: '2023-05-07' }]);
  });
});
