import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { forEachDatabase } from '../test/databases';
import { copyInTransaction, type Db } from './client';
import { copyBinaryData, uuidBytes } from './copy-binary';

/** One row of the test table: a value of each type the import writes, as text (null for NULL). */
type Row = {
  id: string;
  amount: string | null;
  rate: string | null;
  exact: string | null;
  day: string | null;
  label: string | null;
  country: string | null;
  flag: boolean;
  count: number;
};

const ROWS: Row[] = [
  {
    id: '00175626-f402-87c1-8056-03af4b7171ef',
    amount: '10.05',
    rate: '0.19',
    exact: '0',
    day: '2024-02-29',
    label: 'amazon.de',
    country: 'DE',
    flag: true,
    count: 1,
  },
  {
    id: 'FFFFFFFF-0000-8000-8000-000000000001',
    amount: '-12.5',
    rate: '0.000001',
    exact: '-9999.9999',
    day: '2000-01-01',
    label: 'Zürich € 😀, tab\there, back\\slash, line\nbreak',
    country: null,
    flag: false,
    count: -7,
  },
  {
    id: '7d1c2f4e-0b6a-4c51-9d3e-5a8f1b2c3d01',
    amount: '1234567890123.45',
    rate: '1',
    exact: '10000.00010000',
    day: '1999-12-31',
    label: '',
    country: 'XI',
    flag: false,
    count: 2_147_483_647,
  },
  {
    id: '3f0c8a52-8a2b-4f5e-9a41-0c1d2e3f4a5b',
    amount: '0.00',
    rate: null,
    exact: '123456789.0123456789',
    day: null,
    label: null,
    country: 'FR',
    flag: true,
    count: 0,
  },
  {
    id: '3f0c8a52-8a2b-4f5e-9a41-0c1d2e3f4a5c',
    amount: null,
    rate: '0.2',
    exact: '-0.05',
    day: '2100-12-31',
    label: 'x',
    country: 'AT',
    flag: true,
    count: -2_147_483_648,
  },
];

/** The columns of a table of `Row`s. */
const ROW_COLUMNS =
  '(id uuid, amount numeric(18,2), rate numeric(7,6), exact numeric, day date, label text, country char(2), ' +
  'flag boolean, count integer)';

/** The rows as one piece of binary COPY data, written field by field as the import writes its rows. */
function binaryCopyOf(rows: readonly Row[]): Uint8Array {
  return copyBinaryData(64 * 1024, (writer) => {
    for (const row of rows) {
      writer.row(9);
      writer.uuid(uuidBytes(row.id));
      writer.numeric(row.amount);
      writer.numeric(row.rate);
      writer.numeric(row.exact);
      writer.date(row.day);
      writer.text(row.label);
      writer.text(row.country);
      writer.boolean(row.flag);
      writer.int32(row.count);
    }
  });
}

forEachDatabase('COPY binary rows as the import writes them', (context) => {
  it("are read by the database's own binary input as the values they were written from", async () => {
    const stored = await context.database.bulk.transaction(async (session) => {
      await session.query(`create temp table binary_rows ${ROW_COLUMNS} on commit drop`);
      const loaded = await session.copyFrom('binary_rows', binaryCopyOf(ROWS), 'binary');
      expect(loaded).toBe(ROWS.length);
      const result = await session.query(
        'select id::text, amount::text, rate::text, exact::text, day::text, label, country::text, flag, count ' +
          'from binary_rows',
      );
      return result.rows;
    });
    // As PostgreSQL prints them: lower-case uuids, decimals to their column's scale, the exact one as written.
    expect(stored).toEqual([
      { ...ROWS[0], rate: '0.190000' },
      { ...ROWS[1], id: 'ffffffff-0000-8000-8000-000000000001', amount: '-12.50' },
      { ...ROWS[2], rate: '1.000000' },
      ROWS[3],
      { ...ROWS[4], rate: '0.200000' },
    ]);
  });

  it('refuses a decimal too large for its column, as a text COPY would, and keeps nothing', async () => {
    const tooLarge = { ...(ROWS[0] as Row), amount: '12345678901234567.00' };
    await expect(
      context.database.bulk.transaction(async (session) => {
        await session.query(`create temp table binary_rows ${ROW_COLUMNS} on commit drop`);
        await session.copyFrom('binary_rows', binaryCopyOf([tooLarge]), 'binary');
      }),
    ).rejects.toThrow(/numeric field overflow/);
  });
});

forEachDatabase('copyInTransaction', (context) => {
  it("runs inside a Drizzle transaction on that transaction's connection, and rolls back with it", async () => {
    const { db } = context.database;
    const count = async (on: Db) =>
      ((await on.execute(sql`select count(*)::int as "rows" from copied_rows`)) as unknown as { rows: unknown[] }).rows;
    const rolledBack = new Error('rolled back on purpose');
    await expect(
      db.transaction(async (tx) => {
        const inTransaction = tx as unknown as Db;
        // A table only this transaction can see yet: a COPY on any other connection would not find it.
        await inTransaction.execute(sql.raw(`create table copied_rows ${ROW_COLUMNS}`));
        expect(await copyInTransaction(inTransaction, 'copied_rows', binaryCopyOf(ROWS), 'binary')).toBe(ROWS.length);
        expect(await count(inTransaction)).toEqual([{ rows: ROWS.length }]);
        throw rolledBack;
      }),
    ).rejects.toBe(rolledBack);
    const table = (await db.execute(sql`select to_regclass('copied_rows')::text as "name"`)) as unknown as {
      rows: unknown[];
    };
    expect(table.rows).toEqual([{ name: null }]);
  });

  it('runs in a transaction of its own when given no transaction', async () => {
    const { db } = context.database;
    await db.execute(sql.raw(`create table copied_rows ${ROW_COLUMNS}`));
    try {
      expect(await copyInTransaction(db, 'copied_rows', binaryCopyOf(ROWS), 'binary')).toBe(ROWS.length);
      const stored = (await db.execute(sql`select id::text from copied_rows order by id`)) as unknown as {
        rows: { id: string }[];
      };
      expect(stored.rows.map((row) => row.id)).toEqual(ROWS.map((row) => row.id.toLowerCase()).sort());
    } finally {
      await db.execute(sql`drop table copied_rows`);
    }
  });
});
