import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { POSTGRES_NOT_RUN_MESSAGE } from '../test/databases';
import { createThrowAwayPostgresDatabase } from '../test/throw-away-postgres';
import { openDatabase } from './client';
import { runMigrations } from './migrate';
import { tenants } from './schema';

const adminUrl = process.env.TEST_DATABASE_URL;

describe('the PostgreSQL pool', () => {
  if (!adminUrl) {
    if (process.env.ALLOW_SKIP_POSTGRES === '1') it.skip(POSTGRES_NOT_RUN_MESSAGE, () => {});
    else it(POSTGRES_NOT_RUN_MESSAGE, () => expect.fail(POSTGRES_NOT_RUN_MESSAGE));
    return;
  }

  it('survives the server ending its idle connections and serves the next query', async () => {
    const throwAway = await createThrowAwayPostgresDatabase(adminUrl);
    const dataDir = mkdtempSync(join(tmpdir(), 'vatlas-pool-'));
    const database = await openDatabase({ databaseUrl: throwAway.url, dataDir });
    try {
      await runMigrations(database);
      const name = new URL(throwAway.url).pathname.slice(1);
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      const { rowCount } = await admin.query(
        'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
        [name],
      );
      await admin.end();
      expect(rowCount).toBeGreaterThan(0);
      // Give the pool the moment in which node-postgres reports the ended connection.
      await new Promise((resolve) => setTimeout(resolve, 200));

      const tenantsAfter = await database.db.select({ id: tenants.id }).from(tenants);
      expect(tenantsAfter).toEqual([]);
    } finally {
      await database.close();
      await throwAway.drop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('the embedded PGlite', () => {
  it('keeps its tables in template1, where PGlite 0.3 created them, and runs with 32 MB of shared buffers', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'vatlas-pglite-'));
    try {
      const first = await openDatabase({ databaseUrl: null, dataDir });
      const settings = (await first.db.execute(
        sql`select current_database() as "database", current_setting('shared_buffers') as "sharedBuffers"`,
      )) as unknown as { rows: unknown[] };
      expect(settings.rows).toEqual([{ database: 'template1', sharedBuffers: '32MB' }]);
      await first.db.execute(sql`create table kept (value text)`);
      await first.db.execute(sql`insert into kept values ('stored before the restart')`);
      await first.close();

      const reopened = await openDatabase({ databaseUrl: null, dataDir });
      const kept = (await reopened.db.execute(sql`select value from kept`)) as unknown as { rows: unknown[] };
      await reopened.close();
      expect(kept.rows).toEqual([{ value: 'stored before the restart' }]);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
