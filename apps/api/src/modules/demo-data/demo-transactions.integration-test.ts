import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type LiabilitySummary, TRANSACTION_COUNT_LIMIT } from '@vatlas/contract';
import { formatMoneyFixed2, type LiabilityScheme, money, sumMoney } from '@vatlas/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { auditEvents, ecSalesListLines, liabilities } from '../../db/schema';
import { forEachDatabase } from '../../test/databases';
import { getDataHealth } from '../data-health/service';
import { listFilings } from '../filings/service';
import { seedDemoData } from '../identity/seed';
import { getEcSalesList, getLiabilitySummary } from '../liabilities/service';
import { listDataPeriods } from '../period-manager/service';
import { createLocalFileStorage, type FileStorage } from '../storage/file-storage';
import { recomputeTaxPosition } from '../tax-position/service';
import { getTaxSchemes } from '../tax-schemes/service';
import { listUploads } from '../transaction-upload/service';
import { countTransactionRows, SILENT_IMPORT_LOG } from '../transaction-upload/upload-test-kit';
import { countTransactions } from '../transactions/repository';
import { resolveFilter } from '../transactions/service';
import {
  DEMO_TRANSACTION_COMPANY_ID,
  type DemoTransactionSeedDeps,
  demoTransactionMonths,
  seedDemoTransactions,
} from './demo-transactions';
import { byKey, expectedLiabilities, reportedLiabilities } from './expected-liabilities-test-kit';

const TODAY = '2026-11-21';
const MONTHS = demoTransactionMonths(TODAY);
const companyId = DEMO_TRANSACTION_COMPANY_ID;

forEachDatabase('demo transactions of seller@vatlas.test', (context) => {
  let storageDir: string;
  let storage: FileStorage;
  let seedDeps: () => DemoTransactionSeedDeps;

  beforeAll(async () => {
    storageDir = mkdtempSync(join(tmpdir(), 'vatlas-demo-data-'));
    storage = createLocalFileStorage(storageDir);
    await seedDemoData(context.database.db, { issuer: 'http://vatlas.test:3000/idp' });
    seedDeps = () => ({
      database: context.database,
      storage,
      recomputeTaxPosition,
      log: SILENT_IMPORT_LOG,
      staleAfterSeconds: 30,
      today: TODAY,
    });
  });
  afterAll(() => {
    rmSync(storageDir, { recursive: true, force: true });
  });

  const summaries = async (): Promise<LiabilitySummary[]> => [
    await getLiabilitySummary(context.database.db, companyId, 2025),
    await getLiabilitySummary(context.database.db, companyId, 2026),
  ];

  const storedRows = () => countTransactionRows(context.database.db, { companyId });

  it('imports the last 12 complete months as 12 completed monthly uploads, each in its data period', async () => {
    const result = await seedDemoTransactions(seedDeps());
    expect(result).toMatchObject({ status: 'seeded' });

    const db = context.database.db;
    const uploads = (await listUploads(db, companyId)).sort((a, b) => a.fileName.localeCompare(b.fileName));
    expect(uploads.map((upload) => upload.fileName)).toEqual(MONTHS.map((month) => month.fileName));
    const periods = await listDataPeriods(db, companyId);
    expect(periods.map((period) => [period.month, period.status, period.uploadCount])).toEqual(
      MONTHS.map((month) => [month.month, 'imported', 1]),
    );
    uploads.forEach((upload, index) => {
      const month = MONTHS[index];
      expect(upload).toMatchObject({
        status: 'completed',
        format: 'amazon-vtr',
        bytesTotal: Buffer.byteLength(month?.text ?? ''),
        bytesProcessed: Buffer.byteLength(month?.text ?? ''),
        rowsRead: month?.expected.rowCount,
        rowsImported: month?.expected.rowCount,
        rowsDuplicate: 0,
        problemCount: 0,
        dataPeriodId: periods[index]?.id,
      });
    });
    expect(await storedRows()).toBe(sumOf(MONTHS.map((month) => month.expected.rowCount)));
    expect(await getTaxSchemes(db, companyId)).toMatchObject({
      oss: { memberState: 'DE', effectiveFrom: '2021-07-01' },
      ioss: null,
    });
  });

  it("reports liabilities in Germany (local) and through the OSS every month, equal to the generator's to the cent", async () => {
    const reported = reportedLiabilities(await summaries());
    const expected = expectedLiabilities(
      MONTHS.flatMap((month) => month.expected.buckets),
      reported.keys(),
    );
    expect(byKey(reported)).toEqual(byKey(expected));
    for (const { month } of MONTHS) {
      expect(reported.get(`DE|local|${month}`)?.vat).not.toBe('0.00');
      expect(reported.get(`FR|local|${month}`)?.vat).not.toBe('0.00');
      expect([...reported.keys()].filter((key) => key.endsWith(`|oss|${month}`)).length).toBeGreaterThan(3);
    }
    for (const summary of await summaries()) expect(summary.problems).toEqual([]);
  });

  it('values every stock transfer at its cost price: listed, acquired on the other side, none left without a value', async () => {
    const db = context.database.db;
    const months = new Map<string, { periodStart: string; zeroRatedNetEur: string; acquisitionNetEur: string }>();
    for (const summary of await summaries()) {
      for (const line of summary.jurisdictions) {
        if (line.scheme !== 'local') continue;
        for (const month of line.months) months.set(`${line.jurisdiction}|${month.periodStart.slice(0, 7)}`, month);
      }
    }
    for (const { month } of MONTHS) {
      const transfers = (await getEcSalesList(db, companyId, month)).lines.filter((line) => line.kind === 'transfer');
      // Stock moves both ways between Germany and France every month, each way under the company's number there.
      expect(transfers.map((line) => line.reportingCountry).sort()).toEqual(['DE', 'FR']);
      for (const line of transfers) {
        const other = line.reportingCountry === 'DE' ? 'FR' : 'DE';
        expect(line.customerVatNumber?.startsWith(other)).toBe(true);
        expect(money(line.netEur).gt(0)).toBe(true);
        // What leaves one country is what the other acquires.
        expect(months.get(`${other}|${month}`)?.acquisitionNetEur).toBe(line.netEur);
      }
    }
    for (const year of [2025, 2026]) {
      const health = await getDataHealth(db, companyId, year);
      expect(health.alerts.map((alert) => alert.code)).not.toContain('stock-movement-without-cost-price');
    }
  });

  it('plans the monthly German and French returns and the quarterly OSS returns with due dates and amounts', async () => {
    const { items } = await listFilings(context.database.db, companyId, {});
    const reported = reportedLiabilities(await summaries());
    const findFiling = (filingType: string, jurisdiction: string, periodStart: string) => {
      const filing = items.find(
        (item) =>
          item.filingType === filingType && item.jurisdiction === jurisdiction && item.periodStart === periodStart,
      );
      if (!filing) throw new Error(`no ${filingType} ${jurisdiction} ${periodStart}`);
      // Due after its period ends, and within the two months every one of these rules allows.
      expect(filing.dueDate > filing.periodEnd).toBe(true);
      expect(filing.dueDate <= endOfMonthAfter(filing.periodEnd, 2)).toBe(true);
      return filing;
    };
    // What was due before the demo's today is filed, on its due date and under a demo reference; the rest is open.
    expect(items.filter((item) => item.dueDate < TODAY).length).toBeGreaterThan(24);
    for (const filing of items) {
      expect(filing, `${filing.filingType} ${filing.jurisdiction} ${filing.periodStart}`).toMatchObject(
        filing.dueDate < TODAY
          ? {
              status: 'filed',
              filedOn: filing.dueDate,
              filingReference: `DEMO-${filing.jurisdiction}-${filing.filingType}-${filing.periodStart.slice(0, 7)}`,
            }
          : { filedOn: null, filingReference: null },
      );
    }
    // Nobody marked them at the time the seed ran: the audit log has none of it.
    const marks = await context.database.db
      .select({ action: auditEvents.action })
      .from(auditEvents)
      .where(eq(auditEvents.companyId, companyId));
    expect(marks).toEqual([]);
    for (const { month } of MONTHS) {
      for (const country of ['DE', 'FR']) {
        const filing = findFiling('vat-return', country, `${month}-01`);
        expect(filing).toMatchObject({ frequency: 'monthly', currency: 'EUR' });
        expect(filing.amountEur).toBe(reported.get(`${country}|local|${month}`)?.vat);
      }
    }
    for (const quarter of [
      ['2026-01', '2026-02', '2026-03'],
      ['2026-04', '2026-05', '2026-06'],
      ['2026-07', '2026-08', '2026-09'],
    ]) {
      const filing = findFiling('oss-return', 'DE', `${quarter[0]}-01`);
      expect(filing).toMatchObject({ frequency: 'quarterly', currency: 'EUR' });
      const quarterVat = [...reported]
        .filter(([key]) => {
          const [, scheme, month = ''] = key.split('|');
          return scheme === 'oss' && quarter.includes(month);
        })
        .map(([, amounts]) => money(amounts.vat));
      expect(filing.amountEur).toBe(formatMoneyFixed2(sumMoney(quarterVat)));
    }
  });

  it("finds each liability line's and EC Sales List's transactions by the drill-down's filters, as many as they count", async () => {
    const db = context.database.db;
    const lines = await db.select().from(liabilities).where(eq(liabilities.companyId, companyId));
    // Germany's local return and a handful of OSS countries every month, France's transfers and sales too.
    expect(lines.length).toBeGreaterThan(MONTHS.length * 4);
    expect(new Set(lines.map((line) => line.scheme))).toEqual(new Set(['local', 'oss']));
    for (const line of lines) {
      const month = line.periodStart.slice(0, 7);
      const query = { taxedIn: line.jurisdiction, scheme: line.scheme as LiabilityScheme, month };
      const filter = await resolveFilter(db, companyId, query);
      const key = `${line.jurisdiction}|${line.scheme}|${month}`;
      expect(await countTransactions(db, filter, TRANSACTION_COUNT_LIMIT), key).toBe(line.transactionCount);
    }
    // And each month's EC Sales List, whose lines are per customer: as many rows as they count together.
    const listed = new Map<string, number>();
    for (const line of await db.select().from(ecSalesListLines).where(eq(ecSalesListLines.companyId, companyId))) {
      const key = `${line.reportingCountry}|${line.periodStart.slice(0, 7)}`;
      listed.set(key, (listed.get(key) ?? 0) + line.transactionCount);
    }
    expect(listed.size).toBeGreaterThanOrEqual(MONTHS.length);
    for (const [key, count] of listed) {
      const [country = '', month = ''] = key.split('|');
      const filter = await resolveFilter(db, companyId, { ecSalesList: country, month });
      expect(await countTransactions(db, filter, TRANSACTION_COUNT_LIMIT), key).toBe(count);
    }
  });

  it('adds nothing when it runs again', async () => {
    const db = context.database.db;
    const before = {
      uploads: await listUploads(db, companyId),
      periods: await listDataPeriods(db, companyId),
      rows: await storedRows(),
      liabilities: await summaries(),
      schemes: await getTaxSchemes(db, companyId),
      filings: (await listFilings(db, companyId, {})).items,
    };
    expect(await seedDemoTransactions(seedDeps())).toEqual({ status: 'skipped', reason: 'has-uploads' });
    // Even on another day: a later month is not added to data the seller already has.
    expect(await seedDemoTransactions({ ...seedDeps(), today: '2027-02-03' })).toEqual({
      status: 'skipped',
      reason: 'has-uploads',
    });
    expect({
      uploads: await listUploads(db, companyId),
      periods: await listDataPeriods(db, companyId),
      rows: await storedRows(),
      liabilities: await summaries(),
      schemes: await getTaxSchemes(db, companyId),
      filings: (await listFilings(db, companyId, {})).items,
    }).toEqual(before);
  });
});

function sumOf(values: readonly number[]): number {
  return values.reduce((total, value) => total + value, 0);
}

/** The last day of the `months`-th month after the month of `iso`. */
function endOfMonthAfter(iso: string, months: number): string {
  const [year = 0, month = 0] = iso.split('-').map(Number);
  return new Date(Date.UTC(year, month + months, 0)).toISOString().slice(0, 10);
}
