import { describe, expect, it } from 'vitest';
import { monthsBetween } from './calendar-dates';

describe('monthsBetween', () => {
  it('lists every month of the span, both ends included, across a year end', () => {
    expect(monthsBetween('2025-11', '2026-02')).toEqual(['2025-11', '2025-12', '2026-01', '2026-02']);
    expect(monthsBetween('2026-03', '2026-03')).toEqual(['2026-03']);
  });

  it('is empty when the end comes first', () => {
    expect(monthsBetween('2026-03', '2026-02')).toEqual([]);
  });
});
