import { eq, type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { expect, it } from 'vitest';
import type { Db } from '../../db/client';
import { transactionDaySums, transactions, transactionUploads } from '../../db/schema';
import { forEachDatabase } from '../../test/databases';
import { insertTransactions, insertUpload, transactionFixture } from '../tax-position/tax-position-test-kit';
import { createCompany, createHomeTenant } from '../user/account-test-kit';
import {
  analyzeTransactionsIfChanged,
  deleteUploadRows,
  replaceDaySumsFromRows,
  summarizeTransactionIndexes,
  TRANSACTION_BRIN_INDEXES,
  tidyTransactionsAfterImport,
  vacuumTransactionsIfDead,
} from './repository';
import { countTransactionRows } from './upload-test-kit';

/** `db` with every statement it executes shown to `record` first. */
function recordingStatements(db: Db, record: (query: SQL) => void): Db {
  return new Proxy(db, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver);
      if (property !== 'execute') return value;
      return (query: SQL) => {
        record(query);
        return target.execute(query);
      };
    },
  });
}

forEachDatabase('the upkeep of the transactions: statistics and the BRIN indexes', (context) => {
  /** A completed upload of `rowCount` sales of `companyId`, as an import leaves it. */
  const storeSales = async (rowCount: number, companyId: string) => {
    const db = context.database.db;
    const uploadId = await insertUpload(db, companyId, 'completed', { rowsImported: rowCount });
    const rows = Array.from({ length: rowCount }, (_, index) => transactionFixture({ lineNumber: index + 2 }));
    await insertTransactions(db, { companyId, uploadId, profile: { establishmentCountry: 'DE', ioss: null }, rows });
    return uploadId;
  };

  const createTestCompany = async (name: string) =>
    createCompany(context.database.db, { tenantId: await createHomeTenant(context.database.db), name });

  /** The rows the table's statistics counted when they were last taken (-1: never). */
  const countedRows = async (table: 'transactions' | 'transaction_day_sums' = 'transactions') => {
    const result = (await context.database.db.execute(
      sql`select reltuples::float8 as "counted" from pg_class where oid = ${table}::regclass`,
    )) as unknown as { rows: { counted: number }[] };
    return Number(result.rows[0]?.counted);
  };
  /** The day sums stored now, which fresh statistics count. */
  const storedDaySums = async () => (await context.database.db.select().from(transactionDaySums)).length;

  /** Scans of the transaction so far (its statistics, not yet reported): of each table from end to end, and of an index. */
  const scansSoFar = async (tx: Db) => {
    const result = (await tx.execute(sql`
      select
        pg_stat_get_xact_numscans('transactions'::regclass)
          + pg_stat_get_xact_numscans('transaction_day_sums'::regclass) as "walks",
        pg_stat_get_xact_numscans('transactions_upload_search_idx'::regclass) as "uploadIndex",
        current_setting('enable_seqscan') as "seqScan"
    `)) as unknown as { rows: { walks: number | string; uploadIndex: number | string; seqScan: string }[] };
    const [scans] = result.rows;
    if (!scans) throw new Error('no scan counts');
    return { walks: Number(scans.walks), uploadIndex: Number(scans.uploadIndex), seqScan: scans.seqScan };
  };

  const rowsOf = (uploadId: string) => countTransactionRows(context.database.db, { uploadId });

  it('takes the statistics again once the rows changed by more than a tenth plus 50, as autovacuum would', async () => {
    const db = context.database.db;
    const companyId = await createTestCompany('Statistics GmbH');

    const first = await storeSales(1000, companyId);
    expect(await analyzeTransactionsIfChanged(db)).toBe(true);
    expect(await countedRows()).toBe(1000);
    // The day sums' with them: the transactions list plans its walks of them by theirs.
    expect(await countedRows('transaction_day_sums')).toBe(await storedDaySums());
    // 100 more: 1,100 against 1,000 counted, within a tenth plus 50.
    await storeSales(100, companyId);
    expect(await analyzeTransactionsIfChanged(db)).toBe(false);
    expect(await countedRows()).toBe(1000);
    // 60 more: 1,160, past it.
    await storeSales(60, companyId);
    expect(await analyzeTransactionsIfChanged(db)).toBe(true);
    expect(await countedRows()).toBe(1160);
    expect(await countedRows('transaction_day_sums')).toBe(await storedDaySums());
    // Rows taken away count as well: the first upload's 1,000 of 1,160.
    await db.delete(transactions).where(eq(transactions.uploadId, first));
    await db.delete(transactionUploads).where(eq(transactionUploads.id, first));
    expect(await analyzeTransactionsIfChanged(db)).toBe(true);
    expect(await countedRows()).toBe(160);
  });

  it('takes the statistics of every column of the rows and of their day sums from a sample of 7,500 rows', async () => {
    // On PGlite the ANALYZE holds every request back. At 1M rows on PostgreSQL a sample of 30,000 rows (the default
    // target, 100) took 0.77 s, one of 7,500 (a target of 25 on every column, migration 0037) 0.18 s.
    const db = context.database.db;
    const targets = (await db.execute(sql`
      select attrelid::regclass::text as "table", attname as "column", attstattarget::int as "target"
      from pg_attribute
      where attrelid in ('transactions'::regclass, 'transaction_day_sums'::regclass) and attnum > 0 and not attisdropped
    `)) as unknown as { rows: { table: string; column: string; target: number | null }[] };
    expect(targets.rows.length).toBeGreaterThanOrEqual(45);
    expect(targets.rows.filter((row) => row.target !== 25)).toEqual([]);

    // What the planner then holds of a column of 1,500 values: 25 buckets of a histogram, not 100.
    await storeSales(1500, await createTestCompany('Sample GmbH'));
    await analyzeTransactionsIfChanged(db);
    const bounds = (await db.execute(sql`
      select array_length(histogram_bounds::text::text[], 1) as "bounds"
      from pg_stats where tablename = 'transactions' and attname = 'line_number'
    `)) as unknown as { rows: { bounds: number }[] };
    expect(bounds.rows[0]?.bounds).toBe(26);
  });

  it("deletes one upload's rows and sums another's without walking a table, whatever the statistics say", async () => {
    const db = context.database.db;
    const companyId = await createTestCompany('Index GmbH');
    const kept = await storeSales(300, companyId);
    const deleted = await storeSales(200, companyId);
    // A table this small is cheapest walked: the planner would walk it, as it would a big one it believes small.
    await db.execute(sql`analyze transactions, transaction_day_sums`);

    await db.transaction(async (transaction) => {
      const tx = transaction as unknown as Db;
      const before = await scansSoFar(tx);
      await deleteUploadRows(tx, deleted);
      await replaceDaySumsFromRows(tx, kept);
      const after = await scansSoFar(tx);
      expect(after.walks).toBe(before.walks);
      // The delete and the sums each read the upload's pages through its BRIN index.
      expect(after.uploadIndex).toBe(before.uploadIndex + 2);
      // The setting is put back for the rest of the transaction.
      expect(after.seqScan).toBe('on');
    });
    expect(await rowsOf(deleted)).toBe(0);
    expect(await rowsOf(kept)).toBe(300);
    const [sums] = await db
      .select({ rows: sql<number>`sum(${transactionDaySums.transactionCount})::int` })
      .from(transactionDaySums)
      .where(eq(transactionDaySums.uploadId, kept));
    expect(sums?.rows).toBe(300);
  });

  it("summarises the pages loaded since the BRIN indexes' last summary, once", async () => {
    const db = context.database.db;
    await summarizeTransactionIndexes(db);
    // 1,500 rows fill more than a range of 32 pages: the pages past the summarised ones have no summary yet.
    await storeSales(1500, await createTestCompany('Summary GmbH'));
    expect(await summarizeTransactionIndexes(db)).toBeGreaterThan(0);
    expect(await summarizeTransactionIndexes(db)).toBe(0);
  });

  it('walks each BRIN index back from the end a batch at a time, and leaves no appended range without a summary', async () => {
    const db = context.database.db;
    await summarizeTransactionIndexes(db);
    // 4,500 rows: at least four ranges of 32 pages appended; one range a statement walks back over each of them.
    await storeSales(4500, await createTestCompany('Batches GmbH'));
    expect(await summarizeTransactionIndexes(db, 32)).toBeGreaterThanOrEqual(4 * TRANSACTION_BRIN_INDEXES.length);
    for (const index of TRANSACTION_BRIN_INDEXES) {
      const left = (await db.execute(
        sql`select brin_summarize_new_values(${index}::regclass)::int as "ranges"`,
      )) as unknown as { rows: { ranges: number }[] };
      expect(left.rows[0]?.ranges, index).toBe(0);
    }
  });

  it('after a completed import takes fresh statistics before it summarises the new pages: the pages of the list are planned on them', async () => {
    const db = context.database.db;
    await tidyTransactionsAfterImport(db, { hasAddedRows: true });
    // Enough rows past the last statistics for new ones (a tenth plus 50), on pages without a summary.
    await storeSales(1500, await createTestCompany('Order GmbH'));
    const dialect = new PgDialect();
    const statements: string[] = [];
    await tidyTransactionsAfterImport(
      recordingStatements(db, (query) => statements.push(dialect.sqlToQuery(query).sql)),
      { hasAddedRows: true },
    );
    const analyzed = statements.findIndex((statement) => statement.trim() === 'analyze transactions');
    const summarised = statements.findIndex((statement) => statement.includes('brin_summarize_range'));
    expect(analyzed).toBeGreaterThanOrEqual(0);
    expect(summarised).toBeGreaterThan(analyzed);
    expect(await countedRows()).toBe(await countTransactionRows(db));
    expect(await summarizeTransactionIndexes(db)).toBe(0);
  });

  it('waits for the event loop before each of its statements, so a request that arrived goes between them', async () => {
    // PGlite runs each statement on this thread and answers through promises alone: a chain of statements that never
    // waits for the event loop holds every request back until its end. After a 1M-row import on PGlite the upkeep's
    // index summary and statistics (0.5 and 0.7 s) came right after the completing transaction (0.8 s), and a status
    // request waited 2.1 s for all three.
    const db = context.database.db;
    await storeSales(400, await createTestCompany('Turn Taking GmbH'));
    const trace: ('statement' | 'turn')[] = [];
    const recording = recordingStatements(db, () => trace.push('statement'));
    let isTicking = true;
    const tick = () => {
      if (!isTicking) return;
      trace.push('turn');
      setImmediate(tick);
    };
    setImmediate(tick);
    try {
      await vacuumTransactionsIfDead(recording);
      await summarizeTransactionIndexes(recording);
      await analyzeTransactionsIfChanged(recording);
    } finally {
      isTicking = false;
    }
    const statements = trace.flatMap((entry, index) => (entry === 'statement' ? [index] : []));
    // The flush and count of the statistics, the summary, the count of the stored rows, at least.
    expect(statements.length).toBeGreaterThanOrEqual(4);
    const withoutTurnBefore = statements.filter(
      (at, index) => !trace.slice(statements[index - 1] ?? 0, at).includes('turn'),
    );
    expect(withoutTurnBefore).toEqual([]);
  });
});
