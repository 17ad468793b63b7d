import { describe, expect, it } from 'vitest';
import {
  COPY_BINARY_HEADER,
  CopyBinaryWriter,
  copyBinaryData,
  numericBound,
  pgDateDays,
  uuidBytes,
} from './copy-binary';

/** The bytes one call writes (its length word included), as hex. */
function written(write: (writer: CopyBinaryWriter) => void): string {
  const writer = new CopyBinaryWriter(Buffer.alloc(256));
  write(writer);
  return writer.buffer.subarray(0, writer.position).toString('hex');
}

describe('CopyBinaryWriter', () => {
  it("writes a decimal as PostgreSQL's numeric: base-10,000 digits from the point, weight, sign and display scale", () => {
    // 8 + 2 digits bytes; 2 digits, weight 0, positive, scale 2; 12 and 3400 (".34" padded to four digits).
    expect(written((writer) => writer.numeric('12.34'))).toBe(`0000000c${'0002'}0000${'0000'}0002${'000c'}0d48`);
    // -12345.6: digits 1 | 2345 | 6000, weight 1, negative, scale 1.
    expect(written((writer) => writer.numeric('-12345.6'))).toBe('0000000e000300014000000100010929' + '1770');
    // 0: one zero digit, weight 0, scale 0.
    expect(written((writer) => writer.numeric('0'))).toBe('0000000a00010000000000000000');
  });

  it('refuses what is not a canonical decimal, a uuid or a real date: the parsers never produce one', () => {
    const writer = new CopyBinaryWriter(Buffer.alloc(256));
    for (const bad of ['', '-', '1.', '.5', '1,5', '1e3', ' 1', '--1', '1.2.3']) {
      expect(() => writer.numeric(bad), bad).toThrow(/Not a decimal/);
    }
    expect(() => uuidBytes('3f0c8a52-8a2b-4f5e-9a41-0c1d2e3f4a5')).toThrow(/Not a uuid/);
    expect(() => uuidBytes('3f0c8a52x8a2b-4f5e-9a41-0c1d2e3f4a5b')).toThrow(/Not a uuid/);
    expect(() => uuidBytes('3f0c8a52-8a2b-4f5e-9a41-0c1d2e3f4a5g')).toThrow(/Not a uuid/);
    expect(() => pgDateDays('2025-02-29')).toThrow(/No such date/);
    expect(() => pgDateDays('14.03.2025')).toThrow(/Not an ISO date/);
  });

  it("counts a date's days from 2000-01-01, PostgreSQL's epoch", () => {
    expect(pgDateDays('2000-01-01')).toBe(0);
    expect(pgDateDays('1999-12-31')).toBe(-1);
    expect(pgDateDays('2024-02-29')).toBe(8825);
    // A year below 100 is that year, not 1900 and more.
    expect(pgDateDays('0024-01-01')).toBe(-721_719);
  });

  it('writes text as UTF-8 and a uuid as its 16 bytes, decimals within their bound, and null as length -1', () => {
    for (const text of ['', 'DE', 'Zürich € 😀', 'x'.repeat(60)]) {
      const hex = written((writer) => writer.text(text));
      expect(hex).toBe(Buffer.byteLength(text).toString(16).padStart(8, '0') + Buffer.from(text).toString('hex'));
    }
    const id = uuidBytes('3F0C8A52-8a2b-4f5e-9a41-0c1d2e3f4a5b');
    expect(written((writer) => writer.uuid(id))).toBe('000000103f0c8a528a2b4f5e9a410c1d2e3f4a5b');
    expect(written((writer) => writer.text(null))).toBe('ffffffff');
    expect(written((writer) => writer.numeric(null))).toBe('ffffffff');
    for (const decimal of ['0', '-0.000001', '1234567890123.45', '99999999']) {
      expect(written((writer) => writer.numeric(decimal)).length / 2).toBeLessThanOrEqual(numericBound(decimal));
    }
  });

  it('makes a piece of COPY data of the header, the rows written and the trailer, and no more', () => {
    const hexOf = (data: Uint8Array) => Buffer.from(data).toString('hex');
    const header = COPY_BINARY_HEADER.toString('hex');
    const oneRow = copyBinaryData(64, (writer) => {
      writer.row(1);
      writer.int32(7);
    });
    expect(hexOf(oneRow)).toBe(`${header}0001${'00000004'}00000007ffff`);
    expect(hexOf(copyBinaryData(0, () => undefined))).toBe(`${header}ffff`);
  });
});
