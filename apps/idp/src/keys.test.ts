import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { calculateJwkThumbprint, importJWK, jwtVerify, SignJWT } from 'jose';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadOrCreateIdpKeys } from './keys';

describe('loadOrCreateIdpKeys', () => {
  let dir: string;

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'vatlas-idp-keys-'));
  });

  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('creates an RS256 key whose kid is its JWK thumbprint, and 32-byte cookie keys', async () => {
    const keys = await loadOrCreateIdpKeys(join(dir, 'nested'));
    const [key] = keys.jwks.keys;

    expect(keys.jwks.keys).toHaveLength(1);
    expect(key).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig' });
    expect(key?.kid).toBe(await calculateJwkThumbprint({ kty: 'RSA', e: key?.e, n: key?.n }, 'sha256'));
    expect(Buffer.from(key?.n ?? '', 'base64url')).toHaveLength(256);
    expect(keys.cookieKeys).toHaveLength(1);
    expect(Buffer.from(keys.cookieKeys[0] ?? '', 'base64url')).toHaveLength(32);

    // The private key really signs what the public half verifies.
    const { d: _d, p: _p, q: _q, dp: _dp, dq: _dq, qi: _qi, ...publicJwk } = key ?? { kid: '' };
    const jwt = await new SignJWT({}).setProtectedHeader({ alg: 'RS256' }).sign(await importJWK(key ?? {}, 'RS256'));
    await expect(jwtVerify(jwt, await importJWK(publicJwk, 'RS256'))).resolves.toBeTruthy();
  });

  it('writes both files readable by the owner only', async () => {
    await loadOrCreateIdpKeys(dir);

    for (const file of ['idp-jwks.json', 'idp-cookie-keys.json']) {
      const { mode } = await stat(join(dir, file));
      expect(mode & 0o777).toBe(0o600);
    }
  });

  it('reuses the stored keys on later calls instead of regenerating them', async () => {
    const first = await loadOrCreateIdpKeys(dir);
    const storedJwks = await readFile(join(dir, 'idp-jwks.json'), 'utf8');
    const second = await loadOrCreateIdpKeys(dir);

    expect(second.jwks.keys[0]?.kid).toBe(first.jwks.keys[0]?.kid);
    expect(second).toEqual(first);
    expect(await readFile(join(dir, 'idp-jwks.json'), 'utf8')).toBe(storedJwks);
  });

  it('refuses a damaged key file rather than silently replacing the key', async () => {
    const { writeFile } = await import('node:fs/promises');
    await writeFile(join(dir, 'idp-jwks.json'), '{"keys":[]}');

    await expect(loadOrCreateIdpKeys(dir)).rejects.toThrow(/at least one key/);
  });
});
