/**
 * PostgreSQL COPY text format (https://www.postgresql.org/docs/current/sql-copy.html, "Text Format"): columns
 * separated by a tab, rows by a newline, null as `\N`. A value's backslash, tab, newline and carriage return are
 * escaped, so no text from a file can end a column or a row early.
 */

export type CopyValue = string | number | boolean | null;

const ESCAPES: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };

const NEEDS_ESCAPE = /[\\\t\n\r]/;

export function escapeCopyText(value: string): string {
  // Most values (ids, dates, amounts, codes) need nothing: test first, replace only when needed.
  if (!NEEDS_ESCAPE.test(value)) return value;
  return value.replace(/[\\\t\n\r]/g, (character) => ESCAPES[character] ?? character);
}

/** A free-text field as COPY text: `\N` for null, escaped only when it holds a backslash, tab, newline or return. */
export const copyFreeText = (value: string | null): string => (value === null ? '\\N' : escapeCopyText(value));

/** A field the parsers normalised (codes, ISO dates, canonical decimals, enums): nothing in it needs escaping. */
export const copyNormalised = (value: string | null): string => (value === null ? '\\N' : value);

export function encodeCopyValue(value: CopyValue): string {
  if (value === null) return '\\N';
  if (typeof value === 'boolean') return value ? 't' : 'f';
  return escapeCopyText(String(value));
}

export function encodeCopyLine(values: readonly CopyValue[]): string {
  let line = '';
  for (let index = 0; index < values.length; index++) {
    line += index === 0 ? encodeCopyValue(values[index] ?? null) : `\t${encodeCopyValue(values[index] ?? null)}`;
  }
  return `${line}\n`;
}
