/**
 * CSV cells for the transactions export (RFC 4180). A text cell that a spreadsheet would run as a formula — one that
 * starts with =, +, -, @, a tab or a carriage return — gets a leading apostrophe (OWASP "CSV injection"). A cell that
 * is a plain decimal number ("-12.50", a refund) is left alone: it is not a formula, and an apostrophe would turn the
 * amount into text in every spreadsheet.
 */
const FORMULA_START = /^[=+\-@\t\r]/;
const PLAIN_DECIMAL = /^-?\d+(\.\d+)?$/;

export function toCsvCell(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (FORMULA_START.test(text) && !PLAIN_DECIMAL.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function toCsvLine(values: readonly (string | number | boolean | null | undefined)[]): string {
  return `${values.map((value) => toCsvCell(value)).join(',')}\r\n`;
}

/** The byte order mark that makes spreadsheet programs read the file as UTF-8. */
export const UTF8_BOM = '\uFEFF';
