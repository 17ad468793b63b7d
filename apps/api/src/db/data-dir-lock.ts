import { closeSync, mkdirSync, openSync, readFileSync, rmSync, statSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';

export type DataDirLock = { path: string; release(): void };

type LockOwner = { pid: number; hostname: string; startedAt: string };

export class DataDirLockedError extends Error {
  readonly dataDir: string;
  readonly ownerPid: number | null;

  constructor(dataDir: string, owner: LockOwner | undefined) {
    const who = owner ? `(pid ${owner.pid} on ${owner.hostname})` : '(pid unknown: it is still writing its lock)';
    super(
      `Another Vatlas process ${who} already uses the data directory ${dataDir}. ` +
        'Stop it first: two processes on one PGlite directory silently lose committed writes.',
    );
    this.name = 'DataDirLockedError';
    this.dataDir = dataDir;
    this.ownerPid = owner?.pid ?? null;
  }
}

export const LOCK_FILE_NAME = 'vatlas.lock';

function readOwner(path: string): LockOwner | undefined {
  try {
    const parsed: unknown = JSON.parse(readFileSync(path, 'utf8'));
    if (typeof parsed !== 'object' || parsed === null) return undefined;
    const { pid, hostname: host, startedAt } = parsed as Record<string, unknown>;
    if (typeof pid !== 'number' || typeof host !== 'string') return undefined;
    return { pid, hostname: host, startedAt: typeof startedAt === 'string' ? startedAt : '' };
  } catch {
    return undefined;
  }
}

function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else, so it is alive.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

const UNREADABLE_LOCK_GRACE_MS = 10_000;

function isStale(path: string, owner: LockOwner | undefined): boolean {
  if (!owner) {
    // Unreadable: either a crash mid-write (stale) or a rival that has created but not yet written it.
    try {
      return Date.now() - statSync(path).mtimeMs > UNREADABLE_LOCK_GRACE_MS;
    } catch {
      return true;
    }
  }
  // A lock from another host cannot be checked, so it is respected.
  if (owner.hostname !== hostname()) return false;
  if (owner.pid === process.pid) return false;
  return !isProcessAlive(owner.pid);
}

/**
 * Takes exclusive ownership of DATA_DIR. The lock file is created atomically (`wx`), so of two
 * processes starting together exactly one wins; a lock left by a dead process on this host is
 * taken over.
 */
export function acquireDataDirLock(dataDir: string): DataDirLock {
  mkdirSync(dataDir, { recursive: true });
  const path = join(dataDir, LOCK_FILE_NAME);
  const owner: LockOwner = { pid: process.pid, hostname: hostname(), startedAt: new Date().toISOString() };

  for (let attempt = 0; attempt < 3; attempt += 1) {
    try {
      const fd = openSync(path, 'wx', 0o644);
      try {
        writeSync(fd, `${JSON.stringify(owner)}\n`);
      } finally {
        closeSync(fd);
      }
      let isReleased = false;
      return {
        path,
        release: () => {
          if (isReleased) return;
          isReleased = true;
          // Only remove our own lock: a takeover by another process must not be undone.
          if (readOwner(path)?.pid === process.pid) rmSync(path, { force: true });
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const current = readOwner(path);
      if (!isStale(path, current)) throw new DataDirLockedError(dataDir, current);
      rmSync(path, { force: true });
    }
  }
  throw new Error(`Could not take the lock ${path}: it keeps being recreated by another process.`);
}
