import { type ChildProcess, spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { apiPaths, tokenExchangeResponseSchema } from '@vatlas/contract';

/**
 * The real server as a child process, for tests that must stop it the hard way (SIGKILL mid-import) and start it
 * again on the same data; and the sign-in of a demo account through its embedded provider, as a browser does it.
 */

const packageDir = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

export type RunningServer = {
  process: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
};

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

/** Starts `src/server.ts` and waits until it listens; throws with its output when it exits or takes too long. */
export async function startServer(env: Record<string, string>, timeoutMs = 60_000): Promise<RunningServer> {
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
  let hasExited = false;
  const exited = new Promise<number | null>((resolveExit) =>
    child.once('exit', (code) => {
      hasExited = true;
      resolveExit(code);
    }),
  );
  const deadline = Date.now() + timeoutMs;
  while (!output.includes('Vatlas is running at')) {
    if (hasExited) throw new Error(`the server exited during start:\n${output}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the server did not start in time:\n${output}`);
    }
    await new Promise((wait) => setTimeout(wait, 50));
  }
  return { process: child, output: () => output, exited };
}

/** SIGKILL: no shutdown handler runs, the import is not given back, the lock file stays behind. */
export async function killServer(server: RunningServer): Promise<void> {
  if (server.process.exitCode === null && server.process.signalCode === null) server.process.kill('SIGKILL');
  await server.exited;
}

export async function stopServer(server: RunningServer): Promise<void> {
  if (server.process.exitCode === null && server.process.signalCode === null) server.process.kill('SIGTERM');
  await server.exited;
}

/** Keeps the cookies of every hop, following redirects by hand until one leaves for `stopAt`. */
async function follow(
  cookies: Map<string, string>,
  url: string,
  stopAt: string,
  init: RequestInit = {},
): Promise<{ url: string; response?: Response }> {
  let current = url;
  let currentInit = init;
  for (let hop = 0; hop < 15; hop += 1) {
    if (current.startsWith(stopAt)) return { url: current };
    const headers = new Headers(currentInit.headers);
    headers.set('cookie', [...cookies].map(([name, value]) => `${name}=${value}`).join('; '));
    const response = await fetch(current, { ...currentInit, headers, redirect: 'manual' });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = ''] = cookie.split(';');
      const separator = pair.indexOf('=');
      if (separator > 0) cookies.set(pair.slice(0, separator).trim(), pair.slice(separator + 1).trim());
    }
    const location = response.headers.get('location');
    if (response.status < 300 || response.status >= 400 || !location) return { url: current, response };
    current = new URL(location, current).toString();
    currentInit = {};
  }
  throw new Error('too many redirects');
}

/**
 * Signs a demo account in through the embedded provider (authorization code with PKCE, the sign-in form) and
 * exchanges the access token for Vatlas's own; answers that session token.
 */
export async function signInToServer(publicUrl: string, email: string, password: string): Promise<string> {
  const cookies = new Map<string, string>();
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

  const loginPage = await follow(cookies, authorize.toString(), redirectUri);
  const html = (await loginPage.response?.text()) ?? '';
  const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1]?.replaceAll('&amp;', '&');
  if (!action) throw new Error(`no sign-in form at ${loginPage.url}`);
  const afterLogin = await follow(cookies, new URL(action, loginPage.url).toString(), redirectUri, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ email, password }).toString(),
  });
  const code = new URL(afterLogin.url).searchParams.get('code');
  if (!code) throw new Error(`no code after sign-in (ended at ${afterLogin.url})`);

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
  const { access_token: accessToken } = (await tokenResponse.json()) as { access_token: string };
  const exchange = await fetch(`${publicUrl}${apiPaths.tokenExchange}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${accessToken}` },
  });
  if (exchange.status !== 200) throw new Error(`the token exchange answered ${exchange.status}`);
  return tokenExchangeResponseSchema.parse(await exchange.json()).token;
}
