import { describe, expect, it } from 'vitest';
import { createFormatters, formatLocaleOf, parseIsoDay } from './format';

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

  it('formats in the country of each interface language', () => {
    expect(['en', 'de', 'fr', 'it', 'es', 'pl', 'pl-PL', 'fr-CA'].map(formatLocaleOf)).toEqual([
      'en-GB',
      'de-DE',
      'fr-FR',
      'it-IT',
      'es-ES',
      'pl-PL',
      'pl-PL',
      'fr-FR',
    ]);
  });

  it('formats money, percentages, dates and months in French', () => {
    const fr = createFormatters('fr');
    expect(fr.money('12345.5', 'EUR')).toBe('12\u202f345,50\u00a0€');
    expect(fr.percentOfFraction('0.055')).toBe('5,5\u00a0%');
    expect(fr.date('2026-11-21')).toBe('21 nov. 2026');
    expect(fr.dateLong('2026-03-10')).toBe('10 mars 2026');
    expect(fr.month('2026-02')).toBe('févr. 2026');
  });

  it('formats money, percentages, dates and months in Polish', () => {
    const pl = createFormatters('pl');
    expect(pl.money('12345.5', 'EUR')).toBe('12\u00a0345,50\u00a0€');
    expect(pl.money('12345.5', 'PLN')).toBe('12\u00a0345,50\u00a0zł');
    expect(pl.percentOfFraction('0.23')).toBe('23%');
    expect(pl.date('2026-11-21')).toBe('21 lis 2026');
    expect(pl.dateLong('2026-03-10')).toBe('10 marca 2026');
    expect(pl.number(1_000_000)).toBe('1\u00a0000\u00a0000');
  });

  it('formats money and dates in Italian and Spanish', () => {
    const italian = createFormatters('it');
    const es = createFormatters('es');
    expect(italian.money('12345.5', 'EUR')).toBe('12.345,50\u00a0€');
    expect(italian.dateLong('2026-03-10')).toBe('10 marzo 2026');
    expect(es.money('12345.5', 'EUR')).toBe('12.345,50\u00a0€');
    expect(es.percentOfFraction('0.21')).toBe('21\u00a0%');
    expect(es.dateLong('2026-03-10')).toBe('10 de marzo de 2026');
  });

  it('writes ranks, days of the month, month names and lists as each language does', () => {
    const ranks = (language: string) => [1, 2, 3, 4, 11, 12, 13, 21, 22].map(createFormatters(language).ordinal);
    expect(ranks('en')).toEqual(['1st', '2nd', '3rd', '4th', '11th', '12th', '13th', '21st', '22nd']);
    expect(ranks('de')).toEqual(['1.', '2.', '3.', '4.', '11.', '12.', '13.', '21.', '22.']);
    expect(createFormatters('fr').ordinal(1)).toBe('1er');
    expect(createFormatters('fr').ordinal(10)).toBe('10e');
    expect(createFormatters('it').ordinal(2)).toBe('2º');
    expect(createFormatters('es').ordinal(2)).toBe('2.º');
    expect(['en', 'de', 'fr', 'it', 'es', 'pl'].map((language) => createFormatters(language).dayOrdinal(10))).toEqual([
      '10th',
      '10.',
      '10',
      '10',
      '10',
      '10',
    ]);
    expect(createFormatters('fr').dayOrdinal(1)).toBe('1er');
    expect(en.monthName(8)).toBe('August');
    expect(de.monthName(1)).toBe('Januar');
    expect(en.monthName(4, 'short')).toBe('Apr');
    expect(en.list(['January', 'August'])).toBe('January and August');
    expect(de.list(['Januar', 'August'])).toBe('Januar und August');
  });
});
