import { ErrorResponse } from 'oidc-client-ts';
import { describe, expect, it } from 'vitest';
import { classifyProviderError, describeProviderFailure } from './provider-errors';

const oauthError = (error: string, description?: string) =>
  new ErrorResponse({ error, error_description: description ?? null });

describe('classifyProviderError', () => {
  it.each(['interaction_required', 'consent_required', 'login_required'])('%s needs interactive sign-in', (code) => {
    expect(classifyProviderError(oauthError(code))).toBe('interaction-required');
  });

  it('AADB2C90047 is the custom-UI error, even next to another code', () => {
    expect(classifyProviderError(oauthError('server_error', 'AADB2C90047: The resource contains script errors'))).toBe(
      'custom-ui-error',
    );
  });

  it('reads MSAL-style errorCode fields too', () => {
    expect(classifyProviderError({ errorCode: 'user_cancelled', message: 'User cancelled the flow.' })).toBe(
      'user-cancelled',
    );
    expect(classifyProviderError({ errorCode: 'interaction_in_progress' })).toBe('interaction-in-progress');
  });

  it('B2C cancel (access_denied + AADB2C90091) is user_cancelled', () => {
    expect(classifyProviderError(oauthError('access_denied', 'AADB2C90091: The user has cancelled'))).toBe(
      'user-cancelled',
    );
  });

  it('server_error is a server error, a failed fetch means unreachable, anything else is other', () => {
    expect(classifyProviderError(oauthError('server_error'))).toBe('server-error');
    expect(classifyProviderError(new TypeError('Failed to fetch'))).toBe('unreachable');
    expect(classifyProviderError(oauthError('invalid_grant'))).toBe('other');
    expect(classifyProviderError(new Error('login_required_extra'))).toBe('other');
  });

  it('maps to the spec §8 messages', () => {
    expect(describeProviderFailure('unreachable')).toEqual({ key: 'errors.authServiceUnreachable' });
    expect(describeProviderFailure('server-error')).toEqual({ key: 'errors.authFailed' });
    expect(describeProviderFailure('user-cancelled')).toEqual({ key: 'errors.authFailed' });
  });
});
