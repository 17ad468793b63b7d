import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { MIGRATIONS_FOLDER } from '../db/migrate';

/** The statements of migration `file`, in order, each with its own text (lower case), its leading comments left out. */
const statementsOf = (file: string) =>
  readFileSync(join(MIGRATIONS_FOLDER, file), 'utf8')
    .split('--> statement-breakpoint')
    .map((statement) => ({
      statement,
      start: statement
        .replace(/^(\s*--[^\n]*\n)*/, '')
        .trimStart()
        .toLowerCase(),
    }));

/** The statements of migration `file` that change rows stored before it (its UPDATEs), in the migration's order. */
export function updatesOf(file: string): string[] {
  return statementsOf(file)
    .filter(({ start }) => start.startsWith('update '))
    .map(({ statement }) => statement);
}

/**
 * The statement of migration `file` that fills `table` from what was stored before it (its INSERT), to run again over
 * a test's own data. Empty when the migration has none, which the test's first check then shows.
 */
export function backfillOf(file: string, table: string): string {
  return statementsOf(file).find(({ start }) => start.startsWith(`insert into "${table}"`))?.statement ?? '';
}

/**
 * Runs `work` in a transaction that is then rolled back, so that what it changed (`table`'s rows, its constraints) is
 * left as it was for the other tests; a failure of `work` fails the caller.
 */
export async function inRolledBackTransaction(db: Db, table: string, work: (db: Db) => Promise<void>): Promise<void> {
  const rolledBack = new Error(`roll back: the test leaves ${table} as it was`);
  const outcome = await db
    .transaction(async (tx) => {
      await work(tx as unknown as Db);
      throw rolledBack;
    })
    .catch((error: unknown) => error);
  if (outcome !== rolledBack) throw outcome;
}

/**
 * Empties `table`, runs `backfill` and then `check`, all in a transaction that is rolled back
 * (`inRolledBackTransaction`).
 */
export async function checkBackfill(
  db: Db,
  table: string,
  backfill: string,
  check: (db: Db) => Promise<void>,
): Promise<void> {
  await inRolledBackTransaction(db, table, async (txDb) => {
    await txDb.execute(sql.raw(`delete from "${table}"`));
    await txDb.execute(sql.raw(backfill));
    await check(txDb);
  });
}
