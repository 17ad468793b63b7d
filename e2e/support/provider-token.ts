import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { importJWK, type JWK, SignJWT } from 'jose';
import { e2eBaseUrl, e2eDataDir } from './server';

/**
 * An access token of the embedded identity provider for a person who has no account there, signed with the e2e
 * server's own provider key: Token/Exchange then creates that person as a Vatlas user, as on any first sign-in. It
 * gives a test a throw-away user without a password form (the provider has no sign-up page).
 */
export async function signProviderAccessToken(person: { subject: string; email: string }): Promise<string> {
  const jwks = JSON.parse(readFileSync(join(e2eDataDir, 'keys', 'idp-jwks.json'), 'utf8')) as { keys: JWK[] };
  const jwk = jwks.keys[0];
  if (!jwk?.kid) throw new Error('the e2e server has no provider signing key yet');
  const key = await importJWK(jwk, 'RS256');
  return new SignJWT({ email: person.email, scope: 'openid email profile', client_id: 'vatlas-web' })
    .setProtectedHeader({ alg: 'RS256', kid: jwk.kid, typ: 'at+jwt' })
    .setIssuer(`${e2eBaseUrl}/idp`)
    .setAudience('vatlas-api')
    .setSubject(person.subject)
    .setIssuedAt()
    .setExpirationTime('10m')
    .sign(key);
}
