import { describe, expect, it } from 'vitest';
import { createFormatters, parseIsoDay } from './format';

describe('formatters', () => {
  const en = createFormatters('en');
  const de = createFormatters('de');

  it('formats decimal strings exactly, without a float round trip', () => {
    expect(en.money('1234567890123.45', 'EUR')).toBe('€1,234,567,890,123.45');
    expect(de.money('0.1', 'EUR')).toBe('0,10\u00a0€');
    expect(en.money('-12.5', 'GBP')).toBe('-£12.50');
    expect(en.moneyCompact('12345.67', 'EUR')).toBe('€12,346');
  });

  it('formats rates given as fractions', () => {
    expect(en.percentOfFraction('0.19')).toBe('19%');
    expect(de.percentOfFraction('0.055')).toBe('5,5\u00a0%');
  });

  it('keeps calendar days on their day in every time zone', () => {
    expect(parseIsoDay('2026-01-01').getUTCDate()).toBe(1);
    expect(en.date('2026-11-21')).toBe('21 Nov 2026');
    expect(de.date('2026-11-21')).toBe('21. Nov. 2026');
    expect(de.dateLong('2026-03-10')).toBe('10. März 2026');
    expect(en.month('2026-02')).toBe('Feb 2026');
  });

  it('formats sizes and counts', () => {
    expect(en.bytes(541_000_000)).toBe('541 MB');
    expect(en.bytes(999)).toBe('999 B');
    expect(de.number(1_000_000)).toBe('1.000.000');
  });
});
