import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { escapeIcsText, foldIcsLine, writeIcsCalendar } from './ics';

const octets = (text: string) => new TextEncoder().encode(text).length;

describe('escapeIcsText', () => {
  it('escapes backslash, semicolon, comma and every kind of line break', () => {
    expect(escapeIcsText('a\\b;c,d\ne\r\nf\rg')).toBe('a\\\\b\\;c\\,d\\ne\\nf\\ng');
  });
});

describe('foldIcsLine', () => {
  it('leaves a line of 75 octets alone and folds the 76th octet onto a continuation line', () => {
    expect(foldIcsLine('x'.repeat(75))).toBe('x'.repeat(75));
    expect(foldIcsLine('x'.repeat(76))).toBe(`${'x'.repeat(75)}\r\n x`);
  });

  it('keeps every physical line within 75 octets, counting the leading space, and never splits a character', () => {
    const line = `SUMMARY:${'Umsatzsteuer-Voranmeldung für März — Größe ✓ '.repeat(8)}`;
    const folded = foldIcsLine(line);
    const physical = folded.split('\r\n');
    expect(physical.length).toBeGreaterThan(4);
    for (const [index, part] of physical.entries()) {
      expect(octets(part)).toBeLessThanOrEqual(75);
      if (index > 0) expect(part.startsWith(' ')).toBe(true);
      expect(part).not.toContain('\uFFFD');
    }
    // Unfolding (drop CRLF + one space) gives the line back.
    expect(folded.replaceAll('\r\n ', '')).toBe(line);
  });
});

describe('writeIcsCalendar', () => {
  const calendar = writeIcsCalendar({
    prodId: '-//Vatlas//Filings calendar//EN',
    name: 'Vatlas filings (test)',
    events: [
      {
        uid: 'f1@vatlas',
        stamp: new Date('2026-11-01T08:30:00.123Z'),
        date: '2026-12-31',
        summary: 'DE VAT return 2026-11 — Nordlicht GmbH, Hamburg; Nord',
        description: `Period: 2026-11-01 – 2026-11-30\nAmount: 1,234.56 EUR\n${'long text '.repeat(20)}`,
        url: 'http://localhost/calendar',
        status: 'CONFIRMED',
        categories: ['VAT filing', 'due soon'],
      },
    ],
  });

  it('ends every line with CRLF and has no bare LF', () => {
    expect(calendar.endsWith('\r\n')).toBe(true);
    expect(calendar.replaceAll('\r\n', '')).not.toMatch(/[\r\n]/);
  });

  it('parses with ical.js into the event that went in (all-day, next-day end, text unescaped)', () => {
    const component = new ICAL.Component(ICAL.parse(calendar));
    expect(component.getFirstPropertyValue('version')).toBe('2.0');
    expect(component.getFirstPropertyValue('x-wr-calname')).toBe('Vatlas filings (test)');
    const [vevent] = component.getAllSubcomponents('vevent');
    if (!vevent) throw new Error('no VEVENT');
    const event = new ICAL.Event(vevent);
    expect(event.uid).toBe('f1@vatlas');
    expect(event.summary).toBe('DE VAT return 2026-11 — Nordlicht GmbH, Hamburg; Nord');
    expect(event.description).toContain('Amount: 1,234.56 EUR\nlong text');
    expect(event.startDate.isDate).toBe(true);
    expect(event.startDate.toString()).toBe('2026-12-31');
    expect(event.endDate.toString()).toBe('2027-01-01');
    expect(vevent.getFirstPropertyValue('dtstamp')?.toString()).toBe('2026-11-01T08:30:00Z');
    expect(vevent.getFirstProperty('categories')?.getValues()).toEqual(['VAT filing', 'due soon']);
  });
});
