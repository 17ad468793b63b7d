import { type MessageRef, message } from '../i18n/message';

/**
 * What the client does with a failure of the identity provider (spec §4, §8). oidc-client-ts puts the OAuth
 * code in `error` and B2C puts its AADB2C code in `error_description`; MSAL-style codes (user_cancelled,
 * interaction_in_progress) may arrive in `errorCode`. All are read, so one table serves both providers.
 */
export type ProviderFailure =
  | 'interaction-required'
  | 'custom-ui-error'
  | 'interaction-in-progress'
  | 'user-cancelled'
  | 'server-error'
  | 'unreachable'
  | 'other';

const INTERACTION_REQUIRED_CODES = ['interaction_required', 'consent_required', 'login_required'];
/** B2C: "the resource contains script errors" — the custom sign-in page is broken; cached state is suspect. */
export const CUSTOM_UI_ERROR_CODE = 'AADB2C90047';
/** B2C answers a press on "Cancel" with access_denied + AADB2C90091. */
const USER_CANCELLED_CODES = ['user_cancelled', 'AADB2C90091'];

function readCodes(error: unknown): string {
  if (typeof error !== 'object' || error === null) return typeof error === 'string' ? error : '';
  const record = error as Record<string, unknown>;
  return ['error', 'errorCode', 'error_description', 'message']
    .map((field) => record[field])
    .filter((value): value is string => typeof value === 'string')
    .join(' ');
}

const hasCode = (text: string, code: string) => new RegExp(`(^|[^A-Za-z0-9_])${code}($|[^A-Za-z0-9_])`).test(text);

export function classifyProviderError(error: unknown): ProviderFailure {
  const codes = readCodes(error);
  // The custom-UI code comes first: B2C sends it together with generic OAuth codes.
  if (hasCode(codes, CUSTOM_UI_ERROR_CODE)) return 'custom-ui-error';
  if (INTERACTION_REQUIRED_CODES.some((code) => hasCode(codes, code))) return 'interaction-required';
  if (hasCode(codes, 'interaction_in_progress')) return 'interaction-in-progress';
  if (USER_CANCELLED_CODES.some((code) => hasCode(codes, code))) return 'user-cancelled';
  if (hasCode(codes, 'server_error') || hasCode(codes, 'temporarily_unavailable')) return 'server-error';
  // fetch() rejects with a TypeError when the provider (its metadata, its token endpoint) cannot be reached.
  if (error instanceof TypeError) return 'unreachable';
  return 'other';
}

/** Spec §8: the message a provider failure shows. */
export function describeProviderFailure(failure: ProviderFailure): MessageRef {
  return failure === 'unreachable' ? message('errors.authServiceUnreachable') : message('errors.authFailed');
}
