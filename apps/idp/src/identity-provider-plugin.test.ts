import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { createRemoteJWKSet, decodeProtectedHeader, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BrowserResponse, createTestBrowser } from './http-client.test-helper';
import { identityProviderPlugin } from './identity-provider-plugin';
import { createInMemoryAccountStore, createInMemoryPayloadStore } from './in-memory-stores.test-helper';
import { loadOrCreateIdpKeys } from './keys';

const ACCOUNT = {
  id: '5b0e0f5e-2a47-4c59-9f1e-0d8f2f7d2a10',
  email: 'seller@vatlas.test',
  givenName: 'Sela',
  familyName: 'Seller',
  password: 'vatlas-demo',
};
const SCOPE = 'openid profile email offline_access';

let app: FastifyInstance;
let keyDir: string;
let publicUrl: string;
let issuer: string;
let redirectUri: string;
const store = createInMemoryPayloadStore();

beforeAll(async () => {
  const port = await findFreePort();
  publicUrl = `http://127.0.0.1:${port}`;
  issuer = `${publicUrl}/idp`;
  redirectUri = `${publicUrl}/login`;
  keyDir = await mkdtemp(join(tmpdir(), 'vatlas-idp-flow-'));

  app = Fastify({ logger: false });
  await app.register(identityProviderPlugin, {
    issuer,
    publicUrl,
    clientId: 'vatlas-web',
    redirectUris: [redirectUri],
    postLogoutRedirectUris: [redirectUri],
    apiResource: { indicator: `${publicUrl}/api`, audience: 'vatlas-api' },
    keys: await loadOrCreateIdpKeys(keyDir),
    accounts: await createInMemoryAccountStore([ACCOUNT]),
    store,
    secureCookies: false,
  });
  // A JSON route beside the provider proves the plugin's body handling stays encapsulated.
  app.post('/api/echo', async (request) => request.body);
  await app.listen({ port, host: '127.0.0.1' });
});

afterAll(async () => {
  await app?.close();
  await rm(keyDir, { recursive: true, force: true });
});

describe('identityProviderPlugin', () => {
  it('publishes discovery and the JWKS under the issuer path', async () => {
    const response = await fetch(`${issuer}/.well-known/openid-configuration`);
    const discovery = (await response.json()) as Record<string, unknown>;

    expect(response.status).toBe(200);
    expect(discovery).toMatchObject({
      issuer,
      authorization_endpoint: `${issuer}/auth`,
      token_endpoint: `${issuer}/token`,
      jwks_uri: `${issuer}/jwks`,
      end_session_endpoint: `${issuer}/session/end`,
      code_challenge_methods_supported: ['S256'],
    });
    const jwks = (await (await fetch(`${issuer}/jwks`)).json()) as { keys: Record<string, unknown>[] };
    expect(jwks.keys).toHaveLength(1);
    expect(jwks.keys[0]).not.toHaveProperty('d');
  });

  it('signs in with a password, skips consent and issues API access tokens and refresh tokens', async () => {
    const browser = createTestBrowser();
    const pkce = createPkce();

    const authorization = await browser.request(authorizationUrl(pkce.challenge));
    expect(authorization.status).toBe(303);
    expect(authorization.location).toMatch(new RegExp(`^${escapeRegExp(issuer)}/interaction/[\\w-]+$`));

    const loginPage = await browser.request(requireLocation(authorization));
    expect(loginPage.status).toBe(200);
    expect(loginPage.headers.get('content-type')).toMatch(/^text\/html/);
    expect(loginPage.body).toContain('<html lang="en">');
    expect(loginPage.body).toContain('<h1>Sign in to Vatlas</h1>');
    expect(loginPage.body).toContain('<label for="email">Email</label>');
    expect(loginPage.body).toContain('<label for="password">Password</label>');
    expect(loginPage.body).toContain('<button type="submit">Sign in</button>');
    expect(loginPage.body).not.toContain('role="alert"');
    expect(loginPage.headers.get('content-security-policy')).toMatch(/default-src 'none'; style-src 'sha256-/);
    const action = new URL(extractFormAction(loginPage.body), loginPage.url).href;
    expect(action).toBe(`${requireLocation(authorization)}/login`);

    const wrongAttempt = await browser.request(action, {
      form: { email: ACCOUNT.email, password: 'not-the-password' },
    });
    expect(wrongAttempt.status).toBe(401);
    expect(wrongAttempt.location).toBeNull();
    expect(wrongAttempt.body).toContain('role="alert"');
    expect(wrongAttempt.body).toContain('Incorrect email or password.');
    expect(wrongAttempt.body).toContain(`value="${ACCOUNT.email}"`);
    expect(browser.cookies.size).toBeGreaterThan(0);
    expect([...store.records.values()].some((record) => record.model === 'Session')).toBe(false);

    const rightAttempt = await browser.request(action, {
      form: { email: ACCOUNT.email.toUpperCase(), password: ACCOUNT.password },
    });
    expect(rightAttempt.status).toBe(303);

    const callback = await followRedirectsToClient(browser, rightAttempt);
    expect(callback.searchParams.get('state')).toBe('state-1');
    expect(callback.searchParams.get('iss')).toBe(issuer);
    const code = callback.searchParams.get('code');
    expect(code).toBeTruthy();

    const tokens = await requestTokens({
      grant_type: 'authorization_code',
      code: code ?? '',
      redirect_uri: redirectUri,
      code_verifier: pkce.verifier,
      client_id: 'vatlas-web',
    });
    expect(tokens.status).toBe(200);
    expect(tokens.body.token_type).toBe('Bearer');
    expect(tokens.body.expires_in).toBe(600);
    expect(typeof tokens.body.refresh_token).toBe('string');

    const jwks = createRemoteJWKSet(new URL(`${issuer}/jwks`));
    const accessToken = await jwtVerify(String(tokens.body.access_token), jwks, {
      issuer,
      audience: 'vatlas-api',
      algorithms: ['RS256'],
    });
    expect(accessToken.protectedHeader.typ).toBe('at+jwt');
    expect(accessToken.payload).toMatchObject({
      sub: ACCOUNT.id,
      client_id: 'vatlas-web',
      email: ACCOUNT.email,
      given_name: ACCOUNT.givenName,
      family_name: ACCOUNT.familyName,
    });
    // offline_access governs the refresh token; oidc-provider leaves it out of the access token's scope.
    expect(String(accessToken.payload.scope).split(' ').sort()).toEqual(['email', 'openid', 'profile']);
    expect((accessToken.payload.exp ?? 0) - (accessToken.payload.iat ?? 0)).toBe(600);

    const idToken = await jwtVerify(String(tokens.body.id_token), jwks, { issuer, audience: 'vatlas-web' });
    expect(idToken.payload).toMatchObject({
      sub: ACCOUNT.id,
      nonce: 'nonce-1',
      email: ACCOUNT.email,
      given_name: ACCOUNT.givenName,
      family_name: ACCOUNT.familyName,
      name: 'Sela Seller',
    });

    // Everything the provider keeps went through the payload store.
    expect(storedModels()).toEqual(expect.arrayContaining(['Session', 'Grant', 'RefreshToken', 'AuthorizationCode']));

    const refreshed = await refresh(tokens.body.refresh_token);
    expect(refreshed.status).toBe(200);
    expect(decodeProtectedHeader(String(refreshed.body.access_token)).typ).toBe('at+jwt');
    const refreshedAccessToken = await jwtVerify(String(refreshed.body.access_token), jwks, {
      issuer,
      audience: 'vatlas-api',
    });
    expect(refreshedAccessToken.payload).toMatchObject({
      sub: ACCOUNT.id,
      client_id: 'vatlas-web',
      email: ACCOUNT.email,
    });
    expect(refreshed.body.refresh_token).not.toBe(tokens.body.refresh_token);

    const refreshedAgain = await refresh(refreshed.body.refresh_token);
    expect(refreshedAgain.status).toBe(200);
    await expect(
      jwtVerify(String(refreshedAgain.body.access_token), jwks, { issuer, audience: 'vatlas-api' }),
    ).resolves.toBeTruthy();

    // Public clients rotate refresh tokens: presenting a spent one is treated as theft and ends the grant.
    expect((await refresh(tokens.body.refresh_token)).status).toBe(400);
    expect((await refresh(refreshedAgain.body.refresh_token)).status).toBe(400);
    expect(storedModels()).not.toContain('Grant');
  });

  it('treats a replayed authorization code as an attack and revokes what it issued', async () => {
    const browser = createTestBrowser();
    const pkce = createPkce();
    const callback = await signIn(browser, authorizationUrl(pkce.challenge));
    const form = {
      grant_type: 'authorization_code',
      code: callback.searchParams.get('code') ?? '',
      redirect_uri: redirectUri,
      code_verifier: pkce.verifier,
      client_id: 'vatlas-web',
    };
    const tokens = await requestTokens(form);
    expect(tokens.status).toBe(200);

    const replay = await requestTokens(form);
    expect(replay.status).toBe(400);
    expect(replay.body.error).toBe('invalid_grant');
    expect((await refresh(tokens.body.refresh_token)).status).toBe(400);
  });

  it('reuses the signed-in session for a second authorization without any page', async () => {
    const browser = createTestBrowser();
    const first = createPkce();
    const firstCallback = await signIn(browser, authorizationUrl(first.challenge));
    expect(firstCallback.searchParams.get('code')).toBeTruthy();

    const second = createPkce();
    const again = await browser.request(authorizationUrl(second.challenge));
    const callback = await followRedirectsToClient(browser, again);
    expect(callback.searchParams.get('code')).toBeTruthy();
  });

  it('grants an explicitly requested consent prompt by itself, without a page', async () => {
    const browser = createTestBrowser();
    await signIn(browser, authorizationUrl(createPkce().challenge));

    const pkce = createPkce();
    const forced = await browser.request(`${authorizationUrl(pkce.challenge)}&prompt=consent`);
    expect(forced.location).toMatch(/\/interaction\//);
    const interaction = await browser.request(requireLocation(forced));
    expect(interaction.status).toBe(303);
    expect(interaction.body).toBe('');

    const callback = await followRedirectsToClient(browser, interaction);
    const tokens = await exchangeCode(callback, pkce.verifier);
    expect(tokens.status).toBe(200);
    expect(typeof tokens.body.refresh_token).toBe('string');
  });

  it('still issues a refresh token when prompt=login drops offline_access from the request', async () => {
    const browser = createTestBrowser();
    const pkce = createPkce();
    const callback = await signIn(browser, `${authorizationUrl(pkce.challenge)}&prompt=login`);
    const tokens = await exchangeCode(callback, pkce.verifier);

    expect(tokens.status).toBe(200);
    expect(String(tokens.body.scope).split(' ')).not.toContain('offline_access');
    expect(typeof tokens.body.refresh_token).toBe('string');
    expect((await refresh(tokens.body.refresh_token)).status).toBe(200);
  });

  it('shows the sign-in page in German for ui_locales=de', async () => {
    const browser = createTestBrowser();
    const { challenge } = createPkce();
    const authorization = await browser.request(`${authorizationUrl(challenge)}&ui_locales=de-DE%20en`);
    const page = await browser.request(requireLocation(authorization));

    expect(page.body).toContain('<html lang="de">');
    expect(page.body).toContain('<h1>Bei Vatlas anmelden</h1>');
    expect(page.body).toContain('<label for="email">E-Mail</label>');
    expect(page.body).toContain('<label for="password">Passwort</label>');
    expect(page.body).toContain('<button type="submit">Anmelden</button>');

    const failed = await browser.request(`${requireLocation(authorization)}/login`, {
      form: { email: '"><script>alert(1)</script>', password: 'x' },
    });
    expect(failed.status).toBe(401);
    expect(failed.body).toContain('E-Mail oder Passwort ist falsch.');
    expect(failed.body).not.toContain('<script>alert(1)</script>');
    expect(failed.body).toContain('value="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;"');
  });

  it('answers an unknown or expired interaction with the error page, signing no one in', async () => {
    const browser = createTestBrowser();
    const page = await browser.request(`${issuer}/interaction/unknown-uid`);
    expect(page.status).toBe(400);
    expect(page.body).toContain('Your sign-in session has expired');

    const post = await browser.request(`${issuer}/interaction/unknown-uid/login`, {
      form: { email: ACCOUNT.email, password: ACCOUNT.password },
    });
    expect(post.status).toBe(400);
    expect(post.location).toBeNull();
  });

  it('refuses an oversized sign-in form with the error page', async () => {
    const browser = createTestBrowser();
    const authorization = await browser.request(authorizationUrl(createPkce().challenge));
    const response = await browser.request(`${requireLocation(authorization)}/login`, {
      form: { email: ACCOUNT.email, password: 'x'.repeat(20_000) },
    });

    expect(response.status).toBe(413);
    expect(response.body).toContain('<h1>Something went wrong</h1>');
  });

  it('renders provider errors in the Vatlas look without internals', async () => {
    const response = await fetch(`${issuer}/auth?client_id=unknown-client&response_type=code&scope=openid`);
    const body = await response.text();

    expect(response.status).toBe(400);
    expect(body).toContain('<h1>Something went wrong</h1>');
    expect(body).toContain('invalid_client');
    expect(body).not.toMatch(/at .*\.js:\d+/);
    expect(response.headers.get('content-security-policy')).toContain("default-src 'none'");
  });

  it('signs out through an auto-submitting page and revokes the refresh token', async () => {
    const browser = createTestBrowser();
    const pkce = createPkce();
    const callback = await signIn(browser, authorizationUrl(pkce.challenge));
    const tokens = await requestTokens({
      grant_type: 'authorization_code',
      code: callback.searchParams.get('code') ?? '',
      redirect_uri: redirectUri,
      code_verifier: pkce.verifier,
      client_id: 'vatlas-web',
    });

    const logoutUrl = new URL(`${issuer}/session/end`);
    logoutUrl.searchParams.set('id_token_hint', String(tokens.body.id_token));
    logoutUrl.searchParams.set('post_logout_redirect_uri', redirectUri);
    const page = await browser.request(logoutUrl);
    expect(page.status).toBe(200);
    expect(page.body).toContain('Signing you out…');
    expect(page.body).toContain('<noscript>');
    const script = /<script>([^<]*)<\/script>/.exec(page.body)?.[1] ?? '';
    const scriptHash = createHash('sha256').update(script).digest('base64');
    expect(page.headers.get('content-security-policy')).toContain(`script-src 'sha256-${scriptHash}'`);

    const xsrf = /name="xsrf" value="([^"]+)"/.exec(page.body)?.[1] ?? '';
    const confirmed = await browser.request(new URL(extractFormAction(page.body), page.url), {
      form: { xsrf, logout: 'yes' },
    });
    expect(confirmed.status).toBe(303);
    expect(confirmed.location).toBe(redirectUri);

    const refreshAfterLogout = await requestTokens({
      grant_type: 'refresh_token',
      refresh_token: String(tokens.body.refresh_token),
      client_id: 'vatlas-web',
    });
    expect(refreshAfterLogout.status).toBe(400);

    // The session is gone, so a new authorization asks for the password again.
    const again = await browser.request(authorizationUrl(createPkce().challenge));
    expect(again.location).toMatch(/\/interaction\//);
  });

  it('accepts token requests from the SPA origin only', async () => {
    const fromOrigin = (origin: string) =>
      fetch(`${issuer}/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin },
        body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: 'unknown', client_id: 'vatlas-web' }),
      });

    const own = await fromOrigin(publicUrl);
    expect(own.headers.get('access-control-allow-origin')).toBe(publicUrl);
    expect(((await own.json()) as { error: string }).error).toBe('invalid_grant');

    const foreign = await fromOrigin('https://evil.example');
    expect(foreign.headers.get('access-control-allow-origin')).toBeNull();
    expect(((await foreign.json()) as { error: string }).error).toBe('invalid_request');
  });

  it('leaves JSON body parsing of the rest of the app alone', async () => {
    const response = await fetch(`${publicUrl}/api/echo`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ok: true }),
    });

    expect(await response.json()).toEqual({ ok: true });
  });
});

function storedModels(): string[] {
  return [...new Set([...store.records.values()].map((record) => record.model))];
}

function authorizationUrl(codeChallenge: string): string {
  const url = new URL(`${issuer}/auth`);
  url.search = new URLSearchParams({
    client_id: 'vatlas-web',
    response_type: 'code',
    scope: SCOPE,
    redirect_uri: redirectUri,
    code_challenge: codeChallenge,
    code_challenge_method: 'S256',
    state: 'state-1',
    nonce: 'nonce-1',
  }).toString();
  return url.href;
}

async function signIn(browser: ReturnType<typeof createTestBrowser>, url: string): Promise<URL> {
  const authorization = await browser.request(url);
  const interaction = requireLocation(authorization);
  const login = await browser.request(`${interaction}/login`, {
    form: { email: ACCOUNT.email, password: ACCOUNT.password },
  });
  expect(login.status).toBe(303);
  return followRedirectsToClient(browser, login);
}

/** Follows redirects to the client's redirect_uri; any page on the way (a consent screen) fails. */
async function followRedirectsToClient(
  browser: ReturnType<typeof createTestBrowser>,
  start: BrowserResponse,
): Promise<URL> {
  let response = start;
  for (let hop = 0; hop < 10; hop += 1) {
    const location = requireLocation(response);
    if (location.startsWith(`${redirectUri}?`)) return new URL(location);
    expect(location).not.toMatch(/\/interaction\//);
    response = await browser.request(location);
  }
  throw new Error('too many redirects');
}

function requireLocation(response: BrowserResponse): string {
  if (!response.location) {
    throw new Error(`expected a redirect, got ${response.status}: ${response.body.slice(0, 300)}`);
  }
  return response.location;
}

function exchangeCode(callback: URL, codeVerifier: string) {
  return requestTokens({
    grant_type: 'authorization_code',
    code: callback.searchParams.get('code') ?? '',
    redirect_uri: redirectUri,
    code_verifier: codeVerifier,
    client_id: 'vatlas-web',
  });
}

function refresh(refreshToken: unknown) {
  return requestTokens({ grant_type: 'refresh_token', refresh_token: String(refreshToken), client_id: 'vatlas-web' });
}

async function requestTokens(form: Record<string, string>) {
  const response = await fetch(`${issuer}/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

function createPkce() {
  const verifier = randomBytes(32).toString('base64url');
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  return { verifier, challenge };
}

function extractFormAction(html: string): string {
  const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
  if (!action) throw new Error('no form in page');
  return action.replaceAll('&amp;', '&');
}

function escapeRegExp(value: string): string {
  return value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}
