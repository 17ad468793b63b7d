import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { acquireDataDirLock, DataDirLockedError, LOCK_FILE_NAME } from './data-dir-lock';

describe('acquireDataDirLock', () => {
  let dataDir: string;
  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'vatlas-lock-'));
  });
  afterEach(() => {
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('writes pid, host and start time, and removes the file on release', () => {
    const lock = acquireDataDirLock(dataDir);
    const owner = JSON.parse(readFileSync(join(dataDir, LOCK_FILE_NAME), 'utf8'));
    expect(owner).toMatchObject({ pid: process.pid, hostname: hostname() });
    expect(typeof owner.startedAt).toBe('string');
    lock.release();
    expect(existsSync(join(dataDir, LOCK_FILE_NAME))).toBe(false);
  });

  it('refuses a second owner while the first is alive, naming the directory', () => {
    const lock = acquireDataDirLock(dataDir);
    try {
      expect(() => acquireDataDirLock(dataDir)).toThrow(DataDirLockedError);
      expect(() => acquireDataDirLock(dataDir)).toThrow(dataDir);
    } finally {
      lock.release();
    }
  });

  it('takes over a lock left by a process that is gone', () => {
    const finished = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']);
    const deadPid = Number(finished.stdout.toString());
    writeFileSync(
      join(dataDir, LOCK_FILE_NAME),
      JSON.stringify({ pid: deadPid, hostname: hostname(), startedAt: new Date().toISOString() }),
    );
    const lock = acquireDataDirLock(dataDir);
    expect(JSON.parse(readFileSync(join(dataDir, LOCK_FILE_NAME), 'utf8')).pid).toBe(process.pid);
    lock.release();
  });

  it('respects a lock held from another host', () => {
    writeFileSync(
      join(dataDir, LOCK_FILE_NAME),
      JSON.stringify({ pid: 1, hostname: `not-${hostname()}`, startedAt: new Date().toISOString() }),
    );
    expect(() => acquireDataDirLock(dataDir)).toThrow(DataDirLockedError);
  });
});
