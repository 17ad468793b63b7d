import { randomBytes } from 'node:crypto';
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { calculateJwkThumbprint, exportJWK, generateKeyPair } from 'jose';
import type { IdpKeys, IdpSigningKey } from './types';

const JWKS_FILE = 'idp-jwks.json';
const COOKIE_KEYS_FILE = 'idp-cookie-keys.json';
const PRIVATE_FILE_MODE = 0o600;

/**
 * Loads the provider's signing keys and cookie keys from `dir`, creating them on first use.
 * Existing files are never regenerated: a new signing key would invalidate every issued token
 * and a new cookie key every browser session.
 */
export async function loadOrCreateIdpKeys(dir: string): Promise<IdpKeys> {
  await mkdir(dir, { recursive: true });
  const jwks = await loadOrCreateJsonFile(join(dir, JWKS_FILE), createJwks, parseJwks);
  const cookieKeys = await loadOrCreateJsonFile(join(dir, COOKIE_KEYS_FILE), createCookieKeys, parseCookieKeys);
  return { jwks, cookieKeys };
}

async function loadOrCreateJsonFile<T>(
  path: string,
  create: () => Promise<T>,
  parse: (value: unknown, path: string) => T,
): Promise<T> {
  const existing = await readJsonFile(path);
  if (existing !== undefined) return parse(existing, path);

  const created = await create();
  try {
    // 'wx' so that two processes starting at once never overwrite each other's key.
    await writeFile(path, `${JSON.stringify(created, null, 2)}\n`, { mode: PRIVATE_FILE_MODE, flag: 'wx' });
  } catch (error) {
    if (isErrnoException(error) && error.code === 'EEXIST') {
      return parse(await readJsonFile(path), path);
    }
    throw error;
  }
  // The umask can only remove bits, but be explicit in case the file system ignored the mode.
  await chmod(path, PRIVATE_FILE_MODE);
  return created;
}

async function readJsonFile(path: string): Promise<unknown> {
  try {
    return JSON.parse(await readFile(path, 'utf8'));
  } catch (error) {
    if (isErrnoException(error) && error.code === 'ENOENT') return undefined;
    throw error;
  }
}

async function createJwks(): Promise<IdpKeys['jwks']> {
  const { privateKey } = await generateKeyPair('RS256', { modulusLength: 2048, extractable: true });
  const jwk = await exportJWK(privateKey);
  const kid = await calculateJwkThumbprint(jwk, 'sha256');
  return { keys: [{ ...jwk, kid, alg: 'RS256', use: 'sig' }] };
}

async function createCookieKeys(): Promise<string[]> {
  return [randomBytes(32).toString('base64url')];
}

function parseJwks(value: unknown, path: string): IdpKeys['jwks'] {
  if (!isRecord(value) || !Array.isArray(value.keys) || value.keys.length === 0) {
    throw new Error(`${path} is not a JSON Web Key Set with at least one key`);
  }
  const keys = value.keys.map((key: unknown): IdpSigningKey => {
    if (!isRecord(key) || typeof key.kid !== 'string' || typeof key.kty !== 'string' || typeof key.d !== 'string') {
      throw new Error(`${path} holds a key without kid, kty or private part`);
    }
    return key as IdpSigningKey;
  });
  return { keys };
}

function parseCookieKeys(value: unknown, path: string): string[] {
  if (!Array.isArray(value) || value.length === 0 || !value.every((key) => typeof key === 'string' && key.length > 0)) {
    throw new Error(`${path} is not a non-empty array of cookie keys`);
  }
  return value;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isErrnoException(error: unknown): error is NodeJS.ErrnoException {
  return error instanceof Error && 'code' in error;
}
