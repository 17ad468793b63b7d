import Provider, {
  type Account,
  type AccountClaims,
  type Configuration,
  errors,
  type Grant,
  type KoaContextWithOIDC,
} from 'oidc-provider';
import { renderErrorPage, renderSignedOutPage, renderSignOutPage } from './pages';
import { OidcPayloadAdapter } from './payload-adapter';
import { resolveLocale } from './texts';
import type { IdentityProviderOptions, IdpAccount } from './types';

export const OIDC_SCOPES = ['openid', 'profile', 'email', 'offline_access'] as const;

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const ACCESS_TOKEN_TTL = 10 * MINUTE;
const FOURTEEN_DAYS = 14 * DAY;

/** Settings derived once from the options and shared by the provider hooks and the plugin routes. */
export type ProviderSettings = {
  productName: string;
  homeUrl: string;
  formActionSources: string[];
};

export function deriveProviderSettings(options: IdentityProviderOptions): ProviderSettings {
  const origins = new Set(
    [...options.redirectUris, ...options.postLogoutRedirectUris].map((uri) => new URL(uri).origin),
  );
  return {
    productName: options.productName ?? 'Vatlas',
    homeUrl: options.publicUrl,
    formActionSources: [...origins],
  };
}

export function createProvider(options: IdentityProviderOptions, settings: ProviderSettings): Provider {
  const { apiResource, accounts, clientId } = options;
  const resourceScope = OIDC_SCOPES.join(' ');
  // Browsers send Origin even on same-origin POSTs, so the token endpoint must accept the SPA's origin.
  const allowedOrigins = new Set([new URL(options.publicUrl).origin, ...settings.formActionSources]);
  const cookieOptions = { httpOnly: true, sameSite: 'lax', secure: options.secureCookies, signed: true } as const;

  const configuration: Configuration = {
    adapter: (model: string) => new OidcPayloadAdapter(model, options.store),
    jwks: options.keys.jwks,
    cookies: { keys: options.keys.cookieKeys, long: cookieOptions, short: cookieOptions },
    clients: [
      {
        client_id: clientId,
        client_name: settings.productName,
        application_type: 'web',
        token_endpoint_auth_method: 'none',
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        redirect_uris: options.redirectUris,
        post_logout_redirect_uris: options.postLogoutRedirectUris,
        id_token_signed_response_alg: 'RS256',
      },
    ],
    scopes: [...OIDC_SCOPES],
    claims: {
      openid: ['sub'],
      profile: ['name', 'given_name', 'family_name'],
      email: ['email'],
    },
    // The access token is bound to the API, so the SPA cannot call userinfo with it; the ID token
    // therefore carries the profile claims itself.
    conformIdTokenClaims: false,
    pkce: { required: () => true },
    clientBasedCORS: (_ctx, origin) => allowedOrigins.has(origin),
    findAccount: async (_ctx, sub) => {
      const account = await accounts.findAccountById(sub);
      return account ? toOidcAccount(account) : undefined;
    },
    extraTokenClaims: async (_ctx, token) => {
      if (!('accountId' in token) || !token.accountId) return undefined;
      const account = await accounts.findAccountById(token.accountId);
      return account ? toProfileClaims(account) : undefined;
    },
    // Vatlas's own SPA renews its session with refresh tokens, never with hidden iframes.
    issueRefreshToken: async (_ctx, client) => client.clientId === clientId && client.grantTypeAllowed('refresh_token'),
    loadExistingGrant: async (ctx) => {
      const grantId =
        ctx.oidc.result?.consent?.grantId ??
        (ctx.oidc.client && ctx.oidc.session?.grantIdFor(ctx.oidc.client.clientId));
      const existing = grantId ? await ctx.oidc.provider.Grant.find(grantId) : undefined;
      if (ctx.oidc.client?.clientId !== clientId) return existing;
      // Vatlas's own client never sees a consent screen: whatever it asks for is granted.
      return grantRequestedAccess(ctx, existing);
    },
    features: {
      devInteractions: { enabled: false },
      revocation: { enabled: true },
      resourceIndicators: {
        enabled: true,
        defaultResource: async (_ctx, _client, oneOf) => {
          if (!oneOf) return apiResource.indicator;
          return oneOf.includes(apiResource.indicator) ? apiResource.indicator : oneOf;
        },
        useGrantedResource: async () => true,
        getResourceServerInfo: async (_ctx, indicator) => {
          if (indicator !== apiResource.indicator) throw new errors.InvalidTarget();
          return {
            scope: resourceScope,
            audience: apiResource.audience,
            accessTokenFormat: 'jwt',
            accessTokenTTL: ACCESS_TOKEN_TTL,
            jwt: { sign: { alg: 'RS256' } },
          };
        },
      },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: async (ctx) => {
          const page = renderSignOutPage({
            ...pageContext(ctx, settings),
            action: ctx.oidc.urlFor('end_session_confirm'),
            xsrf: String(ctx.oidc.session?.state?.secret ?? ''),
          });
          sendPage(ctx, page);
        },
        postLogoutSuccessSource: async (ctx) => {
          sendPage(ctx, renderSignedOutPage({ ...pageContext(ctx, settings), homeUrl: settings.homeUrl }));
        },
      },
    },
    interactions: {
      url: (_ctx, interaction) =>
        `${new URL(options.issuer).pathname.replace(/\/$/, '')}/interaction/${interaction.uid}`,
    },
    renderError: async (ctx, out) => {
      const page = renderErrorPage({
        ...pageContext(ctx, settings),
        homeUrl: settings.homeUrl,
        errorCode: out.error,
        isSessionExpired: out.error === 'session_not_found' || out.error === 'invalid_request_expired',
      });
      sendPage(ctx, page);
    },
    ttl: {
      AccessToken: ACCESS_TOKEN_TTL,
      AuthorizationCode: MINUTE,
      IdToken: HOUR,
      RefreshToken: (ctx, token, client) => {
        // A rotated refresh token of a public client keeps the remaining lifetime of the one it
        // replaces, so a stolen token cannot be renewed forever.
        const rotated = ctx?.oidc?.entities.RotatedRefreshToken;
        if (rotated && client.clientAuthMethod === 'none' && !token.isSenderConstrained()) {
          return rotated.remainingTTL;
        }
        return FOURTEEN_DAYS;
      },
      Session: FOURTEEN_DAYS,
      Grant: FOURTEEN_DAYS,
      Interaction: HOUR,
    },
  };

  const provider = new Provider(options.issuer, configuration);
  provider.proxy = options.trustProxy ?? false;
  return provider;
}

/**
 * Creates or extends the grant so that it covers every requested scope, claim and resource scope.
 * Saves the grant only when it changed.
 */
async function grantRequestedAccess(ctx: KoaContextWithOIDC, existing: Grant | undefined): Promise<Grant> {
  const { oidc } = ctx;
  const accountId = oidc.session?.accountId;
  const client = oidc.client;
  if (!accountId || !client) throw new Error('a signed-in session and a client are needed to grant access');

  const grant = existing ?? new oidc.provider.Grant({ accountId, clientId: client.clientId });
  let hasChanged = !existing;

  const grantedOidcScopes = new Set(grant.getOIDCScope().split(' '));
  const missingOidcScopes = [...oidc.requestParamOIDCScopes].filter((scope) => !grantedOidcScopes.has(scope));
  if (missingOidcScopes.length > 0) {
    grant.addOIDCScope(missingOidcScopes.join(' '));
    hasChanged = true;
  }

  const grantedClaims = new Set(grant.getOIDCClaims());
  const missingClaims = [...oidc.requestParamClaims].filter((claim) => !grantedClaims.has(claim));
  if (missingClaims.length > 0) {
    grant.addOIDCClaims(missingClaims);
    hasChanged = true;
  }

  for (const [indicator, resourceServer] of Object.entries(oidc.resourceServers ?? {})) {
    const grantedResourceScopes = new Set(grant.getResourceScope(indicator).split(' '));
    const missingResourceScopes = [...oidc.requestParamScopes].filter(
      (scope) => resourceServer.scopes.has(scope) && !grantedResourceScopes.has(scope),
    );
    if (missingResourceScopes.length > 0) {
      grant.addResourceScope(indicator, missingResourceScopes.join(' '));
      hasChanged = true;
    }
  }

  if (hasChanged) await grant.save();
  return grant;
}

function toOidcAccount(account: IdpAccount): Account {
  return {
    accountId: account.id,
    claims: (): AccountClaims => {
      const profile = toProfileClaims(account);
      const name = [account.givenName, account.familyName].filter(Boolean).join(' ');
      return { sub: account.id, ...profile, ...(name ? { name } : {}) };
    },
  };
}

/** Unknown names are left out rather than sent as null, as OpenID Connect expects. */
function toProfileClaims(account: IdpAccount): Record<string, string> {
  return {
    email: account.email,
    ...(account.givenName ? { given_name: account.givenName } : {}),
    ...(account.familyName ? { family_name: account.familyName } : {}),
  };
}

function pageContext(ctx: KoaContextWithOIDC, settings: ProviderSettings) {
  // renderError can run before oidc-provider has parsed the request, so `oidc` may be missing.
  const params = (ctx.oidc as Partial<KoaContextWithOIDC['oidc']> | undefined)?.params;
  return {
    locale: resolveLocale(params?.ui_locales),
    productName: settings.productName,
    formActionSources: settings.formActionSources,
  };
}

function sendPage(ctx: KoaContextWithOIDC, page: { html: string; contentSecurityPolicy: string }): void {
  ctx.type = 'html';
  ctx.set('content-security-policy', page.contentSecurityPolicy);
  ctx.set('cache-control', 'no-store');
  ctx.body = page.html;
}
