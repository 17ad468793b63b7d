import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { decodeJwt, SignJWT } from 'jose';
import { e2eDataDir } from './server';

/**
 * A copy of a real internal token that expired a minute ago, signed with the e2e server's own secret: what a
 * browser holds after its token ran out, so the server's genuine 401 `token_expired` answer can be provoked.
 */
export async function expireInternalToken(token: string): Promise<string> {
  const secret = readFileSync(join(e2eDataDir, 'keys', 'internal-token-secret'), 'utf8').trim();
  const claims = decodeJwt(token);
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ tid: claims.tid, cid: claims.cid, gen: claims.gen })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuer('vatlas')
    .setAudience('vatlas')
    .setSubject(String(claims.sub))
    .setIssuedAt(now - 3600)
    .setExpirationTime(now - 60)
    .sign(new TextEncoder().encode(secret));
}
