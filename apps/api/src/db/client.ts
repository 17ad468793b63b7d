import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePostgres } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { type Schema, schema } from './schema';

/** The common base of both drivers, so one set of repositories runs on PGlite and PostgreSQL. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type DatabaseKind = 'pglite' | 'postgres';

export type Database = {
  db: Db;
  kind: DatabaseKind;
  /** Round-trip time of a trivial query in milliseconds; throws when the database does not answer. */
  ping(): Promise<number>;
  close(): Promise<void>;
};

export type DatabaseTarget = { databaseUrl: string | null; dataDir: string };

export function pgliteDirectory(dataDir: string): string {
  return join(dataDir, 'pglite');
}

async function measurePing(db: Db): Promise<number> {
  const startedAt = performance.now();
  await db.execute(sql`select 1`);
  return Math.round((performance.now() - startedAt) * 100) / 100;
}

/**
 * Opens PostgreSQL when a URL is given, else PGlite in DATA_DIR. The caller must hold the
 * DATA_DIR lock before opening PGlite: two processes on one directory lose writes silently.
 */
export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  if (target.databaseUrl) {
    const pool = new pg.Pool({ connectionString: target.databaseUrl, max: 10 });
    // An idle connection the server ends (restart, failover, a terminated backend) is dropped from the pool and
    // replaced on the next query; without a listener node-postgres would throw it as an uncaught error and stop the
    // whole process.
    pool.on('error', (error: Error & { code?: string }) => {
      console.warn(`PostgreSQL closed an idle connection (${error.code ?? error.name}); it will be replaced.`);
    });
    const db = drizzleNodePostgres(pool, { schema }) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      ping: () => measurePing(db),
      close: () => pool.end(),
    };
  }
  const directory = pgliteDirectory(target.dataDir);
  mkdirSync(directory, { recursive: true });
  const client = await PGlite.create(directory);
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    ping: () => measurePing(db),
    close: async () => {
      if (!client.closed) await client.close();
    },
  };
}
