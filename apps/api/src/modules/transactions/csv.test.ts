import { describe, expect, it } from 'vitest';
import { toCsvCell, toCsvLine } from './csv';

describe('toCsvCell', () => {
  it.each([
    ['=HYPERLINK("http://x")', `"'=HYPERLINK(""http://x"")"`],
    ['+49 30 1234', "'+49 30 1234"],
    ['-SUM(A1:A2)', "'-SUM(A1:A2)"],
    ['@cmd', "'@cmd"],
    ['\tTAB', "'\tTAB"],
    ['\rCR', `"'\rCR"`],
  ])('defuses a cell a spreadsheet would run as a formula: %j', (value, expected) => {
    expect(toCsvCell(value)).toBe(expected);
  });

  it('leaves plain numbers, negative amounts included, as numbers', () => {
    expect(toCsvCell('-12.50')).toBe('-12.50');
    expect(toCsvCell('19.99')).toBe('19.99');
    expect(toCsvCell(3)).toBe('3');
    expect(toCsvCell('-1e5')).toBe("'-1e5");
  });

  it('quotes commas, quotes and line breaks and writes null as empty', () => {
    expect(toCsvCell('a,b')).toBe('"a,b"');
    expect(toCsvCell('say "hi"')).toBe('"say ""hi"""');
    expect(toCsvCell('two\nlines')).toBe('"two\nlines"');
    expect(toCsvCell(null)).toBe('');
    expect(toCsvCell(false)).toBe('false');
  });

  it('ends a line with CRLF', () => {
    expect(toCsvLine(['a', null, '=1'])).toBe("a,,'=1\r\n");
  });
});
