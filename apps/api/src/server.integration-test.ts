import { type ChildProcess, spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { apiPaths, tokenExchangeResponseSchema, userSchema } from '@vatlas/contract';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_COMPANY_IDS } from './modules/identity/seed';

const packageDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');

type RunningServer = { process: ChildProcess; output: () => string; exited: Promise<number | null> };

async function findFreePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolvePort(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

function startServer(env: Record<string, string>): RunningServer {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: packageDir,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      INTERNAL_TOKEN_SECRET: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const exited = new Promise<number | null>((resolveExit) => child.once('exit', (code) => resolveExit(code)));
  return { process: child, output: () => output, exited };
}

async function waitUntilRunning(server: RunningServer, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let hasExited = false;
  void server.exited.then(() => {
    hasExited = true;
  });
  while (!server.output().includes('Vatlas is running at')) {
    if (hasExited) throw new Error(`the server exited during start:\n${server.output()}`);
    if (Date.now() > deadline) throw new Error(`the server did not start in time:\n${server.output()}`);
    await new Promise((wait) => setTimeout(wait, 100));
  }
}

async function stopServer(server: RunningServer): Promise<number | null> {
  if (server.process.exitCode === null) server.process.kill('SIGTERM');
  return server.exited;
}

/** A minimal browser: follows redirects by hand so cookies of every hop are kept. */
class Browser {
  readonly cookies = new Map<string, string>();

  async request(url: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    if (this.cookies.size > 0) {
      headers.set('cookie', [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; '));
    }
    const response = await fetch(url, { ...init, headers, redirect: 'manual' });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const separator = pair?.indexOf('=') ?? -1;
      if (!pair || separator < 0) continue;
      const name = pair.slice(0, separator).trim();
      const value = pair.slice(separator + 1).trim();
      if (value === '' || /expires=Thu, 01 Jan 1970/i.test(cookie)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return response;
  }

  /** Follows redirects until one leaves for `stopAt`; answers that URL, or the final response. */
  async follow(url: string, stopAt: string, init: RequestInit = {}): Promise<{ url: string; response?: Response }> {
    let current = url;
    let currentInit = init;
    for (let hop = 0; hop < 15; hop += 1) {
      if (current.startsWith(stopAt)) return { url: current };
      const response = await this.request(current, currentInit);
      const location = response.headers.get('location');
      if (response.status < 300 || response.status >= 400 || !location) return { url: current, response };
      current = new URL(location, current).toString();
      currentInit = {};
    }
    throw new Error('too many redirects');
  }
}

async function signInWithPkce(publicUrl: string, email: string, password: string) {
  const browser = new Browser();
  const verifier = randomBytes(32).toString('base64url');
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  const redirectUri = `${publicUrl}/login`;
  const authorize = new URL(`${publicUrl}/idp/auth`);
  authorize.search = new URLSearchParams({
    client_id: 'vatlas-web',
    response_type: 'code',
    redirect_uri: redirectUri,
    scope: 'openid profile email offline_access',
    code_challenge: challenge,
    code_challenge_method: 'S256',
    state: randomBytes(8).toString('hex'),
    nonce: randomBytes(8).toString('hex'),
    resource: `${publicUrl}/api`,
  }).toString();

  const loginPage = await browser.follow(authorize.toString(), redirectUri);
  expect(loginPage.response?.status).toBe(200);
  const html = (await loginPage.response?.text()) ?? '';
  const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1]?.replaceAll('&amp;', '&');
  if (!action) throw new Error(`no sign-in form at ${loginPage.url}:\n${html.slice(0, 500)}`);

  const afterLogin = await browser.follow(new URL(action, loginPage.url).toString(), redirectUri, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ email, password }).toString(),
  });
  const code = new URL(afterLogin.url).searchParams.get('code');
  if (!code)
    throw new Error(`no code after sign-in (ended at ${afterLogin.url}, status ${afterLogin.response?.status})`);

  const tokenResponse = await fetch(`${publicUrl}/idp/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      redirect_uri: redirectUri,
      client_id: 'vatlas-web',
      code_verifier: verifier,
    }).toString(),
  });
  expect(tokenResponse.status).toBe(200);
  return (await tokenResponse.json()) as { access_token: string; refresh_token?: string; id_token: string };
}

async function exchangeForSession(publicUrl: string, accessToken: string): Promise<string> {
  const response = await fetch(`${publicUrl}${apiPaths.tokenExchange}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${accessToken}` },
  });
  expect(response.status).toBe(200);
  return tokenExchangeResponseSchema.parse(await response.json()).token;
}

async function fetchMe(publicUrl: string, sessionToken: string): Promise<Response> {
  return fetch(`${publicUrl}${apiPaths.userMe}`, { headers: { authorization: `Bearer ${sessionToken}` } });
}

describe('the server process (PGlite, embedded provider)', () => {
  let dataDir: string;
  let port: number;
  let publicUrl: string;
  let env: Record<string, string>;
  let first: RunningServer;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'vatlas-server-'));
    port = await findFreePort();
    publicUrl = `http://127.0.0.1:${port}`;
    env = { DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: publicUrl };
    first = startServer(env);
    await waitUntilRunning(first);
  });

  afterAll(async () => {
    if (first) await stopServer(first);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('refuses a second process on the same DATA_DIR, naming the directory', async () => {
    const second = startServer({ ...env, PORT: String(await findFreePort()) });
    const exitCode = await second.exited;
    expect(exitCode).not.toBe(0);
    expect(second.output()).toContain(dataDir);
    expect(second.output()).toContain('Another Vatlas process');
    // The first one is unharmed.
    expect((await fetch(`${publicUrl}${apiPaths.health}`)).status).toBe(200);
  });

  it('signs the seller in through the embedded provider, keeps everything across a restart', async () => {
    const tokens = await signInWithPkce(publicUrl, 'seller@vatlas.test', 'vatlas-demo');
    expect(decodeJwt(tokens.access_token).aud).toBe('vatlas-api');
    expect(tokens.refresh_token).toEqual(expect.any(String));

    const sessionToken = await exchangeForSession(publicUrl, tokens.access_token);
    const meResponse = await fetchMe(publicUrl, sessionToken);
    expect(meResponse.status).toBe(200);
    const me = userSchema.parse(await meResponse.json());
    expect(me.selectedCompany).toMatchObject({
      id: DEMO_COMPANY_IDS.nordlicht,
      subscriptionCountryCodes: ['DE', 'FR'],
    });

    const keysBefore = readFileSync(join(dataDir, 'keys', 'idp-jwks.json'), 'utf8');
    const secretBefore = readFileSync(join(dataDir, 'keys', 'internal-token-secret'), 'utf8');

    expect(await stopServer(first)).toBe(0);
    first = startServer(env);
    await waitUntilRunning(first);

    expect(readFileSync(join(dataDir, 'keys', 'idp-jwks.json'), 'utf8')).toBe(keysBefore);
    expect(readFileSync(join(dataDir, 'keys', 'internal-token-secret'), 'utf8')).toBe(secretBefore);

    // The session token of before the restart still opens Me for the same user.
    const afterRestart = await fetchMe(publicUrl, sessionToken);
    expect(afterRestart.status).toBe(200);
    expect(((await afterRestart.json()) as { userId: string }).userId).toBe(me.userId);

    // The refresh token lives in the database, so the provider still honours it.
    const refreshed = await fetch(`${publicUrl}/idp/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'refresh_token',
        refresh_token: tokens.refresh_token ?? '',
        client_id: 'vatlas-web',
      }).toString(),
    });
    expect(refreshed.status).toBe(200);
    const refreshedTokens = (await refreshed.json()) as { access_token: string };
    const newSession = await exchangeForSession(publicUrl, refreshedTokens.access_token);
    const meAgain = await fetchMe(publicUrl, newSession);
    expect(((await meAgain.json()) as { userId: string }).userId).toBe(me.userId);
  });

  it('keeps every onboarding value a new user entered across a restart', async () => {
    const tokens = await signInWithPkce(publicUrl, 'new@vatlas.test', 'vatlas-demo');
    const session = await exchangeForSession(publicUrl, tokens.access_token);
    const call = async (method: string, path: string, body?: unknown) => {
      const response = await fetch(`${publicUrl}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${session}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      expect(response.status, `${method} ${path}: ${response.status}`).toBeLessThan(300);
      return response.status === 204 ? null : ((await response.json()) as unknown);
    };

    const created = (await call('POST', apiPaths.createCompany, { legalNameOfBusiness: 'Restart Probe GmbH' })) as {
      companyId: string;
    };
    const companyId = created.companyId;
    await call('PUT', apiPaths.businessType(companyId), {
      legalNameOfBusiness: 'Restart Probe GmbH',
      establishmentCountryCode: 'DE',
      companyType: 'corporation',
      legalForm: 'gmbh',
      termsAndConditionsAccepted: true,
    });
    await call('PUT', apiPaths.companyAddress(companyId), {
      street: 'Invalidenstraße',
      houseNumber: '117',
      zipCode: '10115',
      city: 'Berlin',
      state: 'Berlin',
    });
    await call('PUT', apiPaths.productType(companyId), {
      productTypes: ['physical-goods'],
      salesChannels: ['marketplaces'],
      marketplaces: ['amazon'],
    });
    await call('PUT', apiPaths.questionnaire(companyId), {
      establishmentCountryCode: 'DE',
      ownWarehouseCountries: [],
      fulfilmentCenterCountries: ['PL'],
      euDistanceSales: { currentYear: '12500.00', previousYear: '4000' },
      marketplaceDeemedSupplier: 'none',
      hasLowValueImports: false,
      ukSales: '0',
      swissSales: '0',
      worldwideTurnover: '0',
      norwaySales: '0',
    });
    await call('PUT', apiPaths.registrationJurisdictions(companyId), { countryCodes: ['PL'] });
    await call('PUT', apiPaths.legalRepresentative(companyId), {
      firstName: 'Nora',
      lastName: 'Neumann',
      dateOfBirth: '1985-04-12',
      nationality: 'DE',
      idDocumentType: 'passport',
      idDocumentNumber: 'C01X00T47',
      idDocumentExpiry: '2031-06-30',
    });
    await call('PUT', apiPaths.businessDetails(companyId), {
      legalNameOfBusiness: 'Restart Probe GmbH',
      legalForm: 'gmbh',
      incorporationNumber: 'HRB 123456 B',
      incorporationDate: '2019-03-01',
      vatNumber: 'DE136695976',
    });
    await call('PUT', apiPaths.bankAccount(companyId), {
      accountHolder: 'Restart Probe GmbH',
      iban: 'DE89 3704 0044 0532 0130 00',
      bic: 'COBADEFFXXX',
    });

    const readEverything = async () => ({
      company: await call('GET', apiPaths.companyDetails(companyId)),
      onboarding: await call('GET', apiPaths.onboarding(companyId)),
      questionnaire: await call('GET', apiPaths.questionnaire(companyId)),
      jurisdictions: await call('GET', apiPaths.registrationJurisdictions(companyId)),
      legalRepresentative: await call('GET', apiPaths.legalRepresentative(companyId)),
      businessDetails: await call('GET', apiPaths.businessDetails(companyId)),
      bankAccount: await call('GET', apiPaths.bankAccount(companyId)),
    });
    const before = await readEverything();
    expect(before.company).toMatchObject({ city: 'Berlin', zipCode: '10115', vatNumber: 'DE136695976' });
    expect(before.bankAccount).toMatchObject({ iban: 'DE89370400440532013000' });

    expect(await stopServer(first)).toBe(0);
    first = startServer(env);
    await waitUntilRunning(first);

    expect(await readEverything()).toEqual(before);
  });
});
