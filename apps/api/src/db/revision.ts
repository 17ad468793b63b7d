import { type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';

/**
 * A row's revision (docs/decisions/052-a-form-saves-the-revision-it-was-filled-from.md): the id of the transaction
 * that last wrote the row, PostgreSQL's `xmin`. Every write of the row changes it, whichever code path made it, on
 * PostgreSQL and PGlite alike; freezing keeps it.
 */
export const rowRevision = (table: PgTable): SQL<string> => sql<string>`${table}.xmin::text`;
