import { describe, expect, it } from 'vitest';
import { monthDaysOf } from './service';

describe('monthDaysOf', () => {
  it('gives each month of the span its first and last day, across a year and a leap February', () => {
    expect(monthDaysOf({ from: '2023-11', to: '2024-03' })).toEqual([
      { fromDate: '2023-11-01', toDate: '2023-11-30' },
      { fromDate: '2023-12-01', toDate: '2023-12-31' },
      { fromDate: '2024-01-01', toDate: '2024-01-31' },
      { fromDate: '2024-02-01', toDate: '2024-02-29' },
      { fromDate: '2024-03-01', toDate: '2024-03-31' },
    ]);
  });
});
