import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setImmediate } from 'node:timers/promises';
import { formatMoneyRoundedHalfUp, money, type NormalizedTransaction } from '@vatlas/domain';
import { and, eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client';
import {
  companies,
  exchangeRates,
  liabilities,
  taxPositionProblems,
  taxPositionProfiles,
  transactionDaySums,
  transactionUploads,
} from '../../db/schema';
import { forEachDatabase, holdInTransaction, releaseOnceWaiting } from '../../test/databases';
import { backfillOf, checkBackfill } from '../../test/migration-backfill';
import { ensureExchangeRates, importExchangeRates } from '../exchange-rates/service';
import { listTaxPositionProblems } from '../liabilities/repository';
import { createLocalFileStorage } from '../storage/file-storage';
import { selectTaxYearsOfUpload } from '../transaction-upload/repository';
import { deleteUpload } from '../transaction-upload/service';
import { createTestImportWorker, SILENT_IMPORT_LOG } from '../transaction-upload/upload-test-kit';
import { createCompany, createHomeTenant } from '../user/account-test-kit';
import { selectRecomputeRequests } from './repository';
import { type PreparedTaxPosition, prepareTaxPosition, recomputeTaxPosition, type TaxPositionScope } from './service';
import {
  insertTransactions,
  insertUpload,
  setUpTaxProfile,
  storedPosition,
  transactionFixture,
} from './tax-position-test-kit';

/**
 * A recompute after an upload replaces only the years the upload's tax points fall in and the years after them. These
 * tests pin that it stores exactly what a recompute of every year stores, across what crosses a year: the €10,000
 * threshold of one year deciding the next, an EC Sales List around New Year, problems raised in several years.
 */

const PROFILE = { establishmentCountry: 'DE', ioss: null } as const;

/** A German seller without OSS: its distance sales are taxed in Germany until the €10,000 threshold is crossed. */
const TAX_PROFILE = { establishmentCountry: 'DE', registrations: [{ country: 'DE', frequency: 'monthly' }] };

const sale = (date: string, overrides: Partial<NormalizedTransaction> = {}) =>
  transactionFixture({ taxPointDate: date, completeDate: date, ...overrides });
const domestic = (date: string) => sale(date);
const toFrance = (date: string, net: string) =>
  sale(date, {
    arrivalCountry: 'FR',
    taxableJurisdiction: 'FR',
    netAmount: net,
    vatAmount: formatMoneyRoundedHalfUp(money(net).times('0.2')),
    grossAmount: formatMoneyRoundedHalfUp(money(net).times('1.2')),
    vatRate: '0.2',
  });
/** In złoty: the ECB snapshot ends on 2024-01-19, so a later one has no rate (a missing-rate problem). */
const toPolandInZloty = (date: string) =>
  sale(date, {
    arrivalCountry: 'PL',
    taxableJurisdiction: 'PL',
    currency: 'PLN',
    netAmount: '430.00',
    vatAmount: '98.90',
    grossAmount: '528.90',
    vatRate: '0.23',
  });
const toBusiness = (date: string, buyerVatNumber: string) =>
  sale(date, {
    arrivalCountry: 'FR',
    taxableJurisdiction: 'FR',
    netAmount: '250.00',
    vatAmount: '0.00',
    grossAmount: '250.00',
    vatRate: '0',
    buyerVatNumber,
  });
/** A sale inside the United States: a liability in a country Vatlas has no rules for (unsupported-jurisdiction). */
const insideUnitedStates = (date: string) =>
  sale(date, { departureCountry: 'US', arrivalCountry: 'US', taxableJurisdiction: 'US', currency: 'USD' });

/**
 * The EC Sales List lines' net values summed by the database per reporting country, month and currency, in
 * `storedPosition`'s order: what `ec_sales_list_totals` must hold (decision 036).
 */
async function eslTotalsOfLines(db: Db, companyId: string) {
  const result = (await db.execute(sql`
    select reporting_country as "reportingCountry", period_start::text as "periodStart", currency,
      sum(net_eur)::text as "netEur", sum(net_local)::text as "netLocal"
    from ec_sales_list_lines where company_id = ${companyId}
    group by 1, 2, 3 order by 2, 1, 3
  `)) as unknown as { rows: { reportingCountry: string; periodStart: string; currency: string }[] };
  return result.rows;
}

forEachDatabase('tax position recomputed for the years an upload changes', (context) => {
  let storageDir: string;
  let tenantId: string;

  beforeAll(async () => {
    await ensureExchangeRates(context.database);
    tenantId = await createHomeTenant(context.database.db);
    storageDir = mkdtempSync(join(tmpdir(), 'vatlas-scoped-recompute-'));
  });
  afterAll(() => rmSync(storageDir, { recursive: true, force: true }));

  const newCompany = async (name: string, establishmentCountry = TAX_PROFILE.establishmentCountry) => {
    const db = context.database.db;
    const companyId = await createCompany(db, { tenantId, name });
    await setUpTaxProfile(db, companyId, { ...TAX_PROFILE, establishmentCountry });
    return companyId;
  };

  /** The completing transaction of an import: the upload completed and its position stored, prepared or not. */
  const storeCompletion = (companyId: string, uploadId: string, scope: TaxPositionScope) =>
    context.database.db.transaction(async (tx) => {
      const t = tx as unknown as Db;
      await t.update(transactionUploads).set({ status: 'completed' }).where(eq(transactionUploads.id, uploadId));
      await recomputeTaxPosition(t, companyId, scope);
    });

  /**
   * Stores an upload of `rows` and completes it as an import does (`runImport`): its position prepared for the upload's
   * years first, then the upload completed and the position stored in one transaction. `meanwhile` runs between the
   * two, as other requests may; without `isPrepared` the completion computes the position itself.
   */
  const completeRows = async (
    companyId: string,
    rows: readonly NormalizedTransaction[],
    {
      isPrepared = true,
      meanwhile = async () => undefined,
    }: { isPrepared?: boolean; meanwhile?: (uploadId: string) => Promise<unknown> } = {},
  ) => {
    const db = context.database.db;
    const uploadId = await insertUpload(db, companyId, 'processing');
    await insertTransactions(db, { companyId, uploadId, profile: PROFILE, rows });
    const changedYears = await selectTaxYearsOfUpload(db, uploadId);
    const prepared = isPrepared
      ? await prepareTaxPosition(context.database, companyId, { uploadId, changedYears })
      : undefined;
    await meanwhile(uploadId);
    await storeCompletion(companyId, uploadId, { changedYears, prepared });
    return { uploadId, prepared };
  };
  const importRows = async (companyId: string, rows: readonly NormalizedTransaction[]) =>
    (await completeRows(companyId, rows)).uploadId;

  /** Nothing after a delete's commit may fail here: what the delete would log fails the test instead. */
  const failOnLog = (details: Record<string, unknown>, message: string) => {
    throw new Error(`${message}: ${JSON.stringify(details)}`);
  };
  const removeUpload = (companyId: string, uploadId: string) =>
    deleteUpload(
      { db: context.database.db, storage: createLocalFileStorage(storageDir), recomputeTaxPosition },
      companyId,
      uploadId,
      { warn: failOnLog, error: failOnLog },
    );

  /** The same rows in one company recomputed over every year. */
  const recomputedWhole = async (
    uploads: readonly (readonly NormalizedTransaction[])[],
    establishmentCountry = TAX_PROFILE.establishmentCountry,
  ) => {
    const db = context.database.db;
    const companyId = await newCompany('Whole GmbH', establishmentCountry);
    for (const rows of uploads) {
      await insertTransactions(db, {
        companyId,
        uploadId: await insertUpload(db, companyId, 'completed'),
        profile: PROFILE,
        rows,
      });
    }
    await recomputeTaxPosition(db, companyId);
    return storedPosition(db, companyId);
  };

  const UPLOAD_2021 = [domestic('2021-06-10'), insideUnitedStates('2021-07-01')];
  // Crosses €10,000 on 15 September 2022, so every distance sale of 2023 is taxed in France.
  const UPLOAD_2022 = [
    toFrance('2022-03-10', '6000.00'),
    toFrance('2022-09-15', '6000.00'),
    toFrance('2022-11-20', '100.00'),
    toBusiness('2022-12-30', 'FR001'),
  ];
  const UPLOAD_2023 = [
    toBusiness('2023-01-02', 'FR001'),
    toFrance('2023-02-01', '100.00'),
    toPolandInZloty('2023-05-05'),
    toBusiness('2023-12-29', 'FR002'),
  ];
  const UPLOAD_2024 = [domestic('2024-02-02'), toPolandInZloty('2024-03-05'), insideUnitedStates('2024-04-01')];

  it('stores what a recompute of every year stores, whatever order the years arrive in, and after a delete', async () => {
    const db = context.database.db;
    const companyId = await newCompany('Scoped GmbH');
    const upload2024 = await importRows(companyId, UPLOAD_2024);
    await importRows(companyId, UPLOAD_2021);
    const upload2023 = await importRows(companyId, UPLOAD_2023);
    // Imported after 2023, 2022's crossing changes where 2023's distance sales are taxed.
    const upload2022 = await importRows(companyId, UPLOAD_2022);
    const whole = await recomputedWhole([UPLOAD_2021, UPLOAD_2022, UPLOAD_2023, UPLOAD_2024]);
    expect(await storedPosition(db, companyId)).toEqual(whole);
    // 2023 again after 2022: its threshold reads 2022's.
    await removeUpload(companyId, upload2023);
    await importRows(companyId, UPLOAD_2023);
    const scoped = await storedPosition(db, companyId);
    expect(scoped).toEqual(whole);
    // The list's totals are its lines' sums, on both sides of New Year.
    expect(scoped.eslTotals).toEqual(await eslTotalsOfLines(db, companyId));
    expect(scoped.eslTotals).toEqual([
      { reportingCountry: 'DE', periodStart: '2022-12-01', currency: 'EUR', netEur: '250.00', netLocal: '250.00' },
      { reportingCountry: 'DE', periodStart: '2023-01-01', currency: 'EUR', netEur: '250.00', netLocal: '250.00' },
      { reportingCountry: 'DE', periodStart: '2023-12-01', currency: 'EUR', netEur: '250.00', netLocal: '250.00' },
    ]);
    // A year's problems are its own: 2024's missing złoty rate leaves with 2024, though 2023 is not recomputed.
    await removeUpload(companyId, upload2024);
    expect(await storedPosition(db, companyId)).toEqual(await recomputedWhole([UPLOAD_2021, UPLOAD_2022, UPLOAD_2023]));
    await importRows(companyId, UPLOAD_2024);

    // What crosses a year is there to be got wrong: the 2023 sale to France is French (2022 crossed the threshold),
    // the EC Sales List has both sides of New Year, problems come from 2021, 2023 and 2024.
    expect(
      scoped.thresholds.map(({ year, crossedOn, exceededPreviousYear }) => ({ year, crossedOn, exceededPreviousYear })),
    ).toEqual([
      { year: 2022, crossedOn: '2022-09-15', exceededPreviousYear: false },
      { year: 2023, crossedOn: null, exceededPreviousYear: true },
      // Its only distance sale, in złoty, has no rate: a total of nothing, incomplete.
      { year: 2024, crossedOn: null, exceededPreviousYear: false },
    ]);
    expect(scoped.liabilities).toContainEqual(
      expect.objectContaining({ jurisdiction: 'FR', scheme: 'local', periodStart: '2023-02-01', netEur: '100.00' }),
    );
    expect(scoped.eslLines.map((line) => line.periodStart)).toEqual(['2022-12-01', '2023-01-01', '2023-12-01']);
    expect(scoped.problems).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: 'unsupported-jurisdiction', country: 'US' }),
        expect.objectContaining({ kind: 'missing-rate', currency: 'PLN' }),
      ]),
    );

    // Deleting 2022 takes the crossing away: 2023's sale to France is German again.
    await removeUpload(companyId, upload2022);
    const afterDelete = await storedPosition(db, companyId);
    expect(afterDelete).toEqual(await recomputedWhole([UPLOAD_2021, UPLOAD_2023, UPLOAD_2024]));
    expect(afterDelete.eslTotals).toEqual(await eslTotalsOfLines(db, companyId));
    expect(afterDelete.eslTotals.map((total) => total.periodStart)).toEqual(['2023-01-01', '2023-12-01']);
    expect(afterDelete.liabilities).not.toContainEqual(expect.objectContaining({ jurisdiction: 'FR' }));
  });

  it('sums the EC Sales List lines stored before there were totals (migration 0025)', async () => {
    const db = context.database.db;
    const companyId = await newCompany('Stored Lines GmbH');
    await importRows(companyId, UPLOAD_2022);
    await importRows(companyId, UPLOAD_2023);
    await importRows(companyId, [toBusiness('2023-12-04', 'FR001'), toBusiness('2023-12-04', 'FR003')]);
    const backfill = backfillOf('0025_ec_sales_list_totals.sql', 'ec_sales_list_totals');
    expect(backfill).toMatch(/from "ec_sales_list_lines"/i);
    const expected = await eslTotalsOfLines(db, companyId);
    expect(expected).toContainEqual(
      expect.objectContaining({ periodStart: '2023-12-01', netEur: '750.00', netLocal: '750.00' }),
    );
    await checkBackfill(db, 'ec_sales_list_totals', backfill, async (txDb) => {
      expect((await storedPosition(txDb, companyId)).eslTotals).toEqual(expected);
    });
  });

  it('recomputes a company once at a time: a second recompute waits for the first to commit, then stores the same', async () => {
    const db = context.database.db;
    const companyId = await newCompany('One At A Time GmbH');
    await importRows(companyId, UPLOAD_2022);
    await importRows(companyId, UPLOAD_2023);
    const expected = await storedPosition(db, companyId);
    // The first holds its transaction open after recomputing, as an import's completion does until it commits; the
    // second (an upload deleted, schemes changed) starts meanwhile, on a connection of its own.
    const first = await holdInTransaction(db, (txDb) => recomputeTaxPosition(txDb, companyId));
    const second = recomputeTaxPosition(db, companyId);
    await releaseOnceWaiting(context, first, 1);
    await second;
    expect(await storedPosition(db, companyId)).toEqual(expected);
  });

  it('stores with each year only what that year and the one before raise', async () => {
    const db = context.database.db;
    const companyId = await newCompany('Own Problems GmbH');
    await importRows(companyId, [toFrance('2023-03-03', '90.00')]);
    // A distance sale without a currency cannot be converted: a problem of 2021.
    const upload2021 = await importRows(companyId, [
      sale('2021-03-03', { ...toFrance('2021-03-03', '90.00'), currency: null }),
    ]);
    // 2022 recomputes 2022 and 2023, reading 2021's distance sales for 2022's threshold only.
    await importRows(companyId, [domestic('2022-03-03')]);
    const problem = expect.objectContaining({ kind: 'missing-currency', date: '2021-03-03' });
    expect(await listTaxPositionProblems(db, companyId)).toContainEqual(problem);
    // Deleting 2021 recomputes 2021 and 2022: the problem must not stay behind with 2023.
    await removeUpload(companyId, upload2021);
    expect(await listTaxPositionProblems(db, companyId)).not.toContainEqual(problem);
    expect(await storedPosition(db, companyId)).toEqual(
      await recomputedWhole([[toFrance('2023-03-03', '90.00')], [domestic('2022-03-03')]]),
    );
  });

  it('leaves the stored lines of the other years as they were', async () => {
    const db = context.database.db;
    const companyId = await newCompany('Untouched GmbH');
    await importRows(companyId, UPLOAD_2021);
    const computedAtOf = async (periodStart: string) => {
      const [line] = await db
        .select({ computedAt: liabilities.computedAt })
        .from(liabilities)
        .where(and(eq(liabilities.companyId, companyId), eq(liabilities.periodStart, periodStart)));
      return line?.computedAt.toISOString();
    };
    const june2021 = await computedAtOf('2021-06-01');
    expect(june2021).toBeDefined();
    await importRows(companyId, UPLOAD_2023);
    expect(await computedAtOf('2021-06-01')).toBe(june2021);
    // An upload of 2020 changes 2020 and 2021 (the threshold of 2020 decides 2021): 2021 is computed again.
    await importRows(companyId, [domestic('2020-05-05')]);
    expect(await computedAtOf('2021-06-01')).not.toBe(june2021);
  });

  it("finds an upload's years from its own day sums, a year with none between them left out", async () => {
    const db = context.database.db;
    const companyId = await newCompany('Years GmbH');
    const other = await insertUpload(db, companyId, 'completed');
    await insertTransactions(db, { companyId, uploadId: other, profile: PROFILE, rows: [domestic('2024-03-03')] });
    const uploadId = await insertUpload(db, companyId, 'processing');
    const rows = ['2025-06-15', '2022-12-31', '2023-01-01', '2023-12-31', '2019-07-01'].map(domestic);
    await insertTransactions(db, { companyId, uploadId, profile: PROFILE, rows });
    expect(await selectTaxYearsOfUpload(db, uploadId)).toEqual([2019, 2022, 2023, 2025]);
    expect(await selectTaxYearsOfUpload(db, other)).toEqual([2024]);
    expect(await selectTaxYearsOfUpload(db, await insertUpload(db, companyId, 'processing'))).toEqual([]);
  });
  it('recomputes every year once for a position stored before the years were (migrations 0012 and 0013)', async () => {
    const db = context.database.db;
    const companyId = await newCompany('Legacy GmbH');
    await importRows(companyId, UPLOAD_2021);
    // As the migrations leave a position stored before them: problems without a year, no profile.
    await db.execute(sql`update tax_position_problems set year = null where company_id = ${companyId}`);
    await db.delete(taxPositionProfiles).where(eq(taxPositionProfiles.companyId, companyId));
    const stale = { kind: 'missing-currency', date: '2019-01-01', treatment: 'domestic-sale' };
    await db.insert(taxPositionProblems).values({ companyId, sequence: 99, problem: stale });
    await importRows(companyId, UPLOAD_2024);
    const problems = await db
      .select({ year: taxPositionProblems.year, problem: taxPositionProblems.problem })
      .from(taxPositionProblems)
      .where(eq(taxPositionProblems.companyId, companyId));
    expect(problems.map((row) => row.problem)).not.toContainEqual(stale);
    // 2021's problem (the US sale) was stored again with its year, by a recompute of every year.
    expect(problems).toContainEqual({ year: 2021, problem: expect.objectContaining({ country: 'US' }) });
    expect(problems.every((row) => row.year !== null)).toBe(true);
  });

  it('recomputes every year when the tax profile changed since the stored position', async () => {
    const db = context.database.db;
    const companyId = await newCompany('Moved GmbH');
    // Established in Germany, DE → FR sales below €10,000 are German; from a French seat they are French.
    await importRows(companyId, [toFrance('2021-04-04', '90.00')]);
    await db.update(companies).set({ establishmentCountryCode: 'FR' }).where(eq(companies.id, companyId));
    await importRows(companyId, UPLOAD_2024);
    const stored = await storedPosition(db, companyId);
    expect(stored.liabilities).toContainEqual(
      expect.objectContaining({ jurisdiction: 'FR', periodStart: '2021-04-01', netEur: '90.00' }),
    );
    expect(stored).toEqual(await recomputedWhole([[toFrance('2021-04-04', '90.00')], UPLOAD_2024], 'FR'));
  });

  it('recomputes a year whose exchange rate was missing once the rate is there', async () => {
    const db = context.database.db;
    const companyId = await newCompany('Late Rate GmbH');
    // No złoty rate after the snapshot's last day (2024-01-19): 2025-06-10 is missing until it is imported.
    await importRows(companyId, [toPolandInZloty('2025-06-10')]);
    const missing = expect.objectContaining({ kind: 'missing-rate', currency: 'PLN' });
    expect(await listTaxPositionProblems(db, companyId)).toContainEqual(missing);
    await db.insert(exchangeRates).values({ currency: 'PLN', rateDate: '2025-06-10', rate: '4.2800' });
    // An upload of another year settles it.
    await importRows(companyId, UPLOAD_2021);
    expect(await listTaxPositionProblems(db, companyId)).not.toContainEqual(missing);
    expect((await storedPosition(db, companyId)).liabilities).toContainEqual(
      // Taxed in Germany below the threshold, though the file charged Polish VAT: the price 528.90 PLN holds German
      // VAT at 19 % (decision 039), net 528.90 / 1.19 = 444.4537… PLN / 4.28 = 103.8443… → 103.84.
      expect.objectContaining({ jurisdiction: 'DE', periodStart: '2025-06-01', netEur: '103.84' }),
    );
  });

  it('recomputes, without an upload, a company that missed a rate once a rate file brings it', async () => {
    const db = context.database.db;
    const companyId = await newCompany('Rate File GmbH');
    await importRows(companyId, [toPolandInZloty('2025-07-15')]);
    const missing = expect.objectContaining({ kind: 'missing-rate', currency: 'PLN', date: '2025-07-15' });
    expect(await listTaxPositionProblems(db, companyId)).toContainEqual(missing);

    // A worker polls already, its start behind it.
    const worker = createTestImportWorker({
      database: context.database,
      storage: createLocalFileStorage(storageDir),
      log: { ...SILENT_IMPORT_LOG, error: failOnLog },
    });
    expect(await worker.runOnce()).toBeNull();
    // The import command (or the daily refresh) stores the rate and asks for the recompute ...
    const imported = await importExchangeRates(
      context.database,
      new TextEncoder().encode('Date,PLN,\n2025-07-15,4.3000,\n'),
    );
    expect(imported).toMatchObject({ inserted: 1 });
    expect(imported.recomputesRequested).toBeGreaterThan(0);
    expect(await selectRecomputeRequests(db)).toContain(companyId);
    // ... which the import worker runs at its next look for a job.
    expect(await worker.runOnce()).toBeNull();
    expect(await selectRecomputeRequests(db)).not.toContain(companyId);
    expect(await listTaxPositionProblems(db, companyId)).not.toContainEqual(missing);
    expect((await storedPosition(db, companyId)).liabilities).toContainEqual(
      // As above: 444.4537… PLN / 4.30 = 103.3613… → 103.36.
      expect.objectContaining({ jurisdiction: 'DE', periodStart: '2025-07-01', netEur: '103.36' }),
    );
    // The same file again changes no rate and asks for nothing.
    expect(
      await importExchangeRates(context.database, new TextEncoder().encode('Date,PLN,\n2025-07-15,4.3000,\n')),
    ).toMatchObject({ inserted: 0, updated: 0, recomputesRequested: 0 });
  });

  it('gives a missing rate the same reason whatever years are recomputed', async () => {
    const db = context.database.db;
    // The stored rates stop on 2024-01-19 and resume on 2025-06-10: 2024-02-01 lies inside them, unpublished. After
    // the delete the recompute loads rates from 2024-01-22 on, whose first is 2025-06-10; the table once took that for
    // the first rate of the file and so called 2024-02-01 'outside-table'.
    await db
      .insert(exchangeRates)
      .values({ currency: 'PLN', rateDate: '2025-06-10', rate: '4.2800' })
      .onConflictDoNothing();
    const companyId = await newCompany('Gap GmbH');
    const uploads = [
      [insideUnitedStates('2021-01-01')],
      [toPolandInZloty('2024-02-01'), insideUnitedStates('2025-04-01')],
      [insideUnitedStates('2024-01-01')],
    ];
    const ids: string[] = [];
    for (const rows of uploads) ids.push(await importRows(companyId, rows));
    await removeUpload(companyId, ids[2] as string);
    expect(await listTaxPositionProblems(db, companyId)).toContainEqual(
      expect.objectContaining({ kind: 'missing-rate', date: '2024-02-01', reason: 'not-published' }),
    );
    expect(await storedPosition(db, companyId)).toEqual(await recomputedWhole(uploads.slice(0, 2)));
  });

  describe("an import's completion, prepared before its transaction", () => {
    it('stores the position as prepared while nothing it was computed from changed', async () => {
      const db = context.database.db;
      const companyId = await newCompany('Prepared GmbH');
      await importRows(companyId, UPLOAD_2022);
      const { prepared } = await completeRows(companyId, UPLOAD_2023, {
        // Behind every recompute's back, as nothing but a test does: the upload's sums change after the position was
        // prepared. Stored as prepared, the change does not show.
        meanwhile: async (uploadId) => {
          await db.update(transactionDaySums).set({ netAmount: '0' }).where(eq(transactionDaySums.uploadId, uploadId));
        },
      });
      expect(prepared?.years).toEqual([2023, 2024]);
      const stored = await storedPosition(db, companyId);
      expect(stored.eslLines.map((line) => [line.periodStart, line.netEur])).toEqual([
        ['2022-12-01', '250.00'],
        ['2023-01-01', '250.00'],
        ['2023-12-01', '250.00'],
      ]);
      expect(stored.liabilities).toContainEqual(
        expect.objectContaining({ jurisdiction: 'FR', scheme: 'local', periodStart: '2023-02-01', netEur: '100.00' }),
      );
    });

    /**
     * The cursors open on the session that asks: on PGlite the one the preparing ran on. The unnamed one is the asking
     * statement's own.
     */
    const openCursors = async () => {
      const result = (await context.database.db.execute(
        sql`select name from pg_cursors where name <> ''`,
      )) as unknown as { rows: { name: string }[] };
      return result.rows.map((row) => row.name);
    };

    /**
     * Completes UPLOAD_2023 for a company that holds `earlier`, with `meanwhile` run between the position's preparing
     * and its storing; answers what is stored.
     */
    const completeWith = async (
      name: string,
      earlier: readonly NormalizedTransaction[],
      meanwhile: (companyId: string, earlierUploadId: string) => Promise<unknown>,
    ) => {
      const companyId = await newCompany(name);
      const earlierUploadId = await importRows(companyId, earlier);
      await completeRows(companyId, UPLOAD_2023, { meanwhile: () => meanwhile(companyId, earlierUploadId) });
      return storedPosition(context.database.db, companyId);
    };

    it('computes the position again when another upload completed meanwhile', async () => {
      const stored = await completeWith('Overtaken GmbH', UPLOAD_2021, (companyId) =>
        importRows(companyId, UPLOAD_2022),
      );
      expect(stored).toEqual(await recomputedWhole([UPLOAD_2021, UPLOAD_2022, UPLOAD_2023]));
      // 2022's crossing, which the prepared position did not know of, makes 2023's sale to France French.
      expect(stored.liabilities).toContainEqual(
        expect.objectContaining({ jurisdiction: 'FR', scheme: 'local', periodStart: '2023-02-01', netEur: '100.00' }),
      );
    });

    it('computes the position again when an upload was deleted meanwhile', async () => {
      const stored = await completeWith('Shrunk GmbH', UPLOAD_2022, (companyId, upload2022) =>
        removeUpload(companyId, upload2022),
      );
      expect(stored).toEqual(await recomputedWhole([UPLOAD_2023]));
      // Without 2022's crossing, which the prepared position counted, 2023's sale to France is German.
      expect(stored.liabilities).not.toContainEqual(expect.objectContaining({ jurisdiction: 'FR' }));
    });

    it('computes the position again when the tax profile changed meanwhile without a recompute', async () => {
      const stored = await completeWith('Moved Meanwhile GmbH', UPLOAD_2021, (companyId) =>
        context.database.db
          .update(companies)
          .set({ establishmentCountryCode: 'FR' })
          .where(eq(companies.id, companyId)),
      );
      expect(stored).toEqual(await recomputedWhole([UPLOAD_2021, UPLOAD_2023], 'FR'));
    });

    it('gives up preparing an EC Sales List larger than it may hold: the completion computes it instead', async () => {
      const db = context.database.db;
      const companyId = await newCompany('Many Buyers GmbH');
      const rows = Array.from({ length: 40 }, (_, index) =>
        toBusiness(`2023-0${1 + (index % 9)}-1${index % 10}`, `FR${String(index).padStart(3, '0')}`),
      );
      const uploadId = await insertUpload(db, companyId, 'processing');
      await insertTransactions(db, { companyId, uploadId, profile: PROFILE, rows });
      const completing = { uploadId, changedYears: [2023] };
      const whole = await prepareTaxPosition(context.database, companyId, completing);
      expect(whole?.ecSalesList.length).toBeGreaterThan(0);
      const bytes = whole?.ecSalesList.reduce((sum, data) => sum + data.byteLength, 0) ?? 0;
      expect(
        await prepareTaxPosition(context.database, companyId, completing, { maxEcSalesListBytes: bytes }),
      ).toBeDefined();
      const tooLarge = await prepareTaxPosition(context.database, companyId, completing, {
        maxEcSalesListBytes: bytes - 1,
      });
      expect(tooLarge).toBeUndefined();
      // Given up at its first month, in the middle of its EC Sales List's cursor, which is closed all the same.
      expect(
        await prepareTaxPosition(context.database, companyId, completing, { maxEcSalesListBytes: 1 }),
      ).toBeUndefined();
      expect(await openCursors()).toEqual([]);
      await storeCompletion(companyId, uploadId, { changedYears: completing.changedYears, prepared: tooLarge });
      expect(await storedPosition(db, companyId)).toEqual(await recomputedWhole([rows]));
    });

    it('lets other statements run while it computes, and leaves no cursor open', async () => {
      const db = context.database.db;
      const companyId = await newCompany('Busy GmbH');
      // Enough sums for many fetches: a business buyer a day, two years long.
      const rows = Array.from({ length: 700 }, (_, index) => {
        const date = new Date(Date.UTC(2022, 0, 1 + index)).toISOString().slice(0, 10);
        return index % 2 === 0 ? toBusiness(date, `FR${index}`) : toFrance(date, '90.00');
      });
      const uploadId = await insertUpload(db, companyId, 'processing');
      await insertTransactions(db, { companyId, uploadId, profile: PROFILE, rows });
      const happened: string[] = [];
      let prepared: PreparedTaxPosition | undefined;
      const preparing = prepareTaxPosition(context.database, companyId, {
        uploadId,
        changedYears: [2022, 2023],
      }).then((position) => {
        prepared = position;
        happened.push('prepared');
      });
      // The event loop's next turn, when the computing is under way: on PGlite, a transaction around it would hold this
      // statement back to its end.
      await setImmediate();
      await db.execute(sql`select 1`);
      happened.push('another statement');
      await preparing;
      expect(happened).toEqual(['another statement', 'prepared']);
      expect(prepared?.ecSalesList.length).toBeGreaterThan(0);
      expect(await openCursors()).toEqual([]);
    });
  });

  describe('property', () => {
    const dayOf = (year: number) =>
      fc
        .record({ month: fc.integer({ min: 1, max: 12 }), dayOfMonth: fc.integer({ min: 1, max: 28 }) })
        .map(({ month, dayOfMonth }) =>
          [year, String(month).padStart(2, '0'), String(dayOfMonth).padStart(2, '0')].join('-'),
        );
    const rowOf = (year: number) => {
      const day = dayOf(year);
      // Distance sales most often, a sale of €12,000 crossing the threshold alone.
      return fc.oneof(
        day.map(domestic),
        {
          arbitrary: fc.tuple(day, fc.constantFrom('90.00', '12000.00')).map(([date, net]) => toFrance(date, net)),
          weight: 3,
        },
        day.map(toPolandInZloty),
        fc.tuple(day, fc.constantFrom('FR001', 'FR002')).map(([date, buyer]) => toBusiness(date, buyer)),
        day.map(insideUnitedStates),
      );
    };
    // Mostly a year per upload, as sellers upload a period at a time; sometimes a second year in the same file.
    const upload = fc
      .tuple(fc.constantFrom(2021, 2022, 2023, 2024), fc.boolean())
      .chain(([year, hasNextYear]) =>
        fc
          .tuple(
            fc.array(rowOf(year), { minLength: 1, maxLength: 4 }),
            fc.array(rowOf(year + 1), { maxLength: hasNextYear ? 1 : 0 }),
          )
          .map(([rows, nextYearRows]) => [...rows, ...nextYearRows]),
      );

    it('any uploads, imported in any order, prepared or not, and some deleted, store what a whole recompute stores', async () => {
      const db = context.database.db;
      await fc.assert(
        fc.asyncProperty(
          fc.array(fc.record({ rows: upload, isPrepared: fc.boolean(), isDeleted: fc.boolean() }), {
            minLength: 1,
            maxLength: 5,
          }),
          async (uploads) => {
            const companyId = await newCompany('Property GmbH');
            const ids: string[] = [];
            for (const { rows, isPrepared } of uploads)
              ids.push((await completeRows(companyId, rows, { isPrepared })).uploadId);
            for (const [index, { isDeleted }] of uploads.entries()) {
              if (isDeleted) await removeUpload(companyId, ids[index] as string);
            }
            const kept = uploads.filter((entry) => !entry.isDeleted).map((entry) => entry.rows);
            const stored = await storedPosition(db, companyId);
            expect(stored).toEqual(await recomputedWhole(kept));
            expect(stored.eslTotals).toEqual(await eslTotalsOfLines(db, companyId));
          },
        ),
        { numRuns: 15 },
      );
    });
  });
});
