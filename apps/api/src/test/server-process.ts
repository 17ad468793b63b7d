import { type ChildProcess, spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { apiPaths, tokenExchangeResponseSchema } from '@vatlas/contract';

/**
 * The real server as a child process, for tests of what only a process shows: the DATA_DIR lock, a restart on the
 * same data, a SIGKILL mid-import; and the sign-in of a demo account through its embedded provider, as a browser
 * does it (authorization code with PKCE, the provider's sign-in form).
 */

const packageDir = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

export type RunningServer = { process: ChildProcess; output: () => string; exited: Promise<number | null> };

export async function findFreePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolvePort(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** Spawns `src/server.ts` without waiting (a test of a start that must fail reads its exit and output). */
export function spawnServer(env: Record<string, string>): RunningServer {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: packageDir,
    env: { ...process.env, NODE_ENV: 'development', LOG_LEVEL: 'warn', INTERNAL_TOKEN_SECRET: '', ...env },
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

/**
 * A first start migrates and seeds a fresh PGlite database with a year of demo transactions: well under a minute on a
 * quiet machine, but more when the two cores are shared. Still inside the integration project's 120 s hook timeout.
 */
const START_TIMEOUT_MS = 110_000;

/** Waits until the server says it runs; throws with its output when it exits first or takes too long. */
export async function waitUntilRunning(server: RunningServer, timeoutMs = START_TIMEOUT_MS): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let hasExited = false;
  void server.exited.then(() => {
    hasExited = true;
  });
  while (!server.output().includes('Vatlas is running at')) {
    if (hasExited) throw new Error(`the server exited during start:\n${server.output()}`);
    if (Date.now() > deadline) {
      server.process.kill('SIGKILL');
      throw new Error(`the server did not start in time:\n${server.output()}`);
    }
    await new Promise((wait) => setTimeout(wait, 50));
  }
}

export async function startServer(env: Record<string, string>, timeoutMs = START_TIMEOUT_MS): Promise<RunningServer> {
  const server = spawnServer(env);
  await waitUntilRunning(server, timeoutMs);
  return server;
}

const isRunning = (server: RunningServer) => server.process.exitCode === null && server.process.signalCode === null;

/** SIGTERM: the graceful stop; answers the exit code. */
export async function stopServer(server: RunningServer): Promise<number | null> {
  if (isRunning(server)) server.process.kill('SIGTERM');
  return server.exited;
}

/** SIGKILL: no shutdown handler runs, an import is not given back, the lock file stays behind. */
export async function killServer(server: RunningServer): Promise<void> {
  if (isRunning(server)) server.process.kill('SIGKILL');
  await server.exited;
}

/** A minimal browser: follows redirects by hand so the cookies of every hop are kept (and expired ones dropped). */
export class Browser {
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

export type ProviderTokens = { access_token: string; refresh_token?: string; id_token: string };

/** The provider's tokens for `email`, through the authorization endpoint, the sign-in form and the token endpoint. */
export async function signInWithPkce(publicUrl: string, email: string, password: string): Promise<ProviderTokens> {
  const browser = new Browser();
  const verifier = randomBytes(32).toString('base64url');
  const redirectUri = `${publicUrl}/login`;
  const authorize = new URL(`${publicUrl}/idp/auth`);
  authorize.search = new URLSearchParams({
    client_id: 'vatlas-web',
    response_type: 'code',
    redirect_uri: redirectUri,
    scope: 'openid profile email offline_access',
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
    state: randomBytes(8).toString('hex'),
    nonce: randomBytes(8).toString('hex'),
    resource: `${publicUrl}/api`,
  }).toString();

  const loginPage = await browser.follow(authorize.toString(), redirectUri);
  if (loginPage.response?.status !== 200) {
    throw new Error(`the sign-in page answered ${loginPage.response?.status} at ${loginPage.url}`);
  }
  const html = await loginPage.response.text();
  const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1]?.replaceAll('&amp;', '&');
  if (!action) throw new Error(`no sign-in form at ${loginPage.url}:\n${html.slice(0, 500)}`);

  const afterLogin = await browser.follow(new URL(action, loginPage.url).toString(), redirectUri, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ email, password }).toString(),
  });
  const code = new URL(afterLogin.url).searchParams.get('code');
  if (!code) {
    throw new Error(`no code after sign-in (ended at ${afterLogin.url}, status ${afterLogin.response?.status})`);
  }

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
  if (tokenResponse.status !== 200) throw new Error(`the token endpoint answered ${tokenResponse.status}`);
  return (await tokenResponse.json()) as ProviderTokens;
}

/** Vatlas's own session token for a provider access token (POST /api/v1/Token/Exchange). */
export async function exchangeForSession(publicUrl: string, accessToken: string): Promise<string> {
  const response = await fetch(`${publicUrl}${apiPaths.tokenExchange}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${accessToken}` },
  });
  if (response.status !== 200) throw new Error(`the token exchange answered ${response.status}`);
  return tokenExchangeResponseSchema.parse(await response.json()).token;
}

/** Signs a demo account in and answers its Vatlas session token. */
export async function signInToServer(publicUrl: string, email: string, password: string): Promise<string> {
  const tokens = await signInWithPkce(publicUrl, email, password);
  return exchangeForSession(publicUrl, tokens.access_token);
}
