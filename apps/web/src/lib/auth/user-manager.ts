import type { ClientConfig } from '@vatlas/contract';
import { UserManager, type UserManagerSettings, WebStorageStateStore } from 'oidc-client-ts';

/** The part of oidc-client-ts the app uses; tests pass a fake of this shape. */
export type ProviderClient = Pick<
  UserManager,
  | 'getUser'
  | 'signinRedirect'
  | 'signinRedirectCallback'
  | 'signinSilent'
  | 'signoutRedirect'
  | 'removeUser'
  | 'clearStaleState'
>;

export function buildUserManagerSettings(config: ClientConfig, origin: string): UserManagerSettings {
  return {
    authority: config.auth.authority,
    client_id: config.auth.clientId,
    redirect_uri: `${origin}${config.auth.redirectPath}`,
    post_logout_redirect_uri: `${origin}${config.auth.postLogoutRedirectPath}`,
    // Authorization code; oidc-client-ts adds PKCE on its own.
    response_type: 'code',
    scope: config.auth.scope,
    extraQueryParams: config.auth.extraQueryParams,
    // Local storage so a reload (or a new tab) keeps the provider session and its refresh token.
    userStore: new WebStorageStateStore({ store: window.localStorage }),
    // Renewal uses the refresh token only: no silent_redirect_uri, because hidden-iframe renewal
    // fails where third-party cookies are blocked (architecture.md). Not automatic either: the provider
    // rotates refresh tokens and revokes the grant when a spent one is reused, so every renewal goes
    // through the one serialised path of provider-session.ts (spec §9: every 5 minutes, and on demand).
    automaticSilentRenew: false,
    monitorSession: false,
  };
}

export function createUserManager(config: ClientConfig, origin: string): UserManager {
  return new UserManager(buildUserManagerSettings(config, origin));
}
