import { count, eq, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import type { Db } from '../../db/client';
import { transactionDaySums, transactions } from '../../db/schema';
import { forEachDatabase } from '../../test/databases';
import { insertTransactions, insertUpload, transactionFixture } from '../tax-position/tax-position-test-kit';
import { createCompany, createHomeTenant } from '../user/account-test-kit';
import { deleteUploadRows, replaceDaySumsFromRows, summarizeUploadIndex } from './repository';

forEachDatabase("an upload's rows found through the upload indexes", (context) => {
  /** Scans of the transaction so far (its statistics, not yet reported): of each table from end to end, and of an index. */
  const scansSoFar = async (tx: Db) => {
    const result = (await tx.execute(sql`
      select
        pg_stat_get_xact_numscans('transactions'::regclass)
          + pg_stat_get_xact_numscans('transaction_day_sums'::regclass) as "walks",
        pg_stat_get_xact_numscans('transactions_upload_idx'::regclass) as "uploadIndex",
        current_setting('enable_seqscan') as "seqScan"
    `)) as unknown as { rows: { walks: number | string; uploadIndex: number | string; seqScan: string }[] };
    const [scans] = result.rows;
    if (!scans) throw new Error('no scan counts');
    return { walks: Number(scans.walks), uploadIndex: Number(scans.uploadIndex), seqScan: scans.seqScan };
  };

  const rowsOf = async (uploadId: string) => {
    const [row] = await context.database.db
      .select({ value: count() })
      .from(transactions)
      .where(eq(transactions.uploadId, uploadId));
    return Number(row?.value ?? 0);
  };

  it('deletes one upload and sums another without walking a table, whatever the statistics say', async () => {
    const db = context.database.db;
    const companyId = await createCompany(db, { tenantId: await createHomeTenant(db), name: 'Index GmbH' });
    const storeSales = async (rowCount: number) => {
      const uploadId = await insertUpload(db, companyId, 'completed', { rowsImported: rowCount });
      const rows = Array.from({ length: rowCount }, (_, index) => transactionFixture({ lineNumber: index + 2 }));
      await insertTransactions(db, { companyId, uploadId, profile: { establishmentCountry: 'DE', ioss: null }, rows });
      return uploadId;
    };
    const kept = await storeSales(300);
    const deleted = await storeSales(200);
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

  it('summarises the pages loaded since the last summary, once', async () => {
    const db = context.database.db;
    await summarizeUploadIndex(db);
    const companyId = await createCompany(db, { tenantId: await createHomeTenant(db), name: 'Summary GmbH' });
    const uploadId = await insertUpload(db, companyId, 'completed', { rowsImported: 1500 });
    const rows = Array.from({ length: 1500 }, (_, index) => transactionFixture({ lineNumber: index + 2 }));
    await insertTransactions(db, { companyId, uploadId, profile: { establishmentCountry: 'DE', ioss: null }, rows });
    // 1,500 rows fill more than a range of 32 pages: the pages past the summarised ones have no summary yet.
    expect(await summarizeUploadIndex(db)).toBeGreaterThan(0);
    expect(await summarizeUploadIndex(db)).toBe(0);
  });
});
