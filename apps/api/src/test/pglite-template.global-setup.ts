import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase, pgliteDirectory } from '../db/client';
import { runMigrations } from '../db/migrate';

declare module 'vitest' {
  // biome-ignore lint/style/useConsistentTypeDefinitions: vitest's context is extended by merging into its interface
  export interface ProvidedContext {
    /** A migrated PGlite data directory, closed: each integration test's PGlite starts as a copy of it. */
    pgliteTemplateDir: string;
  }
}

/**
 * Vitest's global setup of the integration project, once per run: a PGlite database created and migrated, then
 * closed. A fresh PGlite costs 3–4 s to create (initdb inside WebAssembly) and migrate, a copy of this one 1.5 s to
 * open; with one PGlite per `forEachDatabase` block (34 of them), the integration run took 321 s instead of
 * 348–353 s on this machine.
 */
export async function setup(project: TestProject): Promise<() => void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'vatlas-test-template-'));
  const database = await openDatabase({ databaseUrl: null, dataDir });
  await runMigrations(database);
  await database.close();
  project.provide('pgliteTemplateDir', pgliteDirectory(dataDir));
  return () => rmSync(dataDir, { recursive: true, force: true });
}
