import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type Database, type Db, openDatabase, pgliteDirectory } from '../db/client';
import { runMigrations } from '../db/migrate';
import { createThrowAwayPostgresDatabase } from './throw-away-postgres';

export type DatabaseContext = {
  /** The migrated database of this describe block (available inside tests and hooks). */
  readonly database: Database;
  readonly dataDir: string;
  /** Set for PostgreSQL: the URL of the throw-away database. */
  readonly databaseUrl: string | null;
};

export const POSTGRES_NOT_RUN_MESSAGE =
  'TEST_DATABASE_URL is not set: the PostgreSQL integration suite did not run ' +
  '(set TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres, or ALLOW_SKIP_POSTGRES=1 to skip knowingly)';

function createContext(
  setUp: () => Promise<{
    database: Database;
    dataDir: string;
    databaseUrl: string | null;
    tearDown: () => Promise<void>;
  }>,
): DatabaseContext {
  let state: Awaited<ReturnType<typeof setUp>> | undefined;
  beforeAll(async () => {
    state = await setUp();
  });
  afterAll(async () => {
    await state?.tearDown();
  });
  const read = () => {
    if (!state) throw new Error('The test database is not ready: use it inside tests or hooks.');
    return state;
  };
  return {
    get database() {
      return read().database;
    },
    get dataDir() {
      return read().dataDir;
    },
    get databaseUrl() {
      return read().databaseUrl;
    },
  };
}

function createTempDataDir(): string {
  return mkdtempSync(join(tmpdir(), 'vatlas-test-'));
}

/** A copy of the run's migrated PGlite (database-templates.global-setup.ts), opened in a data directory of its own. */
async function setUpPglite() {
  const dataDir = createTempDataDir();
  cpSync(inject('pgliteTemplateDir'), pgliteDirectory(dataDir), { recursive: true });
  const database = await openDatabase({ databaseUrl: null, dataDir });
  // Nothing to do on the template's schema; kept so that a test can never run on a schema older than the code.
  await runMigrations(database);
  return {
    database,
    dataDir,
    databaseUrl: null,
    tearDown: async () => {
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A copy of the run's migrated PostgreSQL database (database-templates.global-setup.ts), dropped afterwards. */
async function setUpPostgres(adminUrl: string) {
  const dataDir = createTempDataDir();
  const throwAway = await createThrowAwayPostgresDatabase(adminUrl, inject('postgresTemplateDatabase') ?? undefined);
  const database = await openDatabase({ databaseUrl: throwAway.url, dataDir });
  // Nothing to do on the template's schema, as for PGlite; an empty database (no template) is migrated here.
  await runMigrations(database);
  return {
    database,
    dataDir,
    databaseUrl: throwAway.url,
    tearDown: async () => {
      await database.close();
      await throwAway.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Runs the same suite on PGlite and on PostgreSQL. Without TEST_DATABASE_URL the PostgreSQL half
 * fails loudly, so a green run never hides that half the matrix did not run.
 */
export function forEachDatabase(name: string, defineTests: (context: DatabaseContext) => void): void {
  describe(`${name} [pglite]`, () => {
    defineTests(createContext(setUpPglite));
  });

  const adminUrl = process.env.TEST_DATABASE_URL;
  describe(`${name} [postgres]`, () => {
    if (adminUrl) {
      defineTests(createContext(() => setUpPostgres(adminUrl)));
    } else if (process.env.ALLOW_SKIP_POSTGRES === '1') {
      it.skip(POSTGRES_NOT_RUN_MESSAGE, () => {});
    } else {
      it(POSTGRES_NOT_RUN_MESSAGE, () => {
        throw new Error(POSTGRES_NOT_RUN_MESSAGE);
      });
    }
  });
}

/**
 * Until `count` transactions wait for a lock a test holds: on PostgreSQL as its activity shows it, asked on a
 * connection of the pool the holder does not use; PGlite has one session, whose transactions already take turns behind
 * the held one, so a moment is enough there.
 */
export async function untilWaitingForLocks(context: DatabaseContext, count: number): Promise<void> {
  if (context.databaseUrl === null) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    return;
  }
  const waiting = async () => {
    const result = (await context.database.db.execute(sql`
      select count(*)::int as waiting from pg_stat_activity
      where datname = current_database() and wait_event_type = 'Lock'
    `)) as unknown as { rows: { waiting: number }[] };
    return result.rows[0]?.waiting ?? 0;
  };
  await expect.poll(waiting, { timeout: 5000, interval: 10 }).toBeGreaterThanOrEqual(count);
}

/**
 * Runs `lock` (a lock taken, or any work whose locks a test wants held) in a transaction of the test's own, and keeps
 * that transaction open until `release`: for tests of what requests sent meanwhile do. Answers once `lock` is done.
 */
export async function holdInTransaction(
  db: Db,
  lock: (txDb: Db) => Promise<unknown>,
): Promise<{ release: () => Promise<void> }> {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let done = () => {};
  const isDone = new Promise<void>((resolve) => {
    done = resolve;
  });
  const holder = db.transaction(async (tx) => {
    await lock(tx as unknown as Db);
    done();
    await released;
  });
  await Promise.race([isDone, holder]);
  return {
    release: async () => {
      release();
      await holder;
    },
  };
}

/**
 * Releases what `holdInTransaction` holds once `count` transactions wait for it (`untilWaitingForLocks`), and in any
 * case: a test that fails while waiting leaves no transaction open behind it.
 */
export async function releaseOnceWaiting(
  context: DatabaseContext,
  holder: { release: () => Promise<void> },
  count: number,
): Promise<void> {
  try {
    await untilWaitingForLocks(context, count);
  } finally {
    await holder.release();
  }
}
