import { describe, expect, it } from 'vitest';
import { parseAmountToCents } from './amount';

describe('parseAmountToCents', () => {
  it.each([
    ['0', 0n],
    ['10000', 1_000_000n],
    ['10000.5', 1_000_050n],
    ['10000.01', 1_000_001n],
    ['0.1', 10n],
  ])('%s → %s cents', (input, cents) => {
    expect(parseAmountToCents(input)).toBe(cents);
  });

  it.each(['', '-1', '1e5', '1,000', '10.123', '01', 'abc', '1.'])('refuses %j', (input) => {
    expect(parseAmountToCents(input)).toBeUndefined();
  });
});
