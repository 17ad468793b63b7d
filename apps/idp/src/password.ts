import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from 'node:crypto';

/**
 * Self-describing format `scrypt$<N>$<r>$<p>$<salt>$<hash>` (salt and hash base64url) so the cost can
 * be raised later without invalidating stored hashes.
 */
const ALGORITHM = 'scrypt';
const COST = 2 ** 15;
const BLOCK_SIZE = 8;
const PARALLELISM = 1;
const KEY_LENGTH = 32;
const SALT_LENGTH = 16;
// Refuse absurd parameters from a tampered row instead of letting one hash exhaust memory.
const MAX_COST = 2 ** 20;

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_LENGTH);
  const hash = await deriveKey(password, salt, KEY_LENGTH, { N: COST, r: BLOCK_SIZE, p: PARALLELISM });
  return [ALGORITHM, COST, BLOCK_SIZE, PARALLELISM, salt.toString('base64url'), hash.toString('base64url')].join('$');
}

export async function verifyPassword(password: string, encoded: string): Promise<boolean> {
  const parsed = parseHash(encoded);
  if (!parsed) return false;
  const { options, salt, hash } = parsed;
  const candidate = await deriveKey(password, salt, hash.length, options);
  return timingSafeEqual(candidate, hash);
}

type ParsedHash = { options: { N: number; r: number; p: number }; salt: Buffer; hash: Buffer };

function parseHash(encoded: string): ParsedHash | undefined {
  const parts = encoded.split('$');
  if (parts.length !== 6 || parts[0] !== ALGORITHM) return undefined;
  const [N, r, p] = parts.slice(1, 4).map(Number);
  if (N === undefined || r === undefined || p === undefined) return undefined;
  const isPowerOfTwo = Number.isInteger(N) && N > 1 && N <= MAX_COST && (N & (N - 1)) === 0;
  if (!isPowerOfTwo || !Number.isInteger(r) || r < 1 || r > 32 || !Number.isInteger(p) || p < 1 || p > 16) {
    return undefined;
  }
  const salt = Buffer.from(parts[4] ?? '', 'base64url');
  const hash = Buffer.from(parts[5] ?? '', 'base64url');
  if (salt.length === 0 || hash.length < 16) return undefined;
  return { options: { N, r, p }, salt, hash };
}

function deriveKey(password: string, salt: Buffer, length: number, options: ScryptOptions): Promise<Buffer> {
  const { N = COST, r = BLOCK_SIZE, p = PARALLELISM } = options;
  // Node's default maxmem (32 MiB) is exactly 128*N*r for N=2^15, r=8 and scrypt needs a little headroom.
  const maxmem = 256 * N * r * p;
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, length, { N, r, p, maxmem }, (error, key) => {
      if (error) reject(error);
      else resolve(key);
    });
  });
}
