import { uuidText } from '../../db/copy-binary';
import { COPY_COLUMNS } from './copy-encoding';
import { encodeCopyLine } from './copy-text';

/** The binary type of each column of COPY_COLUMNS that is not text. */
const COLUMN_TYPES: Partial<Record<(typeof COPY_COLUMNS)[number], 'uuid' | 'int' | 'date' | 'numeric' | 'boolean'>> = {
  id: 'uuid',
  company_id: 'uuid',
  upload_id: 'uuid',
  line_number: 'int',
  quantity: 'int',
  tax_point_date: 'date',
  complete_date: 'date',
  net_amount: 'numeric',
  vat_amount: 'numeric',
  gross_amount: 'numeric',
  vat_rate: 'numeric',
  computed_vat_amount: 'numeric',
  is_export: 'boolean',
};

const EPOCH_MS = Date.UTC(2000, 0, 1);

/** A binary numeric as PostgreSQL prints it: its digits to its display scale. */
function numericText(value: Buffer): string {
  const groups = value.readInt16BE(0);
  const weight = value.readInt16BE(2);
  const sign = value.readUInt16BE(4);
  const scale = value.readInt16BE(6);
  const digits = Array.from({ length: groups }, (_, index) => value.readInt16BE(8 + 2 * index));
  const digitAt = (index: number) => digits[index] ?? 0;
  let integer = '';
  for (let index = 0; index <= weight; index++) {
    integer += index === 0 ? String(digitAt(index)) : String(digitAt(index)).padStart(4, '0');
  }
  integer = integer.replace(/^0+(?=\d)/, '') || '0';
  let fraction = '';
  for (let index = Math.max(0, weight + 1); fraction.length < scale; index++) {
    fraction += String(digitAt(index)).padStart(4, '0');
  }
  // Groups between the point and the first digit (a negative weight) are zeros.
  if (weight < -1) fraction = '0000'.repeat(-weight - 1) + fraction;
  return `${sign === 0x4000 ? '-' : ''}${integer}${scale > 0 ? `.${fraction.slice(0, scale)}` : ''}`;
}

function valueText(type: (typeof COLUMN_TYPES)[keyof typeof COLUMN_TYPES] | undefined, value: Buffer): string {
  switch (type) {
    case 'uuid':
      return uuidText(value);
    case 'int':
      return String(value.readInt32BE(0));
    case 'date':
      return new Date(EPOCH_MS + value.readInt32BE(0) * 86_400_000).toISOString().slice(0, 10);
    case 'numeric':
      return numericText(value);
    case 'boolean':
      return value[0] === 1 ? 't' : 'f';
    default:
      return value.toString('utf8');
  }
}

/**
 * The rows of a COPY binary chunk of `transactions` (COPY_COLUMNS), each as the COPY text line the same values make
 * (`encodeCopyLine`): what tests compare with the values a row should have. Throws on a chunk that is not one whole
 * piece of binary COPY data: its header, whole rows of every column, its trailer, nothing after it.
 */
export function copyBinaryRowsAsText(chunk: Uint8Array): string[] {
  const bytes = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
  if (bytes.subarray(0, 11).toString('latin1') !== 'PGCOPY\n\xff\r\n\0') throw new Error('no binary COPY header');
  let at = 19;
  const rows: string[] = [];
  for (;;) {
    const fields = bytes.readInt16BE(at);
    at += 2;
    if (fields === -1) break;
    if (fields !== COPY_COLUMNS.length) throw new Error(`a row of ${fields} fields`);
    const values: (string | null)[] = [];
    for (const column of COPY_COLUMNS) {
      const length = bytes.readInt32BE(at);
      at += 4;
      if (length === -1) {
        values.push(null);
        continue;
      }
      values.push(valueText(COLUMN_TYPES[column], bytes.subarray(at, at + length)));
      at += length;
    }
    rows.push(encodeCopyLine(values));
  }
  if (at !== bytes.length) throw new Error(`${bytes.length - at} bytes after the trailer`);
  return rows;
}
