import { describe, expect, it } from 'vitest';
import { TOKEN_EXPIRY_MARGIN_MS } from './constants';
import { isTokenValid, msUntilTokenExpiry, readJwtClaims } from './token';

const base64Url = (value: string) => btoa(value).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
const jwt = (claims: Record<string, unknown>) =>
  `${base64Url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }))}.${base64Url(JSON.stringify(claims))}.c2lnbmF0dXJl`;

const now = new Date('2026-11-21T12:00:00Z');
const nowSeconds = now.getTime() / 1000;

describe('isTokenValid (spec §5)', () => {
  it.each([
    ['a token that expires in one minute', jwt({ exp: nowSeconds + 60 }), true],
    ['a token 11 seconds before exp', jwt({ exp: nowSeconds + 11 }), true],
    ['a token exactly 10 seconds before exp (the margin)', jwt({ exp: nowSeconds + 10 }), false],
    ['a token 5 seconds before exp', jwt({ exp: nowSeconds + 5 }), false],
    ['an expired token', jwt({ exp: nowSeconds - 1 }), false],
    ['a token without exp', jwt({ sub: 'u1' }), false],
    ['a token whose exp is a string', jwt({ exp: String(nowSeconds + 600) }), false],
    ['two parts', 'a.b', false],
    ['four parts', 'a.b.c.d', false],
    ['a payload that is not JSON', 'a.bm90IGpzb24.c', false],
    ['an empty string', '', false],
  ])('%s → %s', (_label, token, expected) => {
    expect(isTokenValid(token, now)).toBe(expected);
  });

  it('treats null and undefined as invalid', () => {
    expect(isTokenValid(null, now)).toBe(false);
    expect(isTokenValid(undefined, now)).toBe(false);
  });

  it('pins the 10 second margin', () => {
    expect(TOKEN_EXPIRY_MARGIN_MS).toBe(10_000);
  });
});

describe('readJwtClaims', () => {
  it('decodes UTF-8 claims', () => {
    const token = `x.${base64Url(String.fromCharCode(...new TextEncoder().encode(JSON.stringify({ name: 'Jürgen' }))))}.y`;
    expect(readJwtClaims(token)).toEqual({ name: 'Jürgen' });
  });

  it('refuses a payload that is an array', () => {
    expect(readJwtClaims(`x.${base64Url('[1]')}.y`)).toBeUndefined();
  });
});

describe('msUntilTokenExpiry', () => {
  it('subtracts the margin', () => {
    expect(msUntilTokenExpiry(jwt({ exp: nowSeconds + 300 }), now)).toBe(290_000);
  });
});
