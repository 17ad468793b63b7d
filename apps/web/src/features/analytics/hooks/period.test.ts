import { describe, expect, it } from 'vitest';
import { presetOf, presetRange, rangeProblem } from './period';

const today = new Date(Date.UTC(2026, 10, 21));

describe('period presets', () => {
  it('last 12 months are the 12 complete months before the current one', () => {
    expect(presetRange('last12', today)).toEqual({ from: '2025-11', to: '2026-10' });
    expect(presetRange('last12', new Date(Date.UTC(2026, 0, 5)))).toEqual({ from: '2025-01', to: '2025-12' });
  });

  it('this year runs from January to the current month, last year is the whole previous year', () => {
    expect(presetRange('thisYear', today)).toEqual({ from: '2026-01', to: '2026-11' });
    expect(presetRange('lastYear', today)).toEqual({ from: '2025-01', to: '2025-12' });
  });

  it('recognises a preset range, and no preset for another range', () => {
    expect(presetOf({ from: '2025-01', to: '2025-12' }, today)).toBe('lastYear');
    expect(presetOf({ from: '2025-02', to: '2025-12' }, today)).toBeUndefined();
  });
});

describe('range problems', () => {
  it.each([
    [{ from: '2025-01', to: '2025-01' }, undefined],
    [{ from: '2024-01', to: '2025-12' }, undefined],
    [{ from: '2024-01', to: '2026-01' }, 'tooLong'],
    [{ from: '2025-03', to: '2025-02' }, 'order'],
    [{ from: '2025-3', to: '2025-04' }, 'format'],
    [{ from: '', to: '2025-04' }, 'format'],
  ] as const)('%o → %s', (range, problem) => {
    expect(rangeProblem(range)).toBe(problem);
  });
});
