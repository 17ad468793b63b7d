import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const INTERNAL_TOKEN_SECRET_FILE = 'internal-token-secret';

export function keysDirectory(dataDir: string): string {
  return join(dataDir, 'keys');
}

/**
 * The secret must outlive restarts, or every signed-in browser would be thrown out on each start.
 * Created once with mode 0600; never regenerated while the file exists.
 */
export function loadOrCreateInternalTokenSecret(dataDir: string): string {
  const directory = keysDirectory(dataDir);
  const path = join(directory, INTERNAL_TOKEN_SECRET_FILE);
  try {
    const existing = readFileSync(path, 'utf8').trim();
    if (existing.length >= 32) return existing;
    throw new Error(`${path} holds fewer than 32 characters: delete it to generate a new secret.`);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  mkdirSync(directory, { recursive: true, mode: 0o700 });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(path, `${secret}\n`, { mode: 0o600, flag: 'wx' });
  chmodSync(path, 0o600);
  return secret;
}
