import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { HttpError } from '../../plugins/errors';

export const INTERNAL_TOKEN_ISSUER = 'vatlas';
export const INTERNAL_TOKEN_AUDIENCE = 'vatlas';

export type InternalTokenSubject = {
  userId: string;
  tenantId: string;
  companyId: string | null;
  /** users.session_generation when issued (claim `gen`): LogOut increments it, revoking every older token. */
  generation: number;
};
export type IssuedInternalToken = { token: string; expiresAt: Date };
export type InternalTokenClaims = InternalTokenSubject & { expiresAt: Date };

export type InternalTokens = {
  issue(subject: InternalTokenSubject): Promise<IssuedInternalToken>;
  /** Throws a 401 HttpError for anything that is not a valid, unexpired internal token. */
  verify(token: string): Promise<InternalTokenClaims>;
};

export function createInternalTokens(options: {
  secret: string;
  ttlSeconds: number;
  now?: () => Date;
}): InternalTokens {
  const key = new TextEncoder().encode(options.secret);
  const now = options.now ?? (() => new Date());

  return {
    async issue(subject) {
      const issuedAt = Math.floor(now().getTime() / 1000);
      const expiresAtSeconds = issuedAt + options.ttlSeconds;
      const token = await new SignJWT({ tid: subject.tenantId, cid: subject.companyId, gen: subject.generation })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setIssuer(INTERNAL_TOKEN_ISSUER)
        .setAudience(INTERNAL_TOKEN_AUDIENCE)
        .setSubject(subject.userId)
        .setIssuedAt(issuedAt)
        .setExpirationTime(expiresAtSeconds)
        .sign(key);
      return { token, expiresAt: new Date(expiresAtSeconds * 1000) };
    },

    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, key, {
          issuer: INTERNAL_TOKEN_ISSUER,
          audience: INTERNAL_TOKEN_AUDIENCE,
          algorithms: ['HS256'],
          requiredClaims: ['exp', 'sub'],
          currentDate: now(),
        });
        const { sub, tid, cid, gen, exp } = payload;
        // A token without `gen` predates revocation and could never be revoked: refuse it.
        const isValidGeneration = typeof gen === 'number' && Number.isInteger(gen) && gen >= 0;
        if (
          typeof sub !== 'string' ||
          typeof tid !== 'string' ||
          (cid !== null && typeof cid !== 'string') ||
          !isValidGeneration
        ) {
          throw new HttpError(401, 'token_invalid', 'The session token is not valid.');
        }
        return {
          userId: sub,
          tenantId: tid,
          companyId: cid,
          generation: gen,
          expiresAt: new Date((exp as number) * 1000),
        };
      } catch (error) {
        if (error instanceof HttpError) throw error;
        if (error instanceof joseErrors.JWTExpired) {
          throw new HttpError(401, 'token_expired', 'The session token has expired.');
        }
        throw new HttpError(401, 'token_invalid', 'The session token is not valid.');
      }
    },
  };
}
