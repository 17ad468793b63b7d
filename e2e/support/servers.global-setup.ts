import { type ChildProcess, spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { e2eServer, e2eServerCount } from './server';

/**
 * Playwright's global setup: one real server per worker and one for the onboarding spec (support/server.ts), each
 * `npm start` itself (its environment and node flags, then scripts/start.mjs) on a fresh data directory. Playwright's
 * own `webServer` starts its servers one after another, and each start migrates and seeds a new PGlite database for
 * about 20 s; here the first server builds the SPA when its sources changed, and once the build is there the others
 * start beside it. Answers the teardown, which stops them all.
 */

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/** A first start seeds a year of demo transactions; on a busy 2-core machine that has taken well over a minute. */
const START_TIMEOUT_MS = 180_000;
const STOP_TIMEOUT_MS = 15_000;

/** What scripts/start.mjs prints once the SPA's build is current: after it checked it, or after it built it. */
const WEB_BUILD_CURRENT = /Web app is up to date\.|Web app built\./;

type StartedServer = { port: number; child: ChildProcess; output: () => string; exited: Promise<void> };

function startServer(workerIndex: number): StartedServer {
  const { port, baseUrl, dataDir } = e2eServer(workerIndex);
  rmSync(dataDir, { recursive: true, force: true });
  // A process group of its own: `npm start` runs scripts/start.mjs in a child, and the teardown stops both.
  const child = spawn('npm', ['start'], {
    cwd: root,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      PORT: String(port),
      PUBLIC_URL: baseUrl,
      DATA_DIR: dataDir,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
    },
  });
  // Line by line, so a line the pipe delivers in two pieces is still printed as one, with its server's port.
  let output = '';
  for (const stream of [child.stdout, child.stderr]) {
    if (!stream) continue;
    createInterface({ input: stream }).on('line', (line) => {
      output += `${line}\n`;
      if (line.trim()) process.stdout.write(`[server :${port}] ${line}\n`);
    });
  }
  // 'close' comes after the process's end and its output's: the output is whole by then.
  const exited = new Promise<void>((done) => child.once('close', () => done()));
  return { port, child, output: () => output, exited };
}

const hasExited = (server: StartedServer) => server.child.exitCode !== null || server.child.signalCode !== null;

/** Waits until `isThere` holds, polling; throws with the server's output when it exits first or the time is up. */
async function waitFor(server: StartedServer, what: string, isThere: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (!(await isThere())) {
    if (hasExited(server)) {
      await server.exited;
      throw new Error(`the server on port ${server.port} exited before ${what}:\n${server.output()}`);
    }
    if (Date.now() > deadline) throw new Error(`the server on port ${server.port} took too long: ${what}`);
    await new Promise((wait) => setTimeout(wait, 250));
  }
}

/** Whether a server on `port` answers its health check; a listener that never answers counts as none after 2 s. */
async function isHealthy(port: number): Promise<boolean> {
  try {
    return (await fetch(`http://localhost:${port}/api/health`, { signal: AbortSignal.timeout(2_000) })).ok;
  } catch {
    return false;
  }
}

/** Sends `signal` to the server's process group (npm and the node process it started). */
function signalGroup(server: StartedServer, signal: NodeJS.Signals): void {
  if (hasExited(server) || server.child.pid === undefined) return;
  try {
    process.kill(-server.child.pid, signal);
  } catch {
    // The group has already gone.
  }
}

async function stop(server: StartedServer): Promise<void> {
  if (hasExited(server)) return;
  signalGroup(server, 'SIGTERM');
  const timer = setTimeout(() => signalGroup(server, 'SIGKILL'), STOP_TIMEOUT_MS);
  await server.exited;
  clearTimeout(timer);
}

export default async function startServers(): Promise<() => Promise<void>> {
  const servers: StartedServer[] = [];
  const stopAll = async () => {
    await Promise.all(servers.map(stop));
  };
  // Should the runner itself end without its teardown, its servers end with it.
  process.once('exit', () => {
    for (const server of servers) signalGroup(server, 'SIGKILL');
  });
  try {
    for (let index = 0; index < e2eServerCount; index++) {
      const { port } = e2eServer(index);
      if (await isHealthy(port)) throw new Error(`port ${port} already has a server; stop it first`);
    }
    const first = startServer(0);
    servers.push(first);
    await waitFor(first, 'the web app was built', async () => WEB_BUILD_CURRENT.test(first.output()));
    for (let index = 1; index < e2eServerCount; index++) servers.push(startServer(index));
    await Promise.all(
      servers.map((server) => waitFor(server, 'it answered /api/health', () => isHealthy(server.port))),
    );
  } catch (error) {
    await stopAll();
    throw error;
  }
  return stopAll;
}
