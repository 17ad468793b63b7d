import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePostgres } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { Database, Db } from './client';
import type { Schema } from './schema';

export const MIGRATIONS_FOLDER = resolve(dirname(fileURLToPath(import.meta.url)), '../../drizzle');

export async function runMigrations(database: Database): Promise<void> {
  const options = { migrationsFolder: MIGRATIONS_FOLDER };
  if (database.kind === 'pglite') {
    await migratePglite(database.db as unknown as PgliteDatabase<Schema>, options);
  } else {
    await migrateNodePostgres(database.db as unknown as NodePgDatabase<Schema>, options);
  }
}

/** How many migrations have been applied; 0 before the first run. */
export async function countAppliedMigrations(db: Db): Promise<number> {
  // Both drivers answer `{ rows }`; the common base type does not know it.
  const result = (await db.execute(
    sql`select count(*)::int as count from drizzle.__drizzle_migrations`,
  )) as unknown as {
    rows: { count: number | string }[];
  };
  return Number(result.rows[0]?.count ?? 0);
}
