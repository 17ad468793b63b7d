import { describe, expect, it } from 'vitest';
import { encodeCopyLine, encodeCopyValue, escapeCopyText } from './copy-text';

describe('COPY text encoding', () => {
  it('escapes the characters that would end a column or a row, and the escape character itself', () => {
    expect(escapeCopyText('a\\b\tc\nd\re')).toBe('a\\\\b\\tc\\nd\\re');
    expect(escapeCopyText('Müller & Söhne, "Köln"')).toBe('Müller & Söhne, "Köln"');
  });

  it('writes null as \\N, so an empty string stays an empty string', () => {
    expect(encodeCopyValue(null)).toBe('\\N');
    expect(encodeCopyValue('')).toBe('');
    expect(encodeCopyValue('\\N')).toBe('\\\\N');
  });

  it('writes booleans as t/f and numbers as text', () => {
    expect(encodeCopyLine([true, false, 3, '-12.34', null])).toBe('t\tf\t3\t-12.34\t\\N\n');
  });
});
