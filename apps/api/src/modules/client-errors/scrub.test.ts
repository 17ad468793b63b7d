import { clientErrorReportSchema } from '@vatlas/contract';
import { describe, expect, it } from 'vitest';
import { scrubText, scrubUrl, truncate } from './scrub';
import { STORED_LENGTHS, toClientErrorRecord } from './service';

describe('scrubText', () => {
  it('masks e-mail addresses, tokens and bearer credentials', () => {
    const jwt = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjMifQ.c2lnbmF0dXJl';
    expect(scrubText('No account for Zoë.Müller+vat@beispiel.de')).toBe('No account for [email]');
    expect(scrubText(`token ${jwt} expired`)).toBe('token [token] expired');
    expect(scrubText('Authorization: Bearer abcdefgh12345678')).toBe('Authorization: Bearer [token]');
  });

  it('leaves ordinary error texts alone', () => {
    const text = "TypeError: Cannot read properties of undefined (reading 'map') at v@https://x/a.js:1:2";
    expect(scrubText(text)).toBe(text);
  });
});

describe('scrubUrl', () => {
  it('masks sign-in parameters and the fragment, keeps the rest', () => {
    expect(scrubUrl('https://vatlas.example.com/login?code=abc&state=def&companyId=7#access_token=x')).toBe(
      'https://vatlas.example.com/login?code=redacted&state=redacted&companyId=7#redacted',
    );
    expect(scrubUrl('/users?email=a%40b.de&page=2')).toBe('/users?email=redacted&page=2');
  });

  it('masks addresses in a path', () => {
    expect(scrubUrl('https://vatlas.example.com/users/jane@example.com')).toBe(
      'https://vatlas.example.com/users/[email]',
    );
  });
});

describe('truncate', () => {
  it('cuts to the length without splitting a surrogate pair', () => {
    expect(truncate('abcdef', 4)).toBe('abcd');
    expect(truncate('abc', 4)).toBe('abc');
    expect(truncate('ab😀cd', 3)).toBe('ab');
  });
});

describe('toClientErrorRecord', () => {
  it('bounds every text to its stored length', () => {
    const longest = clientErrorReportSchema.parse({
      message: `${'m'.repeat(1985)} a@b.example`,
      stack: 's'.repeat(8000),
      // Masking lengthens this one (code=1 → code=redacted) past the limit.
      url: `/x?code=1&p=${'q'.repeat(1988)}`,
    });
    expect(longest.url?.length).toBe(2000);
    const record = toClientErrorRecord(longest);
    expect(record.message.length).toBeLessThanOrEqual(STORED_LENGTHS.message);
    expect(record.message.endsWith('[email]')).toBe(true);
    expect(record.stack?.length).toBe(STORED_LENGTHS.stack);
    expect(record.url?.length).toBe(STORED_LENGTHS.url);
    expect(record.url?.startsWith('/x?code=redacted&p=qqq')).toBe(true);
    expect(record.reportedAt).toBeNull();
  });
});
