import { TOKEN_EXPIRY_MARGIN_MS } from './constants';

export type JwtClaims = Record<string, unknown> & { exp?: unknown };

function decodeBase64Url(segment: string): string {
  const base64 = segment.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
  const binary = atob(padded);
  const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

/** Reads the claims of a JWT without verifying it; undefined when it is not a three-part JWT with a JSON payload. */
export function readJwtClaims(token: string): JwtClaims | undefined {
  const parts = token.split('.');
  if (parts.length !== 3 || parts.some((part) => part.length === 0)) return undefined;
  try {
    const claims: unknown = JSON.parse(decodeBase64Url(parts[1] as string));
    return typeof claims === 'object' && claims !== null && !Array.isArray(claims) ? (claims as JwtClaims) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Spec §5: a token is valid when it is a three-part JWT with a numeric exp claim, and it counts
 * as expired 10 seconds before exp, so a request never leaves with a token that dies in flight.
 */
export function isTokenValid(token: string | null | undefined, now: Date = new Date()): boolean {
  if (!token) return false;
  const exp = readJwtClaims(token)?.exp;
  if (typeof exp !== 'number' || !Number.isFinite(exp)) return false;
  return exp * 1000 - TOKEN_EXPIRY_MARGIN_MS > now.getTime();
}

/** Milliseconds until the token counts as expired (negative when it already does); undefined when unreadable. */
export function msUntilTokenExpiry(token: string, now: Date = new Date()): number | undefined {
  const exp = readJwtClaims(token)?.exp;
  if (typeof exp !== 'number' || !Number.isFinite(exp)) return undefined;
  return exp * 1000 - TOKEN_EXPIRY_MARGIN_MS - now.getTime();
}
