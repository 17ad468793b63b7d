/**
 * PostgreSQL COPY binary format (https://www.postgresql.org/docs/current/sql-copy.html, "Binary Format"), as far as the
 * import writes it: a header, then per row a 16-bit field count and per field a 32-bit byte length (-1 for null) and
 * the value in the type's binary form (its `recv` function's input), then a trailer. The backend then parses no
 * text: no uuid, decimal or date to read from characters, no line and field splitting (decision 028).
 */

/** "PGCOPY\n\377\r\n\0", no flags, no header extension. */
export const COPY_BINARY_HEADER = Buffer.from([
  0x50, 0x47, 0x43, 0x4f, 0x50, 0x59, 0x0a, 0xff, 0x0d, 0x0a, 0x00, 0, 0, 0, 0, 0, 0, 0, 0,
]);
/** The field count -1 ends the data. */
export const COPY_BINARY_TRAILER_BYTES = 2;

/** A uuid's 16 bytes from its canonical text ("8-4-4-4-12" hex digits); throws on anything else. */
export function uuidBytes(text: string): Uint8Array {
  // Node's hex decoding stops at the first pair that is not hex: 16 bytes from 32 digits means every one was.
  const bytes = Buffer.from(text.replaceAll('-', ''), 'hex');
  const isCanonical = text.length === 36 && [8, 13, 18, 23].every((index) => text.charCodeAt(index) === 45);
  if (!isCanonical || bytes.length !== 16) throw new Error(`Not a uuid: ${JSON.stringify(text)}`);
  return bytes;
}

/** A uuid's canonical text (lower case) from its 16 bytes. */
export function uuidText(bytes: Uint8Array): string {
  const hex = Buffer.from(bytes.buffer, bytes.byteOffset, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

/** Writes the header at the start of `buffer`; answers where the rows begin. */
export function startCopyBinary(buffer: Buffer): number {
  return COPY_BINARY_HEADER.copy(buffer, 0);
}

/** Writes the trailer after the rows, which end at `end`; answers the whole piece of binary COPY data. */
export function endCopyBinary(buffer: Buffer, end: number): Uint8Array {
  return buffer.subarray(0, buffer.writeInt16BE(-1, end));
}

/**
 * One piece of binary COPY data (header, rows, trailer) in a buffer of its own: `writeRows` writes the rows, at most
 * `rowBytes` bytes of them (the caller's bound, as for `CopyBinaryWriter`).
 */
export function copyBinaryData(rowBytes: number, writeRows: (writer: CopyBinaryWriter) => void): Uint8Array {
  const writer = new CopyBinaryWriter(
    Buffer.allocUnsafe(COPY_BINARY_HEADER.length + rowBytes + COPY_BINARY_TRAILER_BYTES),
  );
  writer.position = startCopyBinary(writer.buffer);
  writeRows(writer);
  return endCopyBinary(writer.buffer, writer.position);
}

/** Days from 2000-01-01, PostgreSQL's date epoch, to a date of the proleptic Gregorian calendar. */
const EPOCH_MS = Date.UTC(2000, 0, 1);
const MS_PER_DAY = 86_400_000;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A date as PostgreSQL's binary date: days since 2000-01-01. Throws on anything but a real ISO date. */
export function pgDateDays(iso: string): number {
  const match = ISO_DATE.exec(iso);
  if (!match) throw new Error(`Not an ISO date: ${JSON.stringify(iso)}`);
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  // setUTCFullYear, not Date.UTC, which reads the years 0-99 as 1900-1999.
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) {
    throw new Error(`No such date: ${iso}`);
  }
  return (date.getTime() - EPOCH_MS) / MS_PER_DAY;
}

const NUMERIC_POSITIVE = 0x0000;
const NUMERIC_NEGATIVE = 0x4000;

/**
 * Writes rows of the binary format into a buffer, field by field, from `position` on. The caller sees to the room
 * (`textBound` for a text, `numericBound` for a decimal). Lengths and numbers are stored byte by byte: a
 * million rows of 29 fields make Buffer's checked writers count.
 */
export class CopyBinaryWriter {
  position = 0;
  /** Date strings met, with their day numbers: a file holds a few hundred distinct days in a million rows. */
  private readonly days = new Map<string, number>();

  constructor(public buffer: Buffer) {}

  private int16At(at: number, value: number): number {
    const buffer = this.buffer;
    buffer[at] = value >>> 8;
    buffer[at + 1] = value;
    return at + 2;
  }

  private int32At(at: number, value: number): number {
    const buffer = this.buffer;
    buffer[at] = value >>> 24;
    buffer[at + 1] = value >>> 16;
    buffer[at + 2] = value >>> 8;
    buffer[at + 3] = value;
    return at + 4;
  }

  /** Starts a row of `fields` fields. */
  row(fields: number): void {
    this.position = this.int16At(this.position, fields);
  }

  null(): void {
    this.position = this.int32At(this.position, -1);
  }

  /** The length word of a uuid field; answers where its 16 bytes go, for a caller that writes them itself. */
  uuidAt(): number {
    const at = this.int32At(this.position, 16);
    this.position = at + 16;
    return at;
  }

  /** A uuid as its 16 bytes (`uuidBytes`). */
  uuid(bytes: Uint8Array): void {
    this.buffer.set(bytes, this.uuidAt());
  }

  int32(value: number): void {
    this.position = this.int32At(this.int32At(this.position, 4), value);
  }

  boolean(value: boolean): void {
    const at = this.int32At(this.position, 1);
    this.buffer[at] = value ? 1 : 0;
    this.position = at + 1;
  }

  /** A text (or char(n)) value as UTF-8, or null. */
  text(value: string | null): void {
    if (value === null) {
      this.null();
      return;
    }
    const start = this.position + 4;
    const buffer = this.buffer;
    let end = start;
    // Codes, dates and most ids are ASCII: written here, byte by byte; anything else by Node's UTF-8 encoder.
    for (let index = 0; index < value.length; index++) {
      const code = value.charCodeAt(index);
      if (code >= 0x80) {
        end = start + buffer.write(value, start, 'utf8');
        break;
      }
      buffer[end] = code;
      end += 1;
    }
    this.int32At(this.position, end - start);
    this.position = end;
  }

  /** A date from its ISO text, or null. */
  date(iso: string | null): void {
    if (iso === null) this.null();
    else this.int32(this.dateDays(iso));
  }

  /** `pgDateDays(iso)`, converted once per date this writer meets. */
  dateDays(iso: string): number {
    let days = this.days.get(iso);
    if (days === undefined) {
      days = pgDateDays(iso);
      this.days.set(iso, days);
    }
    return days;
  }

  /**
   * A canonical decimal ("-12.50", "0.19", "7") as PostgreSQL's binary numeric, or null: base-10,000 digits grouped
   * from the decimal point, its weight, its sign and its display scale (the decimals the text gave). Throws on
   * anything but a canonical decimal: the parsers produce nothing else, so another value is a bug.
   */
  numeric(text: string | null): void {
    if (text === null) {
      this.null();
      return;
    }
    const negative = text.charCodeAt(0) === 45;
    const first = negative ? 1 : 0;
    const point = text.indexOf('.', first);
    const integerEnd = point === -1 ? text.length : point;
    const integerDigits = integerEnd - first;
    const fractionDigits = point === -1 ? 0 : text.length - point - 1;
    if (integerDigits === 0 || (point !== -1 && fractionDigits === 0)) throw new Error(`Not a decimal: ${text}`);
    const integerGroups = Math.ceil(integerDigits / 4);
    const fractionGroups = Math.ceil(fractionDigits / 4);
    const groups = integerGroups + fractionGroups;
    let at = this.int32At(this.position, 8 + 2 * groups);
    at = this.int16At(at, groups);
    at = this.int16At(at, integerGroups - 1);
    at = this.int16At(at, negative ? NUMERIC_NEGATIVE : NUMERIC_POSITIVE);
    at = this.int16At(at, fractionDigits);
    // The integer part: the first group takes what is left over from whole groups of four.
    let index = first;
    let groupDigits = integerDigits % 4 || 4;
    for (let group = 0; group < integerGroups; group++) {
      let value = 0;
      for (let end = index + groupDigits; index < end; index++) value = value * 10 + digitAt(text, index);
      at = this.int16At(at, value);
      groupDigits = 4;
    }
    // The fraction: groups of four from the point, the last one padded with zeros on the right.
    index = point + 1;
    for (let group = 0; group < fractionGroups; group++) {
      let value = 0;
      for (let digit = 0; digit < 4; digit++, index++) {
        value = value * 10 + (index < text.length ? digitAt(text, index) : 0);
      }
      at = this.int16At(at, value);
    }
    this.position = at;
  }
}

function digitAt(text: string, index: number): number {
  const digit = text.charCodeAt(index) - 48;
  if (digit < 0 || digit > 9) throw new Error(`Not a decimal: ${text}`);
  return digit;
}

/** The most bytes `CopyBinaryWriter.numeric` writes for `value`, its length word included. */
export const numericBound = (value: string | null): number => 4 + (value === null ? 0 : 8 + 2 * (value.length + 2));

/** The most bytes `CopyBinaryWriter.text` writes for `value`, its length word included: three a UTF-16 unit. */
export const textBound = (value: string | null): number => 4 + 3 * (value?.length ?? 0);
