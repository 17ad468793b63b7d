import type { NormalizedTransaction } from '@vatlas/domain';
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import type { Db } from '../../db/client';
import { forEachDatabase } from '../../test/databases';
import { insertTransactions, insertUpload, transactionFixture } from '../tax-position/tax-position-test-kit';
import { summarizeTransactionIndexes } from '../transaction-upload/repository';
import { createCompany, createHomeTenant } from '../user/account-test-kit';
import { countTransactionRows, listTransactionPage, type TransactionFilter, withSearchPlan } from './repository';

/**
 * The search's plans (decision 054), in a database of their own: a seller whose rows are the table's, as a large
 * seller's are. A company with a few rows among many others' is rightly read through its own entries of the date
 * index; these plans are those of a company whose rows would take that walk through all of them.
 */
/** A date in `year` for the row at `index`: the rows spread over every month. */
const spreadDate = (year: number, index: number) =>
  `${year}-${String(1 + (index % 12)).padStart(2, '0')}-${String(1 + (index % 28)).padStart(2, '0')}`;

/**
 * A company named `name` holding `rows`, stored with the import's upkeep after them (the appended pages' summaries and
 * the statistics), and the plan of a page of its list for a filter, read as the list reads it (`withSearchPlan`).
 */
async function searchedCompany(db: Db, name: string, rows: NormalizedTransaction[]) {
  const companyId = await createCompany(db, { tenantId: await createHomeTenant(db), name });
  await insertTransactions(db, {
    companyId,
    uploadId: await insertUpload(db, companyId),
    profile: { establishmentCountry: 'DE', ioss: null },
    rows,
  });
  await summarizeTransactionIndexes(db);
  await db.execute(sql`analyze transactions`);
  const planOf = (filter: Omit<TransactionFilter, 'companyId' | 'limit'>) =>
    withSearchPlan(db, { companyId, ...filter }, async (reader) => {
      const query = listTransactionPage(reader, { companyId, limit: 50, ...filter });
      const plan = (await reader.execute(sql`explain ${query}`)) as unknown as { rows: Record<string, unknown>[] };
      return plan.rows.map((row) => String(Object.values(row)[0])).join('\n');
    });
  return { companyId, planOf };
}

forEachDatabase('the transactions search', (context) => {
  it('finds a searched id through the bloom filters, never reading every row, and walks the dates for a common SKU', async () => {
    const db = context.database.db;
    const rows = Array.from({ length: 3000 }, (_, index) =>
      transactionFixture({ taxPointDate: spreadDate(2023, index) }),
    );
    const { companyId, planOf } = await searchedCompany(db, 'Searched GmbH', rows);
    const wanted = rows[1234];
    for (const search of [wanted?.eventId, wanted?.activityId, 'no-such-id']) {
      const plan = await planOf({ search, sort: 'date-desc' });
      // One scan of the BRIN index per column searched: its event ids', activity ids' and SKUs' bloom filters.
      expect(plan.match(/Bitmap Index Scan on transactions_upload_search_idx/g), search).toHaveLength(3);
      for (const column of ['event_id', 'activity_id', 'sku']) expect(plan, search).toContain(`(${column} = `);
      expect(plan, search).not.toMatch(/Seq Scan|Gather/);
    }
    // 'SKU-1' is every row's: the first page is the first 50 entries of the identity key (ids in date order).
    expect(await planOf({ search: 'SKU-1', sort: 'date-desc' })).toMatch(
      /Index Scan Backward using transactions_identity_key on transactions/,
    );
    const found = await withSearchPlan(db, { companyId, search: wanted?.eventId }, (reader) =>
      listTransactionPage(reader, { companyId, search: wanted?.eventId, sort: 'date-asc', limit: 50 }),
    );
    expect(found.map((row) => row.activityId)).toEqual([wanted?.activityId]);
    expect(await countTransactionRows(db, { companyId, search: wanted?.activityId }, 1000)).toBe(1);
    expect(await countTransactionRows(db, { companyId, search: 'no-such-id' }, 1000)).toBe(0);
    expect(await countTransactionRows(db, { companyId, search: 'SKU-1' }, 1000)).toBe(1000);
  });

  it('finds a SKU no row has through the blooms when the statistics cannot tell it from a common one', async () => {
    const db = context.database.db;
    // 10 SKUs of 400 rows each: no SKU is more common than another, so the statistics keep none as a common value
    // and estimate any SKU, one no row has too, at a tenth of the rows, which a walk in date order would find soonest.
    const rows = Array.from({ length: 4000 }, (_, index) =>
      transactionFixture({ taxPointDate: spreadDate(2024, index), sku: `SKU-${index % 10}` }),
    );
    const { companyId, planOf } = await searchedCompany(db, 'Many SKUs GmbH', rows);
    const pagePlanOf = (search: string) => planOf({ search, sort: 'date-desc' });

    const unknown = await pagePlanOf('NO-SUCH-SKU');
    expect(unknown).toContain('Bitmap Index Scan on transactions_upload_search_idx');
    expect(unknown).not.toMatch(/transactions_identity_key|Seq Scan|Gather/);
    // 400 rows of a SKU are fewer than a walk needs to pay off: the blooms gather them too.
    expect(await pagePlanOf('SKU-7')).toContain('Bitmap Index Scan on transactions_upload_search_idx');
    const page = await withSearchPlan(db, { companyId, search: 'SKU-7' }, (reader) =>
      listTransactionPage(reader, { companyId, search: 'SKU-7', sort: 'date-desc', limit: 50 }),
    );
    expect(page).toHaveLength(50);
    expect(new Set(page.map((row) => row.sku))).toEqual(new Set(['SKU-7']));
    expect(await countTransactionRows(db, { companyId, search: 'NO-SUCH-SKU' }, 1000)).toBe(0);
    expect(await countTransactionRows(db, { companyId, search: 'SKU-7' }, 1000)).toBe(400);
  });
});
