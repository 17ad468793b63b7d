import { describe, expect, it } from 'vitest';
import { toCsvField, toSafeUploadName } from './service';

describe('the problems CSV field', () => {
  it('quotes a field with a comma, quote or line break and doubles its quotes', () => {
    expect(toCsvField('plain')).toBe('plain');
    expect(toCsvField('a, b')).toBe('"a, b"');
    expect(toCsvField('say "no"')).toBe('"say ""no"""');
    expect(toCsvField('two\nlines')).toBe('"two\nlines"');
    expect(toCsvField(12)).toBe('12');
    expect(toCsvField(null)).toBe('');
  });

  it('defuses a leading formula character so a spreadsheet shows the text instead of running it', () => {
    expect(toCsvField('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
    expect(toCsvField('-12.5 is negative')).toBe("'-12.5 is negative");
  });
});

describe('the upload display name', () => {
  it('keeps the last path segment without control characters, and never is empty', () => {
    expect(toSafeUploadName('C:\\exports\\vtr\u0007 march.txt')).toBe('vtr march.txt');
    expect(toSafeUploadName(undefined)).toBe('upload');
  });
});
