#!/usr/bin/env node
/**
 * `npm start`: build the SPA when its sources changed since the last build, then run the server
 * (API + SPA + embedded identity provider) in THIS process, so signals and the exit code are its own.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const webDist = join(root, 'apps/web/dist');
const buildStamp = join(webDist, '.build-stamp');
const webSources = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/package.json',
  'packages/domain/src',
  'packages/domain/package.json',
  'packages/contract/src',
  'packages/contract/package.json',
].map((path) => join(root, path));

function newestModification(path) {
  if (!existsSync(path)) return 0;
  const stats = statSync(path);
  if (!stats.isDirectory()) return stats.mtimeMs;
  return readdirSync(path).reduce(
    (newest, name) => Math.max(newest, newestModification(join(path, name))),
    stats.mtimeMs,
  );
}

function isWebBuildCurrent() {
  if (!existsSync(buildStamp) || !existsSync(join(webDist, 'index.html'))) return false;
  const builtAt = statSync(buildStamp).mtimeMs;
  return webSources.every((path) => newestModification(path) <= builtAt);
}

if (isWebBuildCurrent()) {
  console.info('Web app is up to date.');
} else {
  console.info('Building the web app…');
  // The bundle is always a production build, whatever NODE_ENV the server itself runs with (tests use `test`).
  const build = spawnSync('npm', ['run', 'build', '--workspace', '@vatlas/web'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (build.status !== 0) {
    console.error('The web app failed to build; see the output above.');
    process.exit(build.status ?? 1);
  }
  writeFileSync(buildStamp, new Date().toISOString());
  console.info('Web app built.');
}

const { register } = await import('tsx/esm/api');
register();
await import(pathToFileURL(join(root, 'apps/api/src/server.ts')).href);
