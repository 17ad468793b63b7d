/**
 * A minimal iCalendar (RFC 5545) writer for the filings feed: all-day events only, text escaped (§3.3.11), lines
 * folded at 75 octets without splitting a UTF-8 character (§3.1), CRLF line ends.
 */

export type IcsEvent = {
  uid: string;
  /** When the event last changed. */
  stamp: Date;
  /** The all-day event's day, YYYY-MM-DD. */
  date: string;
  summary: string;
  description: string;
  url?: string;
  /** RFC 5545 VEVENT status. */
  status: 'CONFIRMED' | 'TENTATIVE' | 'CANCELLED';
  categories: readonly string[];
};

export type IcsCalendar = { prodId: string; name: string; events: readonly IcsEvent[] };

const MAX_LINE_OCTETS = 75;

/** TEXT value escaping: backslash, semicolon, comma and line breaks. */
export function escapeIcsText(value: string): string {
  return value
    .replaceAll('\\', '\\\\')
    .replaceAll(';', '\\;')
    .replaceAll(',', '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

/**
 * Splits a content line into lines of at most 75 octets; every continuation starts with one space (which counts
 * towards its 75). Cuts only between characters, so a multi-byte character never straddles two lines.
 */
export function foldIcsLine(line: string): string {
  const encoder = new TextEncoder();
  const parts: string[] = [];
  let current = '';
  let currentOctets = 0;
  let limit = MAX_LINE_OCTETS;
  for (const character of line) {
    const octets = encoder.encode(character).length;
    if (currentOctets + octets > limit) {
      parts.push(current);
      current = ' ';
      currentOctets = 1;
      limit = MAX_LINE_OCTETS;
    }
    current += character;
    currentOctets += octets;
  }
  parts.push(current);
  return parts.join('\r\n');
}

/** 2026-11-21 → 20261121. */
const icsDate = (isoDate: string) => isoDate.replaceAll('-', '');

/** A UTC date-time: 20261121T093000Z. */
export function icsDateTime(value: Date): string {
  return value
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replace(/[-:]/g, '');
}

function nextDay(isoDate: string): string {
  const [year, month, day] = isoDate.split('-').map(Number);
  return new Date(Date.UTC(year ?? 1970, (month ?? 1) - 1, (day ?? 1) + 1)).toISOString().slice(0, 10);
}

function eventLines(event: IcsEvent): string[] {
  return [
    'BEGIN:VEVENT',
    `UID:${escapeIcsText(event.uid)}`,
    `DTSTAMP:${icsDateTime(event.stamp)}`,
    `DTSTART;VALUE=DATE:${icsDate(event.date)}`,
    `DTEND;VALUE=DATE:${icsDate(nextDay(event.date))}`,
    `SUMMARY:${escapeIcsText(event.summary)}`,
    `DESCRIPTION:${escapeIcsText(event.description)}`,
    ...(event.url ? [`URL:${event.url}`] : []),
    `STATUS:${event.status}`,
    ...(event.categories.length > 0 ? [`CATEGORIES:${event.categories.map(escapeIcsText).join(',')}`] : []),
    'TRANSP:TRANSPARENT',
    'END:VEVENT',
  ];
}

/** The whole VCALENDAR, every line folded and ended by CRLF. */
export function writeIcsCalendar(calendar: IcsCalendar): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:${calendar.prodId}`,
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${escapeIcsText(calendar.name)}`,
    ...calendar.events.flatMap(eventLines),
    'END:VCALENDAR',
  ];
  return `${lines.map(foldIcsLine).join('\r\n')}\r\n`;
}
