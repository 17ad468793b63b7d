import type { ColumnMapping } from '@vatlas/contract';

/** Reads enough of a file for its header row: the first 64 KiB, decoded as UTF-8 (a BOM dropped). */
export async function readHeaderText(file: Blob): Promise<string> {
  const part = file.slice(0, 64 * 1024);
  const buffer = await new Promise<ArrayBuffer>((resolve, reject) => {
    // FileReader rather than Blob.arrayBuffer(): the same in every browser and in jsdom.
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as ArrayBuffer);
    reader.onerror = () => reject(reader.error);
    reader.readAsArrayBuffer(part);
  });
  return new TextDecoder('utf-8').decode(buffer).replace(/^\uFEFF/, '');
}

const DELIMITERS = [',', ';', '\t'] as const;
export type Delimiter = (typeof DELIMITERS)[number];

/** The delimiter the header line uses most, outside quotes. */
export function detectDelimiter(line: string): Delimiter {
  let best: Delimiter = ',';
  let bestCount = -1;
  for (const delimiter of DELIMITERS) {
    const count = splitCsvLine(line, delimiter).length - 1;
    if (count > bestCount) {
      best = delimiter;
      bestCount = count;
    }
  }
  return best;
}

/** Splits one CSV line (RFC 4180 quotes, doubled quotes inside) into its cells. */
export function splitCsvLine(line: string, delimiter: string): string[] {
  const cells: string[] = [];
  let cell = '';
  let isQuoted = false;
  for (let index = 0; index < line.length; index++) {
    const char = line[index];
    if (isQuoted) {
      if (char === '"' && line[index + 1] === '"') {
        cell += '"';
        index++;
      } else if (char === '"') {
        isQuoted = false;
      } else {
        cell += char;
      }
    } else if (char === '"') {
      isQuoted = true;
    } else if (char === delimiter) {
      cells.push(cell);
      cell = '';
    } else {
      cell += char;
    }
  }
  cells.push(cell);
  return cells;
}

/** The header names of a CSV text: its first line, split on its delimiter, trimmed, empty names dropped. */
export function parseHeaderRow(text: string): { columns: string[]; delimiter: Delimiter } {
  const firstLine = text.split(/\r?\n/, 1)[0] ?? '';
  const delimiter = detectDelimiter(firstLine);
  const columns = splitCsvLine(firstLine, delimiter)
    .map((name) => name.trim())
    .filter((name) => name !== '');
  return { columns, delimiter };
}

/** The mapping fields that name one column; what the form offers as a column choice. */
export const COLUMN_FIELDS = [
  'transactionId',
  'lineId',
  'date',
  'netAmount',
  'vatAmount',
  'grossAmount',
  'buyerVatNumber',
  'sku',
  'quantity',
] as const;
export type ColumnField = (typeof COLUMN_FIELDS)[number];

const HINTS: Record<ColumnField | 'arrivalCountry' | 'departureCountry' | 'currency', RegExp> = {
  transactionId: /^(transaction|order|invoice)[ _-]?(id|number|no|nr)?$|^(id|name)$/i,
  lineId: /^(line|item)[ _-]?(id|number|no)?$/i,
  date: /date|datum/i,
  netAmount: /net|netto/i,
  vatAmount: /^(vat|tax|ust|mwst)([ _-]?amount)?$/i,
  grossAmount: /gross|brutto|total/i,
  buyerVatNumber: /buyer.*vat|vat.*(id|number)/i,
  sku: /^sku$/i,
  quantity: /qty|quantity|menge/i,
  arrivalCountry: /(arrival|ship(ping)?|destination)[ _-]?country|^country$/i,
  departureCountry: /(departure|origin|from)[ _-]?country/i,
  currency: /currency|währung/i,
};

/** A first guess from the header names, for the user to check; never a complete mapping on its own. */
export function guessMapping(columns: readonly string[]): Partial<Record<keyof typeof HINTS, string>> {
  const guess: Partial<Record<keyof typeof HINTS, string>> = {};
  const taken = new Set<string>();
  for (const [field, pattern] of Object.entries(HINTS) as [keyof typeof HINTS, RegExp][]) {
    const column = columns.find((name) => !taken.has(name) && pattern.test(name));
    if (column) {
      guess[field] = column;
      taken.add(column);
    }
  }
  return guess;
}

/** Whether a saved mapping can read a file with these columns: every column it names is there (case-insensitive). */
export function mappingFitsColumns(mapping: ColumnMapping, columns: readonly string[]): boolean {
  const present = new Set(columns.map((name) => name.trim().toLowerCase()));
  const named: string[] = [];
  for (const value of Object.values(mapping)) {
    if (typeof value === 'string' && COLUMN_FIELDS.some((field) => mapping[field] === value)) named.push(value);
    else if (value && typeof value === 'object' && 'column' in value && typeof value.column === 'string')
      named.push(value.column);
  }
  return named.every((name) => present.has(name.trim().toLowerCase()));
}
