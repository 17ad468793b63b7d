import { eq, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { transactions, transactionUploads } from '../../db/schema';
import { forEachDatabase } from '../../test/databases';
import { insertTransactions, insertUpload, transactionFixture } from '../tax-position/tax-position-test-kit';
import { createCompany, createHomeTenant } from '../user/account-test-kit';
import { analyzeTransactionsIfChanged } from './repository';

forEachDatabase('statistics of the transactions after an import', (context) => {
  /** The rows the table's statistics counted when they were last taken (-1: never). */
  const countedRows = async () => {
    const result = (await context.database.db.execute(
      sql`select reltuples::float8 as "counted" from pg_class where oid = 'transactions'::regclass`,
    )) as unknown as { rows: { counted: number }[] };
    return Number(result.rows[0]?.counted);
  };

  it('are taken again once the rows changed by more than a tenth plus 50, as autovacuum would take them', async () => {
    const db = context.database.db;
    const companyId = await createCompany(db, { tenantId: await createHomeTenant(db), name: 'Statistics GmbH' });
    /** A completed upload of `count` sales, as an import leaves it. */
    const importSales = async (count: number) => {
      const uploadId = await insertUpload(db, companyId, 'completed', { rowsImported: count });
      const rows = Array.from({ length: count }, (_, index) => transactionFixture({ lineNumber: index + 2 }));
      await insertTransactions(db, { companyId, uploadId, profile: { establishmentCountry: 'DE', ioss: null }, rows });
      return uploadId;
    };

    const first = await importSales(1000);
    expect(await analyzeTransactionsIfChanged(db)).toBe(true);
    expect(await countedRows()).toBe(1000);
    // 100 more: 1,100 against 1,000 counted, within a tenth plus 50.
    await importSales(100);
    expect(await analyzeTransactionsIfChanged(db)).toBe(false);
    expect(await countedRows()).toBe(1000);
    // 60 more: 1,160, past it.
    await importSales(60);
    expect(await analyzeTransactionsIfChanged(db)).toBe(true);
    expect(await countedRows()).toBe(1160);
    // Rows taken away count as well: the first upload's 1,000 of 1,160.
    await db.delete(transactions).where(eq(transactions.uploadId, first));
    await db.delete(transactionUploads).where(eq(transactionUploads.id, first));
    expect(await analyzeTransactionsIfChanged(db)).toBe(true);
    expect(await countedRows()).toBe(160);
  });
});
