import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { setImmediate } from 'node:timers/promises';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { is, sql } from 'drizzle-orm';
import { drizzle as drizzleNodePostgres, NodePgTransaction } from 'drizzle-orm/node-postgres';
import { type PgDatabase, type PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite, PgliteTransaction } from 'drizzle-orm/pglite';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { type Schema, schema } from './schema';

/** The common base of both drivers, so one set of repositories runs on PGlite and PostgreSQL. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type DatabaseKind = 'pglite' | 'postgres';

/**
 * What `db.execute` answers on both drivers (node-postgres and PGlite): `{ rows }`, which their common base type does not
 * know.
 */
export type Rows<T> = { rows: T[] };

/** Statements of one bulk-load transaction, all on one database session (so TEMP tables and COPY share it). */
export type BulkSession = {
  query(text: string, params?: unknown[]): Promise<{ rows: Record<string, unknown>[]; rowCount: number }>;
  /**
   * Loads COPY data into `target`, a table with an optional column list (`transactions (id, …)`): text-format lines
   * (tab-separated, `\N` for null, one row per line) or, with `format` 'binary', the binary format with its header and
   * trailer. Answers the number of rows loaded.
   */
  copyFrom(target: string, data: Uint8Array, format?: CopyFormat): Promise<number>;
};

export type CopyFormat = 'text' | 'binary';

/** The options clause of a COPY … FROM in `format`. */
const copyOptions = (format: CopyFormat = 'text') => (format === 'binary' ? ' with (format binary)' : '');

export type BulkLoader = {
  /** Runs `work` in one transaction on one session: committed when it resolves, rolled back when it throws. */
  transaction<T>(work: (session: BulkSession) => Promise<T>): Promise<T>;
};

export type Database = {
  db: Db;
  kind: DatabaseKind;
  /** COPY, which Drizzle does not speak: pg-copy-streams on a pool client, PGlite's /dev/blob on PGlite. */
  bulk: BulkLoader;
  /** Round-trip time of a trivial query in milliseconds; throws when the database does not answer. */
  ping(): Promise<number>;
  close(): Promise<void>;
};

export type DatabaseTarget = { databaseUrl: string | null; dataDir: string };

export function pgliteDirectory(dataDir: string): string {
  return join(dataDir, 'pglite');
}

/**
 * Lets the event loop run what is waiting (a request that arrived, a timer) before the next statement. PGlite runs on
 * this thread and answers through promises alone: a chain of its statements never leaves the event loop a turn, and a
 * request that arrived meanwhile waits for the chain's end. Between two statements outside a transaction, or before a
 * transaction, the request's statements then go first. Harmless on PostgreSQL, whose answers come as I/O anyway.
 */
export const giveRequestsATurn = () => setImmediate();

async function measurePing(db: Db): Promise<number> {
  const startedAt = performance.now();
  await db.execute(sql`select 1`);
  return Math.round((performance.now() - startedAt) * 100) / 100;
}

/** `BulkSession.copyFrom` on a node-postgres connection, through pg-copy-streams. */
async function copyOnPostgres(
  client: pg.ClientBase,
  target: string,
  data: Uint8Array,
  format?: CopyFormat,
): Promise<number> {
  const stream = client.query(copyFrom(`copy ${target} from stdin${copyOptions(format)}`));
  await new Promise<void>((resolve, reject) => {
    stream.once('finish', resolve);
    stream.once('error', reject);
    stream.end(data);
  });
  return stream.rowCount;
}

/** `BulkSession.copyFrom` in a PGlite transaction, which reads COPY data only from /dev/blob. */
async function copyOnPglite(tx: Transaction, target: string, data: Uint8Array, format?: CopyFormat): Promise<number> {
  // PGlite reads /dev/blob from `blob.arrayBuffer()`. A real Blob would hand it a new 4 MB buffer per chunk that lives
  // on in old space until a full GC (which a lean import rarely causes: hundreds of MB piled up); this one is a single
  // copy whose memory is handed to a throw-away owner after the COPY, so a scavenge frees it.
  const bytes = new Uint8Array(data);
  const blob = { arrayBuffer: async () => bytes.buffer } as unknown as Blob;
  try {
    const result = await tx.query(`copy ${target} from '/dev/blob'${copyOptions(format)}`, [], { blob });
    return result.affectedRows ?? 0;
  } finally {
    structuredClone(bytes.buffer, { transfer: [bytes.buffer] });
  }
}

/**
 * `BulkSession.copyFrom` inside a Drizzle transaction (the handle a `db.transaction` callback gets), or in a
 * transaction of its own when `db` is none: for what a transaction writes in bulk among its other statements (the
 * recompute's EC Sales List lines). Drizzle speaks no COPY, so the COPY goes to the driver's connection the
 * transaction runs on, which Drizzle's session keeps in a field it does not declare public (`client`: a pool client,
 * or a PGlite transaction). Both drivers' paths are tested (`copy-binary.integration-test.ts`): a Drizzle that moved it
 * would fail them, not this.
 */
export async function copyInTransaction(
  db: Db,
  target: string,
  data: Uint8Array,
  format?: CopyFormat,
): Promise<number> {
  if (!is(db, PgTransaction)) {
    return db.transaction((tx) => copyInTransaction(tx as unknown as Db, target, data, format));
  }
  const connection = (db._.session as unknown as { client: unknown }).client;
  if (is(db, NodePgTransaction)) return copyOnPostgres(connection as pg.ClientBase, target, data, format);
  if (is(db, PgliteTransaction)) return copyOnPglite(connection as Transaction, target, data, format);
  throw new Error('copyInTransaction: a transaction of a driver Vatlas does not use');
}

function createPostgresBulkLoader(pool: pg.Pool): BulkLoader {
  return {
    async transaction(work) {
      // A dedicated client: Drizzle's pool queries may land on any connection, COPY and its TEMP tables may not.
      const client = await pool.connect();
      let isBroken = false;
      try {
        await client.query('begin');
        const session: BulkSession = {
          async query(text, params) {
            const result = await client.query(text, params);
            return { rows: result.rows, rowCount: result.rowCount ?? 0 };
          },
          copyFrom: (target, data, format) => copyOnPostgres(client, target, data, format),
        };
        const result = await work(session);
        await client.query('commit');
        return result;
      } catch (error) {
        await client.query('rollback').catch(() => {
          isBroken = true;
        });
        throw error;
      } finally {
        // A connection whose rollback failed is in an unknown state: destroy it rather than hand it out again.
        client.release(isBroken);
      }
    },
  };
}

function createPgliteBulkLoader(client: PGlite): BulkLoader {
  return {
    transaction: async (work) => {
      // The event loop gets a turn before each bulk transaction, so a request that arrived meanwhile (an upload page's
      // progress poll) queues its query between two loads, not behind a whole file's.
      await giveRequestsATurn();
      // PGlite has one session; its transaction() holds every other query back until this one ends.
      return client.transaction((tx) =>
        work({
          async query(text, params) {
            const result = await tx.query<Record<string, unknown>>(text, params);
            return { rows: result.rows, rowCount: result.affectedRows ?? 0 };
          },
          copyFrom: (target, data, format) => copyOnPglite(tx, target, data, format),
        }),
      );
    },
  };
}

/**
 * PGlite runs inside the server's process, so its shared buffers are the server's memory. A pool of 32 MB instead of
 * PostgreSQL's 128 MB, measured with a 1M-row import: the server's peak 631 MiB → 524–533 MiB (16 MB: 511 MiB), the
 * import's time unchanged (87.0 s → 84.3–91.8 s on a slow day), pages and summary as fast. Reads of the stored rows go
 * through the operating system's page cache below it.
 */
const PGLITE_START_PARAMS = [...PGlite.defaultStartParams, '-c', 'shared_buffers=32MB'];

/**
 * Opens the PGlite database in `directory` (a PGlite data directory, see pgliteDirectory). Vatlas keeps its tables in
 * the `template1` database: PGlite 0.3, which created the first data directories, connected there, and 0.4 would
 * connect to `postgres` instead and find it empty (decision 014).
 */
export function openPglite(directory: string): Promise<PGlite> {
  return PGlite.create(directory, { database: 'template1', startParams: PGLITE_START_PARAMS });
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
      bulk: createPostgresBulkLoader(pool),
      ping: () => measurePing(db),
      close: () => pool.end(),
    };
  }
  const directory = pgliteDirectory(target.dataDir);
  mkdirSync(directory, { recursive: true });
  const client = await openPglite(directory);
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    bulk: createPgliteBulkLoader(client),
    ping: () => measurePing(db),
    close: async () => {
      if (!client.closed) await client.close();
    },
  };
}
