import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase, pgliteDirectory } from '../db/client';
import { runMigrations } from '../db/migrate';
import { createThrowAwayPostgresDatabase } from './throw-away-postgres';

declare module 'vitest' {
  // biome-ignore lint/style/useConsistentTypeDefinitions: vitest's context is extended by merging into its interface
  export interface ProvidedContext {
    /** A migrated PGlite data directory, closed: each integration test's PGlite starts as a copy of it. */
    pgliteTemplateDir: string;
    /**
     * A migrated database on the server of TEST_DATABASE_URL, which nothing stays connected to: each integration
     * test's PostgreSQL database is created from it (`CREATE DATABASE … TEMPLATE`). Null without TEST_DATABASE_URL.
     */
    postgresTemplateDatabase: string | null;
  }
}

/**
 * Vitest's global setup of the integration project, once per run: the schema migrated once per database kind, for
 * every test's database to start from a copy of it.
 * - PGlite: a database created and migrated, then closed. A fresh PGlite costs 3–4 s to create (initdb inside
 *   WebAssembly) and migrate, a copy of this one 1.5 s to open; with one PGlite per `forEachDatabase` block (34 of
 *   them), the integration run took 321 s instead of 348–353 s on this machine.
 * - PostgreSQL: a database created and migrated, then left. Created from it, a database of the 46 blocks took
 *   0.05–0.07 s with its (no-op) migration, against 0.3–0.35 s created empty and migrated; it dropped in 0.01–0.03 s
 *   against 0.13–0.2 s.
 */
export async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dataDir = mkdtempSync(join(tmpdir(), 'vatlas-test-template-'));
  const database = await openDatabase({ databaseUrl: null, dataDir });
  await runMigrations(database);
  await database.close();
  project.provide('pgliteTemplateDir', pgliteDirectory(dataDir));

  const adminUrl = process.env.TEST_DATABASE_URL;
  const postgresTemplate = adminUrl ? await createThrowAwayPostgresDatabase(adminUrl) : undefined;
  if (postgresTemplate) {
    const template = await openDatabase({ databaseUrl: postgresTemplate.url, dataDir });
    try {
      await runMigrations(template);
    } finally {
      // A database is copied only while nobody is connected to it.
      await template.close();
    }
  }
  project.provide('postgresTemplateDatabase', postgresTemplate?.name ?? null);
  return async () => {
    await postgresTemplate?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
