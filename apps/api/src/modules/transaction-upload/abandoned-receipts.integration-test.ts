import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import type { Db } from '../../db/client';
import { forEachDatabase } from '../../test/databases';
import { selectAbandonedReceipts } from './repository';

type PlanRows = { rows: Record<string, unknown>[] };

/**
 * The plan of the sweep every import worker runs each second, with sequential scans priced out (`enable_seqscan`
 * off): a query that no index serves still reads the table in a Seq Scan, so the plan shows whether one does,
 * however few uploads the test database holds.
 */
async function planOfSweep(db: Db): Promise<string> {
  return db.transaction(async (tx) => {
    const txDb = tx as unknown as Db;
    await txDb.execute(sql`set local enable_seqscan = off`);
    const plan = (await txDb.execute(sql`explain ${selectAbandonedReceipts(txDb, 60)}`)) as unknown as PlanRows;
    return plan.rows.map((row) => String(Object.values(row)[0])).join('\n');
  });
}

forEachDatabase('the sweep for abandoned receipts', (context) => {
  it('reads only the uploads whose file is still arriving, through their index, never the whole table', async () => {
    const plan = await planOfSweep(context.database.db);
    expect(plan).toContain('transaction_uploads_unreceived_idx');
    expect(plan).not.toContain('Seq Scan on transaction_uploads');
  });
});
