import { type JWTPayload, type JWTVerifyGetKey, errors as joseErrors, jwtVerify } from 'jose';
import { HttpError } from '../../plugins/errors';

export type ProviderIdentity = {
  issuer: string;
  subject: string;
  email: string | null;
  givenName: string | null;
  familyName: string | null;
  /** The token's own id (`jti`, or Microsoft Entra's `uti`): the same on every exchange of one token, else null. */
  tokenId: string | null;
};

export type AccessTokenVerifier = {
  /** Throws a 401 HttpError with a specific code when the token is not a valid provider access token. */
  verify(token: string): Promise<ProviderIdentity>;
};

/** Asymmetric only: `none` and HS* would let anyone who knows (or guesses) a shared secret mint tokens. */
export const PROVIDER_TOKEN_ALGORITHMS = ['RS256', 'ES256', 'PS256'];

function optionalString(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value : null;
}

function readEmail(payload: JWTPayload): string | null {
  const direct = optionalString(payload.email);
  if (direct) return direct;
  // Azure AD B2C sends the addresses as an `emails` array.
  const list = payload.emails;
  return Array.isArray(list) ? optionalString(list[0]) : null;
}

function isAccessToken(payload: JWTPayload): boolean {
  // ID tokens carry nonce/at_hash and no scope; accepting one would let any client that obtained
  // an ID token for the SPA call the API.
  if ('nonce' in payload || 'at_hash' in payload) return false;
  return typeof payload.scope === 'string' || typeof payload.scp === 'string' || Array.isArray(payload.scp);
}

function toHttpError(error: unknown): HttpError {
  if (error instanceof HttpError) return error;
  if (error instanceof joseErrors.JWTExpired) {
    return new HttpError(401, 'token_expired', 'The access token has expired: sign in again.');
  }
  if (error instanceof joseErrors.JWTClaimValidationFailed) {
    if (error.claim === 'iss') {
      return new HttpError(
        401,
        'token_wrong_issuer',
        'The access token was issued by an identity provider this API does not trust.',
      );
    }
    if (error.claim === 'aud') {
      return new HttpError(
        401,
        'token_wrong_audience',
        'The access token was not issued for this API (wrong audience).',
      );
    }
    return new HttpError(401, 'token_invalid', `The access token is missing a valid "${error.claim}" claim.`);
  }
  if (error instanceof joseErrors.JOSEAlgNotAllowed) {
    return new HttpError(
      401,
      'token_algorithm_not_allowed',
      'The access token is signed with an algorithm this API refuses.',
    );
  }
  if (error instanceof joseErrors.JWSSignatureVerificationFailed || error instanceof joseErrors.JWKSNoMatchingKey) {
    return new HttpError(401, 'token_invalid', 'The access token signature is not valid.');
  }
  if (error instanceof joseErrors.JWSInvalid || error instanceof joseErrors.JWTInvalid) {
    return new HttpError(401, 'token_malformed', 'The access token is not a well-formed JWT.');
  }
  if (error instanceof joseErrors.JWKSTimeout || error instanceof joseErrors.JWKSInvalid) {
    return new HttpError(
      503,
      'identity_provider_unavailable',
      'The identity provider keys could not be loaded. Try again shortly.',
    );
  }
  if (error instanceof joseErrors.JOSEError) {
    return new HttpError(401, 'token_invalid', 'The access token is not valid.');
  }
  // Fetching a remote JWKS can fail with a plain network error.
  return new HttpError(
    503,
    'identity_provider_unavailable',
    'The identity provider keys could not be loaded. Try again shortly.',
  );
}

export function createAccessTokenVerifier(options: {
  issuer: string;
  audience: string;
  jwks: JWTVerifyGetKey;
}): AccessTokenVerifier {
  return {
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, options.jwks, {
          issuer: options.issuer,
          audience: options.audience,
          algorithms: PROVIDER_TOKEN_ALGORITHMS,
          requiredClaims: ['exp', 'sub'],
        });
        if (!isAccessToken(payload)) {
          throw new HttpError(
            401,
            'token_not_access_token',
            'This is not an access token (an ID token perhaps): send the access token issued for the API.',
          );
        }
        return {
          issuer: options.issuer,
          subject: payload.sub as string,
          email: readEmail(payload),
          givenName: optionalString(payload.given_name),
          familyName: optionalString(payload.family_name),
          tokenId: optionalString(payload.jti) ?? optionalString(payload.uti),
        };
      } catch (error) {
        throw toHttpError(error);
      }
    },
  };
}
