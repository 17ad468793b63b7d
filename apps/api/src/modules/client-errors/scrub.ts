/**
 * What the browser reports is written by code we do not control (error messages may quote form input, URLs
 * carry sign-in codes), so the obvious personal data and credentials are masked before anything is stored.
 */

const EMAIL_PATTERN = /[\p{L}\p{N}._%+-]+@[\p{L}\p{N}.-]+\.[\p{L}]{2,}/gu;
// Three base64url segments starting like a JSON header: internal tokens, provider tokens, id tokens.
const JWT_PATTERN = /eyJ[\w-]{5,}\.[\w-]{5,}\.[\w-]*/g;
const BEARER_PATTERN = /\b(Bearer)\s+[\w.~+/=-]{8,}/gi;
/** Query parameters that carry credentials or sign-in state (OAuth code/state, tokens) or addresses. */
const SENSITIVE_QUERY_KEYS = new Set([
  'code',
  'state',
  'session_state',
  'token',
  'access_token',
  'id_token',
  'refresh_token',
  'client_secret',
  'password',
  'email',
  'login_hint',
]);

export function scrubText(text: string): string {
  return text.replace(JWT_PATTERN, '[token]').replace(BEARER_PATTERN, '$1 [token]').replace(EMAIL_PATTERN, '[email]');
}

/** Masks credential-bearing query parameters and the fragment (implicit-flow tokens live there). */
export function scrubUrl(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url, 'http://relative.invalid');
  } catch {
    return scrubText(url);
  }
  for (const key of [...parsed.searchParams.keys()]) {
    if (SENSITIVE_QUERY_KEYS.has(key.toLowerCase())) parsed.searchParams.set(key, 'redacted');
  }
  if (parsed.hash) parsed.hash = '#redacted';
  const isRelative = parsed.origin === 'http://relative.invalid';
  const rebuilt = isRelative ? `${parsed.pathname}${parsed.search}${parsed.hash}` : parsed.toString();
  return scrubText(rebuilt);
}

/** Cuts on a code point boundary so a stored text never ends in half a surrogate pair. */
export function truncate(text: string, maxLength: number): string {
  if (text.length <= maxLength) return text;
  const cut = text.slice(0, maxLength);
  return /[\uD800-\uDBFF]$/.test(cut) ? cut.slice(0, -1) : cut;
}
