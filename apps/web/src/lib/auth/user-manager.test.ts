import type { ClientConfig } from '@vatlas/contract';
import { WebStorageStateStore } from 'oidc-client-ts';
import { describe, expect, it } from 'vitest';
import { buildUserManagerSettings } from './user-manager';

const config: ClientConfig = {
  environment: 'development',
  auth: {
    provider: 'embedded',
    authority: 'http://localhost:3000/idp',
    clientId: 'vatlas-web',
    scope: 'openid profile email offline_access',
    redirectPath: '/login',
    postLogoutRedirectPath: '/login',
    extraQueryParams: { resource: 'http://localhost:3000/api' },
  },
  features: { useB2CAuth: false, questionnaireV2: true, addressSuggestions: false },
};

describe('buildUserManagerSettings', () => {
  const settings = buildUserManagerSettings(config, 'http://localhost:3000');

  it('asks for an authorization code (PKCE) with the configured client, scope and extra parameters', () => {
    expect(settings).toMatchObject({
      authority: 'http://localhost:3000/idp',
      client_id: 'vatlas-web',
      redirect_uri: 'http://localhost:3000/login',
      post_logout_redirect_uri: 'http://localhost:3000/login',
      response_type: 'code',
      scope: 'openid profile email offline_access',
      extraQueryParams: { resource: 'http://localhost:3000/api' },
    });
  });

  it('renews only through the app (refresh token, serialised): no automatic renewal, no iframe, no monitor', () => {
    expect(settings.automaticSilentRenew).toBe(false);
    expect(settings.silent_redirect_uri).toBeUndefined();
    expect(settings.monitorSession).toBe(false);
  });

  it('keeps the provider session in local storage so a reload keeps it', () => {
    expect(settings.userStore).toBeInstanceOf(WebStorageStateStore);
    const store = settings.userStore as unknown as { _store: Storage };
    expect(store._store).toBe(window.localStorage);
  });
});
